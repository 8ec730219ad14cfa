#!/usr/bin/env bash
# Runs every test: unit, corpus, command-line and real-daemon tests (private D-Bus, umockdev, upowerd).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/setup.sh
swift build --build-tests
swift test --skip-build
