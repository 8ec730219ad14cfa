#!/usr/bin/env bash
# Builds the Debian packages of temper with dpkg-deb into OUTDIR (default .build/deb) and prints their paths, one
# a line, temper's first.
#
#   scripts/package-deb.sh [OUTDIR]
#
# Environment: TEMPER_BINARY, the binary to package (default: scripts/build-release.sh's build, made now);
# TEMPER_LIBRARY, libtemper to package (default: scripts/build-library.sh's build, made now, when TEMPER_BINARY
# is not given either; none otherwise); TEMPER_VERSION (default: what the binary's `temper --version` says);
# TEMPER_DEB_COMPRESSION (xz, the default, gzip or none).
#
# temper installs under /usr through scripts/install.sh (binary, man pages, completions, units, bus files,
# sysusers.d) and adds packaging/debian/ (copyright, changelog, maintainer scripts). With a library, two more
# packages, as Debian splits a library: libtemperN (the library under its soname, with a symbols file and the
# ldconfig trigger) and libtemper-dev (temper.h, temper.pc and the libtemper.so link). Each depends on the
# Debian packages that own the shared libraries it links. scripts/test.sh checks them with lintian and, with
# TEMPER_TEST_DEB=1, installs temper into a scratch root.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
outdir="${1:-$root/.build/deb}"
binary="${TEMPER_BINARY:-}"
library="${TEMPER_LIBRARY:-}"

command -v dpkg-deb >/dev/null || { echo "package-deb: dpkg-deb is missing (Debian's dpkg package)" >&2; exit 2; }
if [ -z "$binary" ]; then
  binary="$("$root/scripts/build-release.sh")"
  [ -n "$library" ] || library="$("$root/scripts/build-library.sh")"
fi
[ -z "$library" ] || [ -f "$library" ] || { echo "package-deb: no library at $library" >&2; exit 2; }
[ -x "$binary" ] || { echo "package-deb: no temper binary at $binary" >&2; exit 2; }
version="${TEMPER_VERSION:-$("$binary" --version | awk '{ print $2 }')}"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] || { echo "package-deb: $binary --version gave no version ($version)" >&2; exit 2; }
debian="$root/packaging/debian"
logged="$(sed -n '1s/^temper (\([^)]*\)).*/\1/p' "$debian/changelog")"
[ "$logged" = "$version" ] || {
  echo "package-deb: packaging/debian/changelog's latest entry is $logged, the binary says $version: add an entry" >&2
  exit 2
}

stage="$(mktemp -d "${TMPDIR:-/tmp}/temper-deb.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
chmod 0755 "$stage"
"$root/scripts/install.sh" --prefix /usr --destdir "$stage" --binary "$binary" --library none --strip --gzip-man >/dev/null
doc="$stage/usr/share/doc/temper"
install -d "$doc"
install -m 0644 "$debian/copyright" "$doc/copyright"
gzip -9n < "$debian/changelog" > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"

# The Depends line of an ELF file: the package owning each shared library it names (NEEDED; every library ldd
# resolves when objdump is missing). A library no package owns (a Swift runtime from a toolchain folder, for a
# build without --static-swift-stdlib) is counted, as the package will lack it.
depends_of() {
  local file="$1" needed soname library owner
  local depends=() unowned=()
  needed="$(objdump -p "$file" 2>/dev/null | awk '$1 == "NEEDED" { print $2 }' || true)"
  while read -r soname library; do
    if [ -n "$needed" ] && ! grep -qxF "$soname" <<<"$needed"; then continue; fi
    owner="$(dpkg-query -S "$library" 2>/dev/null || dpkg-query -S "$(readlink -f "$library")" 2>/dev/null || true)"
    if [ -z "$owner" ]; then unowned+=("$library"); continue; fi
    depends+=("${owner%%:*}")
  done < <(ldd "$file" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }')
  if [ ${#unowned[@]} -gt 0 ]; then
    echo "package-deb: warning: ${#unowned[@]} libraries belong to no Debian package and are not in the package" \
      "(${unowned[0]}, …): build with --static-swift-stdlib (make deb does)" >&2
  fi
  # A file with packed relative relocations (scripts/build-release.sh) loads only with glibc 2.36 or later.
  if objdump -p "$file" 2>/dev/null | grep -w RELR >/dev/null; then
    depends=("${depends[@]/#libc6/libc6 (>= 2.36)}")
  fi
  printf '%s\n' "${depends[@]}" | sort -u | paste -sd, | sed 's/,/, /g'
}
depends_line="$(depends_of "$binary")"

architecture="$(dpkg --print-architecture)"
installed_size="$(du -sk "$stage" | cut -f1)"
mkdir -p "$stage/DEBIAN"
install -m 0755 "$debian/postinst" "$debian/prerm" "$debian/postrm" "$stage/DEBIAN/"
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: temper
Version: $version
Architecture: $architecture
Maintainer: Temper <dev@temper.invalid>
Installed-Size: $installed_size
Depends: $depends_line
Recommends: dbus, upower
Suggests: feedbackd, power-profiles-daemon, lm-sensors
Section: utils
Priority: optional
Description: power- and thermal-aware policy engine for haptic and audio feedback
 Temper reads the host's temperatures, battery and power profile, classifies
 them into a tier (nominal, fair, serious, critical) plus low power, and
 rewrites haptic and audio feedback requests to fit. It also scores what haptic
 patterns cost in energy and simulates thermal scenarios.
 .
 temper serve offers the governor on D-Bus as org.temper.Temper1 (a system
 service with its own user), and can set feedbackd's profile from the
 condition in a user's session.
CONTROL

mkdir -p "$outdir"
package="$outdir/temper_${version}_${architecture}.deb"
dpkg-deb --build --root-owner-group -Z"${TEMPER_DEB_COMPRESSION:-xz}" "$stage" "$package" >/dev/null
echo "$package"
[ -z "$library" ] || source "$root/scripts/package-deb-library.sh"
