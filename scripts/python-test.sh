#!/usr/bin/env bash
# The Python face (python/, import name gesturelab): installs it with what its tests need from PyPI, then runs its
# tests with pytest. The report tests run the release binary that scripts/test.sh built (`gesturelab compare
# configs/experiments/default.yaml`); under CI a missing binary fails them rather than skipping.
set -euo pipefail
cd "$(dirname "$0")/.."
export PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1
python3 -m pip install --quiet "./python[test]"
# The in-tree build folder setuptools leaves is not the project's.
rm -rf python/build python/*.egg-info
status=0
python3 -m pytest python/tests -q -p no:cacheprovider || status=$?
# pytest's 5 is "no tests collected": never a pass.
if [ "$status" -eq 5 ]; then echo "python-test: pytest collected no tests" >&2; exit 1; fi
exit "$status"
