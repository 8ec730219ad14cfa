#!/usr/bin/env bash
# Runs the Python package's tests (python/tests: temper.score, simulate and calibrate_thermal against the command
# line, python -m temper.fleet on local and separately started Dask clusters) with the debug build's `temper` and
# libTemperC.so, in the environment scripts/python-env.sh makes. Skipped, with the reason printed, where there is
# no Python 3.10+ or that environment could not be made.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source scripts/env.sh
scripts/python-env.sh
python="$root/.build-python/venv/bin/python"
if [ ! -x "$python" ]; then
  if command -v python3 >/dev/null 2>&1; then
    echo "python tests: skipped: the venv with python/requirements-test.txt could not be made (see setup's warning)"
  else
    echo "python tests: skipped: no python3 on PATH"
  fi
  exit 0
fi
bin="${TEMPER_BIN:-$(swift build --show-bin-path)}"
export TEMPER_EXECUTABLE="$bin/temper" TEMPER_LIBRARY="$bin/libTemperC.so"
exec "$python" -m pytest -q -p no:cacheprovider python/tests "$@"
