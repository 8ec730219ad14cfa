#!/usr/bin/env bash
# Installs temper: the binary, its man pages (packaging/man/) and bash, zsh and fish completions (generated from
# its argument parser by scripts/generate-docs.sh), copies of the shipped policies and device profiles, the systemd units
# and D-Bus files found under packaging/, and libtemper for C programs (the library, temper.h and temper.pc).
# `make install` calls this after a release build.
#
#   scripts/install.sh [--prefix PREFIX] [--destdir DESTDIR] [--binary FILE] [--library FILE] [--libdir DIR]
#                      [--strip] [--gzip-man]
#
#   --prefix   where temper will live (default /usr/local): PREFIX/bin/temper, PREFIX/share/temper/…
#   --destdir  a staging root the files are written under instead of / (for packages); paths inside the
#              files still name PREFIX
#   --binary   the temper binary to install (default .build/release/temper)
#   --library  libtemper to install (default .build-library/libtemper.so.ABI from scripts/build-library.sh,
#              when built): as LIBDIR/libtemper.so.ABI with the link libtemper.so, PREFIX/include/temper.h and
#              LIBDIR/pkgconfig/temper.pc; `none` installs no library
#   --libdir   where the library goes (default PREFIX/lib; Debian's package uses /usr/lib/<multiarch>)
#   --strip    strip the binary's and the library's symbols (binutils' strip): a third smaller
#   --gzip-man compress the man pages (gzip -9n), as Debian packages ship them
#
# The policies and profiles are also built into the binary; the copies in PREFIX/share/temper are there to read and
# to start your own from (copy one to /etc/temper/policies/ or ~/.config/temper/policies/ and edit it).
# In the unit and D-Bus files, @bindir@ and /usr/bin/temper are replaced by PREFIX/bin.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
prefix=/usr/local
destdir=""
binary="$root/.build/release/temper"
abi="$(sed -n 's/^#define TEMPER_ABI_VERSION \([0-9][0-9]*\)$/\1/p' "$root/Sources/TemperC/include/temper.h")"
library=""
libdir=""
strip=false
gzip_man=false
packaging="${TEMPER_PACKAGING_DIR:-$root/packaging}"

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --destdir) destdir="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --library) library="$2"; shift 2 ;;
    --libdir) libdir="$2"; shift 2 ;;
    --strip) strip=true; shift ;;
    --gzip-man) gzip_man=true; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "install: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

case "$prefix" in
  /*) ;;
  *) echo "install: --prefix must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac
[ -x "$binary" ] || { echo "install: no temper binary at $binary (run 'make' or pass --binary)" >&2; exit 2; }
if [ "$library" = none ]; then
  library=""
elif [ -n "$library" ]; then
  [ -f "$library" ] || { echo "install: no library at $library" >&2; exit 2; }
elif [ -f "$root/.build-library/libtemper.so.$abi" ]; then
  library="$root/.build-library/libtemper.so.$abi"
fi
libdir="${libdir:-$prefix/lib}"
case "$libdir" in
  /*) ;;
  *) echo "install: --libdir must be an absolute path, not '$libdir'" >&2; exit 2 ;;
esac

target="$destdir$prefix"
bindir="$prefix/bin"

install -d "$target/bin" "$target/share/temper/policies" "$target/share/temper/devices"
install -m 0755 "$binary" "$target/bin/temper"
if $strip; then
  command -v strip >/dev/null || { echo "install: --strip needs strip (Debian's binutils)" >&2; exit 2; }
  # As dh_strip does: the compilers' .comment notes go too.
  strip --remove-section=.comment --remove-section=.note "$target/bin/temper"
fi
install -m 0644 "$root"/Policies/*.yaml "$target/share/temper/policies/"
install -m 0644 "$root"/Policies/devices/*.yaml "$target/share/temper/devices/"

# Each packaging file and the folder under PREFIX it belongs in.
placed=(
  "dbus/org.temper.Temper1.conf:share/dbus-1/system.d"
  "dbus/org.temper.Temper1.service:share/dbus-1/system-services"
  "dbus/org.temper.Temper1.xml:share/dbus-1/interfaces"
  "systemd/temper.service:lib/systemd/system"
  "systemd/temper-feedbackd.service:lib/systemd/user"
  "sysusers.d/temper.conf:lib/sysusers.d"
  "polkit/org.temper.Temper1.policy:share/polkit-1/actions"
)
for entry in "${placed[@]}"; do
  file="$packaging/${entry%%:*}"
  [ -f "$file" ] || continue
  folder="$target/${entry#*:}"
  install -d "$folder"
  sed -e "s|@bindir@|$bindir|g" -e "s|/usr/bin/temper|$bindir/temper|g" "$file" > "$folder/$(basename "$file")"
  chmod 0644 "$folder/$(basename "$file")"
done

# The man pages are the reviewed ones checked in under packaging/man/ (a test keeps them equal to what
# scripts/generate-man.py makes from the parser); the completions come from the binary's own parser.
docs="$(mktemp -d "${TMPDIR:-/tmp}/temper-docs.XXXXXX")"
trap 'rm -rf "$docs"' EXIT
"$root/scripts/generate-docs.sh" "$binary" "$docs"
install -d "$target/share/man/man1"
install -m 0644 "$root"/packaging/man/temper*.1 "$target/share/man/man1/"
if $gzip_man; then gzip -9nf "$target"/share/man/man1/temper*.1; fi
# zsh looks in vendor-completions for the distribution's packages (/usr), in site-functions for local ones.
zsh_folder=share/zsh/site-functions
[ "$prefix" = /usr ] && zsh_folder=share/zsh/vendor-completions
install -D -m 0644 "$docs/completions/temper.bash" "$target/share/bash-completion/completions/temper"
install -D -m 0644 "$docs/completions/_temper" "$target/$zsh_folder/_temper"
install -D -m 0644 "$docs/completions/temper.fish" "$target/share/fish/vendor_completions.d/temper.fish"

# libtemper: the library under its soname, the link C compilers look for, the header and the pkg-config file.
if [ -n "$library" ]; then
  version="$(sed -n 's/.*static let number = "\(.*\)"/\1/p' "$root/Sources/TemperCore/TemperVersion.swift")"
  install -d "$destdir$libdir/pkgconfig" "$target/include"
  install -m 0644 "$library" "$destdir$libdir/libtemper.so.$abi"
  if $strip; then strip --remove-section=.comment --remove-section=.note --strip-unneeded "$destdir$libdir/libtemper.so.$abi"; fi
  ln -sfn "libtemper.so.$abi" "$destdir$libdir/libtemper.so"
  install -m 0644 "$root/Sources/TemperC/include/temper.h" "$target/include/temper.h"
  sed -e "s|@prefix@|$prefix|g" -e "s|@libdir@|$libdir|g" -e "s|@version@|$version|g" \
    "$root/Sources/TemperC/include/temper.pc.in" > "$destdir$libdir/pkgconfig/temper.pc"
  chmod 0644 "$destdir$libdir/pkgconfig/temper.pc"
  # A new library in the loader's own folders is found once its cache knows it.
  if [ -z "$destdir" ] && [ "$(id -u)" -eq 0 ] && command -v ldconfig >/dev/null; then ldconfig; fi
fi

echo "install: temper installed under $target"
