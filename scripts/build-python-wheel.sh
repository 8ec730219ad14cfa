#!/usr/bin/env bash
# Builds the temper Python wheel with libtemper inside (temper/_lib/libtemper.so.1), so the wheel alone can be
# installed on Dask workers that have no Temper build: `pip install temper-*.whl`. Builds the library first
# (scripts/build-library.sh) unless it is built already. The wheel lands in dist/ (or the folder given).
#
#   scripts/build-python-wheel.sh [OUT_DIR]
#
# The wheel is tagged for this machine's platform (py3-none-linux_x86_64 here), because the library inside is
# this machine's (glibc Linux, this architecture): pip refuses it elsewhere instead of installing a library that
# cannot load. Any Python 3 will do: the package reaches the library through ctypes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/dist}"
abi="$(sed -n 's/^#define TEMPER_ABI_VERSION \([0-9][0-9]*\)$/\1/p' "$root/Sources/TemperC/include/temper.h")"
library="$root/.build-library/libtemper.so.$abi"
[ -f "$library" ] || library="$("$root/scripts/build-library.sh" | tail -1)"
bundled="$root/python/src/temper/_lib"
mkdir -p "$bundled"
trap 'rm -rf "$bundled" "$root/python/build"' EXIT
cp "$library" "$bundled/"
python3 -m pip wheel --quiet --no-deps --wheel-dir "$out" \
  --config-settings="--build-option=--plat-name=linux_$(uname -m)" "$root/python"
ls "$out"/temper-*.whl
