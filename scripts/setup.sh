#!/usr/bin/env bash
# Installs what Temper needs on a Debian machine: the C libraries it links, and the real daemons and
# fake-hardware tools its tests run against. Safe to run again; it installs only what is missing.
set -euo pipefail

packages=(
  # build: the C libraries Temper links
  libsensors-dev libupower-glib-dev libgudev-1.0-dev libyaml-dev libseccomp-dev pkg-config
  # tests: real components with fake hardware
  lm-sensors upower umockdev gir1.2-umockdev-1.0 python3-gi python3-dbusmock dbus libglib2.0-bin feedbackd
  power-profiles-daemon
  # tests: promtool and a real Prometheus server for the metrics tests
  prometheus
  # tests: headless Chromium, which lays out every report at 1400 and 420 px (scripts/check-reports.sh)
  chromium
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "setup: these Debian packages are missing and there is no sudo to install them: ${missing[*]}" >&2
    exit 2
  fi
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# tests: Perfetto's own trace proto (perfetto_trace_pb2), which decodes the traces `--perfetto` writes. The
# Perfetto tests are skipped, not failed, where this cannot be installed.
if ! python3 -c 'import perfetto.protos.perfetto.trace.perfetto_trace_pb2' >/dev/null 2>&1; then
  echo "setup: installing the perfetto Python package"
  python3 -m pip install --quiet --disable-pip-version-check perfetto \
    || echo "setup: warning: could not install the perfetto Python package; the Perfetto decode tests will be skipped" >&2
fi

# benchmarks: orjson, the parse floor the whole-command benchmarks time `temper score` against (scripts/bench-check.sh).
# Pinned: the floor's speed is part of every ratio they record.
if ! python3 -c 'import orjson' >/dev/null 2>&1; then
  echo "setup: installing the orjson Python package"
  python3 -m pip install --quiet --disable-pip-version-check orjson==3.8.3 \
    || echo "setup: warning: could not install orjson; the whole-command benchmarks will be skipped" >&2
fi

# tests: the Python package's (python/tests), in a venv of pinned dask, distributed, pyarrow, duckdb and pytest.
"$(dirname "$0")/python-env.sh"

source "$(dirname "$0")/env.sh"
command -v swift >/dev/null 2>&1 || { echo "setup: no Swift toolchain on PATH (Swift 6.3 is expected)" >&2; exit 2; }

echo "setup: resolving Swift dependencies"
swift package resolve >/dev/null
