#!/usr/bin/env bash
# Builds the temper that `make install` and `make deb` ship (.build/release/temper) and prints its path.
#
#   scripts/build-release.sh [extra swift build arguments]
#
# A release build with the Swift runtime and Foundation linked in (--static-swift-stdlib), so it needs no
# toolchain on the machine it runs on, laid out to keep `temper serve`'s resident memory small:
# - -function-sections puts every function of the code SwiftPM compiles in its own section, so the linker can
#   move each one (and --gc-sections drop the unused ones);
# - lld's --symbol-ordering-file packaging/temper.order puts the functions serve runs side by side at the start
#   of the code, where they share pages (scripts/generate-order-file.py writes the file and says why);
# - -z pack-relative-relocs stores the 100,000 relocations of a position-independent binary as 20 KB of RELR
#   instead of 2.4 MB that the loader reads at every start (needs glibc 2.36, Debian 12);
# - --no-export-dynamic keeps the binary's own symbols out of the dynamic symbol table, which every shared
#   library's symbol lookups would otherwise search;
# - the link map (temper.map beside the binary) is what scripts/generate-order-file.py reads to order it;
# - --icf=all folds functions whose code and references are identical into one copy: 25.03 -> 23.32 MB. Swift
#   objects carry no address-significance table, so --icf=safe folds almost nothing (12 KB); nothing in temper
#   compares function addresses (no key paths, no GLib disconnect by function), and the example reports, scores,
#   conversions, decisions and simulations came out byte for byte the same with and without it. The library
#   (scripts/build-library.sh) is not folded: C may compare its exported functions' addresses;
# - -Osize: 24.5 MB stripped instead of 26.1 MB (issue 21 asks for 25 MB at most); the
#   benchmarks build their own -O copy, so their figures are -O figures.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/env.sh"
cd "$root"
bin="$(swift build -c release "$@" --show-bin-path)"
# SwiftPM does not know the link reads packaging/temper.order; without the binary it links again, in seconds.
rm -f "$bin/temper"
source "$root/scripts/release-flags.sh"
swift build -c release --product temper "${release_flags[@]}" \
  -Xlinker --no-export-dynamic -Xlinker --icf=all \
  -Xlinker "--symbol-ordering-file=$root/packaging/temper.order" -Xlinker --no-warn-symbol-ordering \
  -Xlinker --no-demangle -Xlinker "-Map=$bin/temper.map" \
  "$@" >&2
echo "$bin/temper"
