#!/usr/bin/env bash
# Sets up a fresh machine and runs Temper's main job on built-in defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
scripts/setup.sh
swift build --product temper
temper=$(swift build --product temper --show-bin-path)/temper
echo
echo "== temper score (the built-in example patterns)"
"$temper" score --format table || status=$?
status=${status:-0}
[ "$status" -le 1 ] || exit "$status"
echo
echo "== temper simulate (the built-in heat-soak scenario: the design brief's towel test, with a baseline)"
"$temper" simulate --report Reports/heat-soak
