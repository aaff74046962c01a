#!/usr/bin/env bash
# The Python example from a fresh checkout: GestureLab's folds out, a scikit-learn model trained on them in Python, its
# detections scored beside the spotter with no settings in one comparison group. Needs ../shared/datasets.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/setup.sh
swift build -c release --product gesturelab
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
python3 -m pip install --quiet ./python scikit-learn
rm -rf python/build python/*.egg-info
gesturelab=.build/release/gesturelab
out=build/python-example
mkdir -p "$out"
"$gesturelab" compare Examples/Python/swim-turns.yaml --folds-out "$out/folds.json" --plan > /dev/null
rm -rf "$out/detections"
python3 Examples/Python/sklearn_turns.py "$out/folds.json" swimwatch:../shared/datasets/SwimWatch_Turns "$out/detections"
"$gesturelab" compare Examples/Python/swim-turns.yaml --out reports/swim-turns-python --threads 2
