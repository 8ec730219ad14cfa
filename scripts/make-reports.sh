#!/usr/bin/env bash
# Regenerates the checked-in example reports in Reports/examples/ from Examples/: one folder per simulated
# scenario, one for the example trace, and one for the example patterns' scores when `temper score --report`
# exists (against a 500 mJ budget, so the report shows one). The output is deterministic, so a test checks that
# this reproduces Reports/examples byte for byte. scripts/check-reports.sh checks them in a browser.
#
# Usage: scripts/make-reports.sh [OUTPUT_DIR]   (default Reports/examples; TEMPER=path/to/temper skips the build)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
out="${1:-Reports/examples}"
temper="${TEMPER:-}"
if [ -z "$temper" ]; then
  swift build --product temper >/dev/null
  temper="$(swift build --show-bin-path)/temper"
fi

mkdir -p "$out"
for scenario in heat-soak commute-battery summer-car calibration-steps; do
  rm -rf "${out:?}/$scenario"
  "$temper" simulate "Examples/scenarios/$scenario.yaml" --report "$out/$scenario" >/dev/null
done
# A thermal calibration on a simulated trace; the trace is named relatively so the report reads the same anywhere.
rm -rf "${out:?}/calibration-thermal"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$temper" simulate Examples/scenarios/calibration-steps.yaml --record-trace "$work/calibration-steps.jsonl" --trace-interval 5 >/dev/null
report_dir="$(cd "$out" && pwd)/calibration-thermal"
temper_path="$(cd "$(dirname "$temper")" && pwd)/$(basename "$temper")"
(cd "$work" && "$temper_path" calibrate thermal calibration-steps.jsonl --report "$report_dir" >/dev/null)
# An energy calibration on the synthetic measurements the README's example uses.
rm -rf "${out:?}/calibration-energy"
"$temper" calibrate energy Examples/bench-phone.csv --fit clickEnergy,continuousPower \
  --report "$out/calibration-energy" >/dev/null
# The traces: a simulated phone, a desktop board with fans, voltages and power, and a 16-sensor workstation
# (five coretemp sensors sharing their limits, one the classifier ignores).
for trace in heat-soak desktop-fans workstation-16; do
  rm -rf "${out:?}/trace-$trace"
  "$temper" report "Examples/traces/$trace.jsonl" --report "$out/trace-$trace" >/dev/null
done
# The help is read whole first: `grep -q` would stop reading early and end the command with SIGPIPE under pipefail.
if grep -q -- '--report' <<<"$("$temper" score --help 2>/dev/null)"; then
  rm -rf "${out:?}/score-examples"
  "$temper" score Examples/patterns --budget 500mJ --report "$out/score-examples" >/dev/null || [ $? -eq 1 ]
fi
echo "reports written to $out"
