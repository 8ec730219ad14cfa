#!/usr/bin/env bash
# Runs every test: unit, corpus, command-line and real-daemon tests (private D-Bus, umockdev, upowerd), then a
# short fuzzing smoke of every reader (TEMPER_FUZZ_SECONDS each, 30 by default; 0 skips it). The code must be
# formatted as .swift-format says (`swift format -i -r -p Sources Tests Package.swift` fixes it).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/setup.sh
swift format lint --strict -r -p Sources Tests Package.swift
swift build --build-tests
swift test --skip-build
seconds=${TEMPER_FUZZ_SECONDS:-30}
if [ "$seconds" -gt 0 ]; then
  scripts/fuzz.sh all "$seconds"
fi
