#!/usr/bin/env bash
# Makes the Python tests' environment: a venv in .build-python/venv with python/requirements-test.txt's pinned
# versions (dask, distributed, pyarrow, duckdb, pytest); the tests take the temper package from python/src. Safe to
# run again: it installs only when the requirements changed. Prints nothing and exits 0 where there is no Python 3.10+
# or the packages cannot be had; scripts/python-tests.sh then says why the tests were skipped.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build-python/venv"
requirements="$root/python/requirements-test.txt"
python="$(command -v python3 || true)"
if [ -z "$python" ] || ! "$python" -c 'import sys, venv; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
  exit 0
fi
stamp="$venv/.requirements"
if [ -f "$stamp" ] && cmp -s "$stamp" "$requirements"; then
  exit 0
fi
echo "setup: making the Python tests' environment in .build-python/venv"
rm -rf "$venv"
if "$python" -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"; then
  cp "$requirements" "$stamp"
else
  echo "setup: warning: could not make the Python tests' environment; the Python tests will be skipped" >&2
  rm -rf "$venv"
fi
