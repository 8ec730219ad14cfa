#!/usr/bin/env bash
# Times how fast a 1 GB input of each kind is refused, and at what peak memory (issue 34: within 0.1 s and 50 MB),
# the figures docs/testing.md gives. The inputs are sparse files (no disk used) and /dev/zero as a request.
#
#   scripts/measure-input-limits.sh [BINARY] [RUNS]    BINARY defaults to .build/release/temper, RUNS to 5
#
# Prints, per kind, the median wall time and the largest peak resident memory over RUNS runs, and the line temper
# answered with; exits 1 when a run did not exit 2 (refused) or printed more than one line.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/temper}")
runs=${2:-5}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/temper-limits.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# No system bus: a command that looks for one must not wait on it.
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent/temper-no-bus
status=0
measure() {
  local kind=$1 stdin=$2
  shift 2
  local times=() peak=0 line=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$scratch/time" "$binary" "$@" <"$stdin" >/dev/null 2>"$scratch/err" && code=0 || code=$?
    if [ "$code" -ne 2 ] || [ "$(wc -l <"$scratch/err")" -ne 1 ]; then
      echo "$kind: exit $code, $(wc -l <"$scratch/err") lines: $(head -c 300 "$scratch/err")" >&2
      status=1
    fi
    read -r seconds kilobytes < <(tail -n 1 "$scratch/time")
    times+=("$seconds")
    [ "$kilobytes" -gt "$peak" ] && peak=$kilobytes
    line=$(head -c 160 "$scratch/err")
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  printf '%-14s %6s s %5d MB  %s\n' "$kind" "$median" $((peak / 1024)) "${line//$scratch\//}"
}
sparse() {
  truncate -s 1G "$scratch/$1"
  echo "$scratch/$1"
}
echo "$binary, median of $runs runs, largest peak RSS"
measure request /dev/null rewrite --condition fair --request "$(sparse big.json)"
measure "request stdin" /dev/zero rewrite --condition fair --request -
measure trace /dev/null report "$(sparse big.trace)"
measure scenario /dev/null simulate "$(sparse big.yaml)"
measure measurements /dev/null calibrate energy "$(sparse big.csv)"
measure ACF /dev/null profile import "$(sparse big.acf)"
measure "pattern (AHAP)" /dev/null score "$(sparse big.ahap)"
measure "pattern (JSON)" /dev/null convert --to rumble "$(sparse big-pattern.json)"
measure recording /dev/null import "$(sparse big.csv)"
measure profile /dev/null simulate --device "$(sparse big-profile.yaml)" Examples/scenarios/heat-soak.yaml
exit "$status"
