#!/usr/bin/env bash
# Builds libtemper, the C library that `make install` and `make deb` ship, and prints its path
# (.build-library/libtemper.so.ABI, ABI being TEMPER_ABI_VERSION in Sources/TemperC/include/temper.h).
#
#   scripts/build-library.sh [extra swift build arguments]
#
# The TemperC product, built with scripts/build-release.sh's flags but -O for -Osize, in a build folder of its own
# (.build-library, so neither build undoes the other's): a program calls the library at frame rate, and -Osize's
# decisions took 1.7 times as long as -O's (docs/c-api.md, "Speed"); the binary keeps -Osize for its size. Then
# linked once more as SwiftPM links it but:
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
# -O where the binary has -Osize; everything else as the binary is built.
library_flags=("${release_flags[@]/#-Osize/-O}")
scratch=(--scratch-path "$root/.build-library")
bin="$(swift build -c release "${scratch[@]}" "$@" --show-bin-path)"
# SwiftPM's own link of the product fails (it asks for the static Foundation's parts without -static-stdlib), but
# every module is compiled by then; its link command, from the build manifest, is run again with the changes.
rm -f "$bin/libTemperC.so"
log="$(mktemp "${TMPDIR:-/tmp}/temper-library.XXXXXX")"
trap 'rm -f "$log"' EXIT
swift build -c release "${scratch[@]}" --product TemperC "${library_flags[@]}" "$@" > "$log" 2>&1 || true
if grep -E 'error:' "$log" | grep -vE 'unable to find library -l_Foundation|linker command failed|link command failed' >&2; then
  echo "build-library: the build failed" >&2
  exit 1
fi
output="$root/.build-library/libtemper.so.$abi"
python3 - "$(dirname "$bin")/../release.yaml" "$bin/libTemperC.so" "$output" "$root/Sources/TemperC/include/libtemper.map" <<'RELINK' >&2
import json, subprocess, sys
manifest, product, output, exports = sys.argv[1:]
for line in open(manifest, encoding="utf-8"):
    line = line.strip()
    if not line.startswith("args: ["):
        continue
    args = json.loads(line[len("args: "):])
    if "-emit-library" in args and product in args:
        break
else:
    sys.exit(f"build-library: no link command for {product} in {manifest}")
args[args.index(product)] = output
# No run path: the library is found where the system keeps libraries, or by the program's own.
while "-rpath=$ORIGIN" in args:
    at = args.index("-rpath=$ORIGIN")
    del args[at - 1:at + 1]
# Relocations resolved at load and made read-only (BIND_NOW, as Debian's hardening asks of a library).
args += ["-static-stdlib", "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", f"--version-script={exports}", "-Xlinker", f"-soname={output.rsplit('/', 1)[1]}"]
sys.exit(subprocess.call(args))
RELINK
[ -f "$output" ] || { echo "build-library: the link made no $output" >&2; exit 1; }
echo "$output"
