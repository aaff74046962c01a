#!/usr/bin/env bash
# Runs the shipped experiments and rewrites configs/experiments/RESULTS.md from their results.json, so no
# experiment file carries dated numbers that drift. Experiments whose data is absent (../shared/datasets) are
# skipped with a note. `bash scripts/results.sh default budget` runs only those.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product gesturelab
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(default budget swimwatch-turns ucr-dtw crossfit-cost)
mkdir -p reports
runs=()
for name in "${names[@]}"; do
  out="reports/results/$name"
  if .build/release/gesturelab compare "configs/experiments/$name.yaml" --out "$out" > "reports/results-$name.log" 2>&1; then
    runs+=("$out")
  else
    echo "results: $name did not run (see reports/results-$name.log): $(tail -n 1 "reports/results-$name.log")" >&2
  fi
done
[ ${#runs[@]} -gt 0 ] || { echo "results: no experiment ran" >&2; exit 1; }
python3 scripts/results.py configs/experiments/RESULTS.md "${runs[@]}"
