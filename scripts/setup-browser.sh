#!/usr/bin/env bash
# Installs what the browser test of report.html needs (Tests/GestureLabCLITests/ReportPageBrowserTests.swift,
# scripts/report-page-check.py): Debian's chromium and chromium-driver, and Python's selenium. Installs only what
# is missing; without them that test is skipped with a note. .ci/run calls it so CI runs the test.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup-browser: installing ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! python3 -c "import selenium" >/dev/null 2>&1; then
  echo "setup-browser: installing the Python package selenium" >&2
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check selenium >&2
fi
