#!/usr/bin/env bash
# Builds libtemper, the C library that `make install` and `make deb` ship, and prints its path
# (.build/release/libtemper.so.ABI, ABI being TEMPER_ABI_VERSION in Sources/TemperC/include/temper.h).
#
#   scripts/build-library.sh [extra swift build arguments]
#
# The TemperC product, built with scripts/build-release.sh's flags (so the two share one build), then linked
# once more as SwiftPM links it but:
# - with the Swift runtime, its concurrency library, Dispatch and FoundationEssentials inside (-static-stdlib;
#   SwiftPM's --static-swift-stdlib applies to executables only), so a C program needs nothing else on the
#   machine: the library links only glibc, libstdc++, libgcc_s and libyaml;
# - exporting only the temper_* functions (the version script Sources/TemperC/include/libtemper.map; the
#   runtime's own symbols stay private, so a program that also loads a Swift runtime does not bind to this one);
# - named libtemper.so.ABI (its soname), the name programs record and load, with no run path.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/env.sh"
source "$root/scripts/release-flags.sh"
cd "$root"
abi="$(sed -n 's/^#define TEMPER_ABI_VERSION \([0-9][0-9]*\)$/\1/p' Sources/TemperC/include/temper.h)"
[ -n "$abi" ] || { echo "build-library: no TEMPER_ABI_VERSION in temper.h" >&2; exit 2; }
bin="$(swift build -c release "$@" --show-bin-path)"
# Without the product SwiftPM links it again, and prints the link command (-v) this script repeats. Its own link
# fails (it asks for the static Foundation's parts without -static-stdlib); every module is compiled by then.
rm -f "$bin/libTemperC.so"
log="$(mktemp "${TMPDIR:-/tmp}/temper-library.XXXXXX")"
trap 'rm -f "$log"' EXIT
swift build -c release --product TemperC "${release_flags[@]}" -v "$@" > "$log" 2>&1 || true
link="$(grep -F -- ' -emit-library ' "$log" | grep -F '/libTemperC.so ' | tail -1)"
if [ -z "$link" ]; then
  grep -E 'error:' "$log" | head -20 >&2
  echo "build-library: SwiftPM printed no link command for libTemperC.so" >&2
  exit 1
fi
output="$bin/libtemper.so.$abi"
from="/libTemperC.so " to="/libtemper.so.$abi "
link="${link//"$from"/"$to"}"
link="${link/-Xlinker \'-rpath=\$ORIGIN\'/}"
link="${link/ -v / }"
eval "$link" -static-stdlib \
  -Xlinker "--version-script=$root/Sources/TemperC/include/libtemper.map" -Xlinker "-soname=libtemper.so.$abi" >&2
[ -f "$output" ] || { echo "build-library: the link made no $output" >&2; exit 1; }
echo "$output"
