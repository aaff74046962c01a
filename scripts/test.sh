#!/usr/bin/env bash
# Runs the whole test suite (release build: the DTW accuracy tests replay real datasets).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# `swift test` builds every product, gesturelab included (with testing enabled, as the CLI tests run it): a separate
# `swift build` first would compile the whole package twice.
swift test -c release "$@"
# The Python face's tests (pytest), reading the release binary's reports.
bash scripts/python-test.sh
# The embedding example: builds against GestureKit alone and recognizes a piped stream.
EXAMPLES_GESTURELAB_BUILT=1 bash scripts/examples.sh
