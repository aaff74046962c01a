#!/usr/bin/env bash
# Runs the suites of the threaded paths under ThreadSanitizer (a debug build in .build-tsan): find's shared bound
# (DTWSubsequenceSearch, and find end to end), the parallel DTW loops (DTWIndex, ParallelLoop), MiniRocket's
# transform and the ridge's Gram panels, parallel experiment folds (Parallelism, MiniRocket commands with their
# progress line). Any report fails the run. The allocation-counting bench test is skipped: ThreadSanitizer's own
# malloc hides allocations from the counter it preloads. Suites the name filter catches but that run no thread of
# their own are skipped too (a debug build with ThreadSanitizer runs them ten times slower than the release suite,
# which runs them anyway): cutting segment datasets, and the per-step training cache (one thread by design).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export TSAN_OPTIONS="halt_on_error=1:${TSAN_OPTIONS:-}"
swift test --sanitize=thread --scratch-path .build-tsan \
  --filter 'DTWSubsequenceSearch|DTWIndex|ParallelLoop|MiniRocket|RidgeClassifierCV|Parallelism|FindCommand' \
  --skip 'BenchMiniRocketStream|DatasetsSegmentsCommand|SensorUnitsSegmentsCommand|MiniRocketStreamTrainingCache' "$@"
