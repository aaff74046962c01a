#!/usr/bin/env bash
# The main job: build gesturelab (release) and answer five questions about the four recognizers
# on the shipped synthetic data under leave-one-subject-out (configs/experiments/default.yaml), one
# comparison group each. Prints a headline per group, then its tables with intervals and tests;
# writes reports/default (with report.html: open it in a browser to see every detection and miss in its
# signal) and notebooks-export/default.ipynb.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product gesturelab
for d in datasets/default datasets/default-shapes; do
  if [ ! -f "$d/dataset.yaml" ]; then
    echo "main: $d is missing; regenerate it with gesturelab datasets synth (see datasets/README.md)" >&2
    exit 1
  fi
done
.build/release/gesturelab compare configs/experiments/default.yaml --out reports/default --notebook
