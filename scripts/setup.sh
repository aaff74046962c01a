#!/usr/bin/env bash
# Installs what GestureLab needs on a fresh Debian/Ubuntu machine with Swift:
# GSL (libgsl-dev), OpenBLAS (libopenblas-dev), pkg-config, rsvg-convert (librsvg2-bin) and nc (netcat-openbsd). Safe to run again: it installs only what is missing.
set -euo pipefail

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if ! pkg-config --exists gsl 2>/dev/null; then missing+=(libgsl-dev); fi
# OpenBLAS's LAPACK: the ridge's eigendecomposition (MiniRocket training).
if ! pkg-config --exists openblas 2>/dev/null; then missing+=(libopenblas-dev); fi
# rsvg-convert renders the report plots in the test that looks for clipped text.
command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)
# nc sends CSV lines over UDP and TCP in the live-input tests.
command -v nc >/dev/null 2>&1 || missing+=(netcat-openbsd)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null 2>&1 || { echo "setup: Swift 6.2 or later is required (https://swift.org/install)" >&2; exit 1; }

# Python packages for executing exported notebooks (the notebook test and `jupyter`):
# install only the modules that are missing, quietly.
if command -v python3 >/dev/null 2>&1; then
  py_missing=()
  # import name:pip name (Pillow reads the rendered plots)
  for pair in nbclient:nbclient nbformat:nbformat ipykernel:ipykernel matplotlib:matplotlib pandas:pandas PIL:pillow pythonosc:python-osc websockets:websockets; do
    python3 -c "import ${pair%%:*}" >/dev/null 2>&1 || py_missing+=("${pair##*:}")
  done
  if [ ${#py_missing[@]} -gt 0 ]; then
    echo "setup: installing Python packages ${py_missing[*]}" >&2
    PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check "${py_missing[@]}" >&2
  fi
else
  echo "setup: python3 not found; the notebook test will fail (needs nbclient, matplotlib, pandas)" >&2
fi
