#!/usr/bin/env bash
# The whole-command benchmarks (Benchmarks/Benchmarks/WholeCommandBenchmarks): `temper score --format json` and
# `--format csv` over 1,700 AHAP files against an orjson parse floor timed in the same run, then
# `thresholds check` against Benchmarks/Thresholds, which fails when a ratio grows by more than 15 %.
#
#   scripts/bench-check.sh [BINARY]     BINARY defaults to .build/release/temper (`make` builds it)
#
# TEMPER_WHOLE_COMMAND_ITERATIONS paired runs each (5 here, 10 in the benchmark's default). Exits 0 when every
# ratio is within its threshold, 2 on a regression. A ratio better than its threshold by more than 15 % passes
# with a note: write the new figures with
#   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark thresholds update \
#     --target WholeCommandBenchmarks
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
binary=$(realpath "${1:-.build/release/temper}")
export TEMPER_BINARY=$binary TEMPER_WHOLE_COMMAND_ITERATIONS=${TEMPER_WHOLE_COMMAND_ITERATIONS:-5}
status=0
log=$(mktemp "${TMPDIR:-/tmp}/temper-bench-check.XXXXXX")
trap 'rm -f "$log"' EXIT
# From Benchmarks/: `thresholds` reads and writes ./Thresholds. Through `swift package`, the plugin's own exit codes
# (2 a regression, 4 an improvement) arrive as exit 1 with the error's name, so the name tells them apart.
(cd Benchmarks && swift package benchmark thresholds check --target WholeCommandBenchmarks --no-progress) 2>&1 | tee "$log" ||
  status=$?
if [ "$status" -ne 0 ] && grep -q "benchmarkThresholdImprovement" "$log" && ! grep -q "benchmarkThresholdRegression" "$log"; then
  status=4
fi
case $status in
  0) ;;
  4) echo "bench-check: faster than Benchmarks/Thresholds by more than 15 %; update the thresholds (see scripts/bench-check.sh)" ;;
  *) echo "bench-check: a whole-command ratio regressed past its threshold (or the benchmark failed), exit $status" >&2
     exit "$status" ;;
esac
