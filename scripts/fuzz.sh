#!/usr/bin/env bash
# Fuzzes Temper's readers with libFuzzer (and AddressSanitizer, which also catches leaks).
#
#   scripts/fuzz.sh TARGET SECONDS    one target: ahap, policy, profile, scenario, request, trace, haptic,
#                                     android-json, android-xml, rumble, feedbackd, acf,
#                                     dbus (whole D-Bus method calls to the service), convert (temper convert's
#                                     whole path) or calibrate-energy (its measurements CSV and fit)
#   scripts/fuzz.sh all SECONDS       every target, SECONDS each, one a core at a time (CI runs `all 5`)
#   scripts/fuzz.sh some SECONDS TARGET...   the targets named, the same way
#   scripts/fuzz.sh build             only build Fuzz/.build/temper-fuzz
#
# Exits 1 on a crash, leak, timeout or out-of-memory; the input that caused it is kept in
# Fuzz/.build/artifacts/TARGET/ and its path printed. Replay it with
#   TEMPER_FUZZ_TARGET=TARGET Fuzz/.build/temper-fuzz Fuzz/.build/artifacts/TARGET/crash-…
# The growing corpus lives in Fuzz/.build/corpus/TARGET (not committed). Seeds are read where they are: Examples/,
# Policies/ and ../shared/corpus or $TEMPER_CORPUS (linked from Fuzz/.build/seeds/TARGET, never copied). See
# Fuzz/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

targets=(ahap policy profile scenario request trace haptic android-json android-xml rumble feedbackd acf dbus convert calibrate-energy)
work=Fuzz/.build
# The shared corpus of real files beside the clone; TEMPER_CORPUS points elsewhere (a worktree's clone).
shared_corpus=${TEMPER_CORPUS:-../shared/corpus}
binary=$work/temper-fuzz
# Release by default, for long runs; the CI smoke builds debug (TEMPER_FUZZ_CONFIGURATION=debug), which compiles in
# about half the CPU time and finds the same crashes in a short run, only more slowly.
configuration=${TEMPER_FUZZ_CONFIGURATION:-release}

build() {
  echo "fuzz: building the fuzz targets ($configuration, -sanitize=fuzzer,address)"
  mkdir -p "$work"
  # gold warns once per sanitizer helper symbol when linking; those warnings say nothing about the fuzzer.
  quiet() { grep -v "Cannot export local symbol" "$work/build.log" || true; }
  if ! swift build --package-path Fuzz -c "$configuration" -Xswiftc -sanitize=fuzzer,address --product TemperFuzz > "$work/build.log" 2>&1; then
    quiet >&2
    exit 1
  fi
  quiet
  # SwiftPM links executables with `--defsym main=<module>_main`, which clashes with libFuzzer's own main, so the
  # targets are a library, and this links the library's object files (the list SwiftPM wrote for it: the targets
  # and every dependency) with libFuzzer's runtime and its main.
  local list
  list=$(find -L "$work/$configuration/" -path '*TemperFuzz.product/Objects.LinkFileList' | head -n 1)
  [ -n "$list" ] || { echo "fuzz: no Objects.LinkFileList for TemperFuzz under $work/$configuration" >&2; exit 2; }
  # The object list lacks the system libraries (glib, gudev, upower-glib, yaml…) SwiftPM links the product with,
  # from the system-library targets' pkg-config names; they are on the product's own link line.
  local libraries
  libraries=$(grep -A1 'description: "Linking .*libTemperFuzz.so"' "$work/$configuration.yaml" | grep -o '"-l[^"]*"' | tr -d '"' | sort -u)
  # shellcheck disable=SC2086 # one word per library
  if ! swiftc -sanitize=fuzzer,address "@$list" $libraries -o "$binary" > "$work/build.log" 2>&1; then
    quiet >&2
    exit 1
  fi
}

seed() {
  local target=$1 directory=$work/seeds/$1
  rm -rf "$directory"
  mkdir -p "$directory"
  local sources=() patterns=()
  case $target in
    ahap) sources=(Examples/patterns "$shared_corpus/ahap"); patterns=('*.ahap') ;;
    policy) sources=(Policies); patterns=('*.yaml') ;;
    profile) sources=(Policies/devices); patterns=('*.yaml') ;;
    scenario) sources=(Examples/scenarios); patterns=('*.yaml') ;;
    request) sources=(Examples/requests Examples/scenarios/requests); patterns=('*.json') ;;
    trace) sources=(Examples/traces); patterns=('*.jsonl') ;;
    haptic) sources=(Examples/formats "$shared_corpus/haptic"); patterns=('*.haptic' '*.vij') ;;
    android-json | feedbackd) sources=(Examples/formats); patterns=('*.json') ;;
    android-xml) sources=(Examples/formats "$shared_corpus/android-vibration-xml"); patterns=('*.xml') ;;
    rumble) sources=(Examples/formats "$shared_corpus/gamepad-rumble"); patterns=('*.json') ;;
    acf) sources=("$shared_corpus/acf"); patterns=('*.acf') ;;
    convert) sources=(Examples/patterns Examples/formats); patterns=('*.ahap' '*.haptic' '*.vij' '*.json' '*.xml') ;;
    calibrate-energy) sources=(Examples); patterns=('*.csv') ;;
    dbus)
      # Seeds are method calls made by GLib's own message writer from the example requests and patterns.
      # The system Python: python3-gi (scripts/setup.sh) is installed for it, not for another python3 on PATH.
      /usr/bin/python3 scripts/dbus-fuzz-seeds.py "$directory" Examples/requests/*.json Examples/patterns/*.ahap
      echo "fuzz: $target: $(ls "$directory" | wc -l) seed messages" >&2
      return
      ;;
  esac
  local count=0
  for source in "${sources[@]}"; do
    [ -d "$source" ] || continue
    while IFS= read -r file; do
      count=$((count + 1))
      ln -s "$(realpath "$file")" "$directory/$count-$(basename "$file")"
    done < <(for pattern in "${patterns[@]}"; do find "$source" -name "$pattern" -type f; done | sort)
  done
  echo "fuzz: $target: $count seed files" >&2
}

run() {
  local target=$1 seconds=$2
  local corpus=$work/corpus/$target artifacts=$work/artifacts/$target/
  mkdir -p "$corpus" "$artifacts"
  seed "$target"
  # A trace input is replayed and charted whole, so shorter inputs keep it at hundreds of runs a second.
  local max_len=65536
  [ "$target" = trace ] && max_len=8192
  # convert writes every input to every format on two devices.
  [ "$target" = convert ] && max_len=16384
  echo "fuzz: $target for ${seconds}s"
  # -rss_limit_mb and -timeout make unbounded memory and hangs failures too; leaks are reported by LeakSanitizer.
  if ! TEMPER_FUZZ_TARGET=$target "$binary" "$corpus" "$work/seeds/$target" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -max_len=$max_len -dict=Fuzz/extreme-numbers.dict \
      -artifact_prefix="$artifacts" -print_final_stats=1 -close_fd_mask=1 2> "$work/$target.log"; then
    tail -n 40 "$work/$target.log" >&2
    echo "fuzz: $target FAILED; reproducer: $(ls -t "$artifacts" | head -n 1 | sed "s|^|$artifacts|")" >&2
    return 1
  fi
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+.*DONE)' "$work/$target.log" | sed "s/^/fuzz: $target: /"
}

case "${1:-}" in
  build) build ;;
  all | some)
    # `all SECONDS`: every target; `some SECONDS TARGET...`: the targets named. Built once, then one target a core at
    # a time (each libFuzzer run is single-threaded); TEMPER_FUZZ_JOBS sets how many at once.
    seconds=${2:?seconds}
    if [ "$1" = all ]; then chosen=("${targets[@]}"); else chosen=("${@:3}"); fi
    [ "${#chosen[@]}" -gt 0 ] || { echo "fuzz: name the targets: scripts/fuzz.sh some SECONDS TARGET..." >&2; exit 2; }
    for target in "${chosen[@]}"; do
      [[ " ${targets[*]} " == *" $target "* ]] || { echo "fuzz: no target '$target' (${targets[*]})" >&2; exit 2; }
    done
    build
    lanes=${TEMPER_FUZZ_JOBS:-$(nproc)}
    failed=0 running=0
    for target in "${chosen[@]}"; do
      if [ "$running" -ge "$lanes" ]; then
        wait -n || failed=1
        running=$((running - 1))
      fi
      run "$target" "$seconds" &
      running=$((running + 1))
    done
    while [ "$running" -gt 0 ]; do
      wait -n || failed=1
      running=$((running - 1))
    done
    exit $failed
    ;;
  ahap | policy | profile | scenario | request | trace | haptic | android-json | android-xml | rumble | feedbackd | acf | dbus | convert | calibrate-energy)
    build
    run "$1" "${2:?seconds}"
    ;;
  *)
    echo "usage: scripts/fuzz.sh {${targets[*]// /|}|all} SECONDS, scripts/fuzz.sh some SECONDS TARGET..., or scripts/fuzz.sh build" >&2
    exit 2
    ;;
esac
