#!/usr/bin/env bash
# The main job: build gesturelab and run it on the shipped data.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --product gesturelab
.build/release/gesturelab demo
