#!/usr/bin/env bash
# Runs the whole test suite (release build: the DTW accuracy tests replay real datasets).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release
swift test -c release "$@"
# The embedding example: builds against GestureKit alone and recognizes a piped stream.
bash scripts/examples.sh
