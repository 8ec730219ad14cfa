#!/usr/bin/env bash
# Installs a temper .deb into a scratch Debian root and checks what a distribution expects of it: the package
# installs with dpkg, its maintainer scripts make the temper user (systemd-sysusers) and enable temper.service
# (the multi-user.target.wants symlink and the D-Bus alias) without starting anything where systemd does not run;
# removal keeps the configuration, purge leaves the root as it was before the installation. Given the library's
# two packages too (libtemperN and libtemper-dev, as `make deb` prints them), it installs them beside temper,
# checks that ldconfig and pkg-config find libtemper, and compiles and runs Examples/c/temper-example.c against
# it with the root's own gcc. Needs root (chroot).
#
#   scripts/test-deb.sh PACKAGE.deb [LIBRARY.deb DEV.deb]
#
# The scratch root is a debootstrap'd Debian 12 minbase with systemd and the packages' Depends (and gcc and
# pkg-config with the library), made once and cached as a tarball in ${XDG_CACHE_HOME:-~/.cache}/temper/ (about
# 3 minutes to make, 10 s to unpack). Exit 0 when every check passes; 77 when it cannot run here (not root, no
# debootstrap and no cache); 1 on a failed check.
set -euo pipefail

package="${1:?usage: test-deb.sh PACKAGE.deb [LIBRARY.deb DEV.deb]}"
library="${2:-}"
development="${3:-}"
[ -z "$library" ] || [ -n "$development" ] || { echo "usage: test-deb.sh PACKAGE.deb [LIBRARY.deb DEV.deb]" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "test-deb: skipped: needs root to chroot" >&2; exit 77; }
cache="${XDG_CACHE_HOME:-$HOME/.cache}/temper"
tarball="$cache/bookworm-minbase.tar.gz"
# The packages the cached root has, one a line: it is made again when a package depends on one it lacks.
packages="$cache/bookworm-minbase.packages"
depends=""
ours=""
for deb in "$package" $library $development; do
  depends="$depends $(dpkg-deb -f "$deb" Depends | sed 's/([^)]*)//g; s/|[^,]*//g; s/,/ /g')"
  ours="$ours $(dpkg-deb -f "$deb" Package)"
done
tools=""
[ -z "$development" ] || tools="gcc libc6-dev pkg-config"
# Our own packages come from the .debs, not from Debian.
wanted="$(comm -23 <(echo systemd passwd $depends $tools | tr ' ' '\n' | sort -u) <(echo $ours | tr ' ' '\n' | sort -u))"
missing="$(comm -23 <(echo "$wanted") <(sort -u "$packages" 2>/dev/null))"

if [ ! -f "$tarball" ] || [ -n "$missing" ]; then
  command -v debootstrap >/dev/null || { echo "test-deb: skipped: no debootstrap (apt install debootstrap) and no cached root" >&2; exit 77; }
  mkdir -p "$cache"
  build="$(mktemp -d "${TMPDIR:-/tmp}/temper-debootstrap.XXXXXX")"
  echo "test-deb: making the scratch root (debootstrap, once)" >&2
  if ! debootstrap --variant=minbase --include="$(echo $wanted | tr ' ' ,)" bookworm "$build" \
    "${TEMPER_DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$build.log" 2>&1; then
    tail -5 "$build.log" >&2
    rm -rf "$build" "$build.log"
    echo "test-deb: skipped: debootstrap failed (no network?)" >&2
    exit 77
  fi
  rm -f "$build.log"
  chroot "$build" dpkg-query -W -f '${Package}\n' | sort -u > "$packages.part"
  tar -C "$build" -czf "$tarball.part" . && mv "$tarball.part" "$tarball" && mv "$packages.part" "$packages"
  rm -rf "$build"
fi

root="$(mktemp -d "${TMPDIR:-/tmp}/temper-root.XXXXXX")"
trap 'umount "$root/proc" 2>/dev/null || true; rm -rf --one-file-system "$root"' EXIT
tar -C "$root" -xzf "$tarball"
failures=0
check() {
  local what="$1"; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }
# Everything but dpkg's own records, logs and caches, with each file's kind and content.
survey() {
  (cd "$root" && find . -xdev \( -path ./var/lib/dpkg -o -path ./var/log -o -path ./var/cache -o -path ./tmp \) -prune \
    -o -printf '%p %y %m %l\n' | sort)
  cat "$root"/etc/passwd "$root"/etc/group "$root"/etc/shadow "$root"/etc/gshadow
}

before="$(survey)"
cp "$package" "$root/tmp/temper.deb"
check "dpkg installs it" in_root dpkg -i /tmp/temper.deb
if [ -n "$library" ]; then
  mkdir -p "$root/tmp/libtemper"
  cp "$library" "$root/tmp/libtemper/library.deb"
  cp "$development" "$root/tmp/libtemper/development.deb"
  here="$(cd "$(dirname "$0")/.." && pwd)"
  cp "$here/Examples/c/temper-example.c" "$here/Examples/patterns/ui-tap.ahap" \
    "$here/Examples/requests/ring-explosion-haptic.json" "$root/tmp/libtemper/"
  check "dpkg installs the library and its development package" \
    in_root dpkg -i /tmp/libtemper/library.deb /tmp/libtemper/development.deb
  check "ldconfig knows libtemper.so.1" sh -c "chroot '$root' /sbin/ldconfig -p | grep -q 'libtemper.so.1 '"
  check "pkg-config finds temper" in_root pkg-config --exists temper
  check "the C example compiles against the installed header and library" in_root sh -c \
    'cc /tmp/libtemper/temper-example.c $(pkg-config --cflags --libs temper) -o /tmp/libtemper/example'
  check "the C example scores a pattern" sh -c \
    "chroot '$root' /tmp/libtemper/example score /tmp/libtemper/ui-tap.ahap | grep -q ui-tap"
  check "the C example decides a request under serious" sh -c \
    "chroot '$root' /tmp/libtemper/example decide serious /tmp/libtemper/ring-explosion-haptic.json | grep -q fallback"
  check "dpkg removes and purges the library packages" in_root dpkg -P $(for deb in "$development" "$library"; do dpkg-deb -f "$deb" Package; done)
  check "purging the library leaves no libtemper" sh -c "! ls '$root'/usr/lib/*/libtemper* '$root'/usr/include/temper.h 2>/dev/null | grep -q ."
  rm -rf "$root/tmp/libtemper"
fi
check "the temper user exists" in_root getent passwd temper
if in_root ldd /usr/bin/temper | grep -q "not found"; then
  echo "skip: running temper (it needs libraries no Debian package has: a build without --static-swift-stdlib)"
else
  # The Swift runtime reads a program's arguments from /proc/self/cmdline: without /proc, temper sees none and
  # prints its help.
  if mount -t proc proc "$root/proc" 2>/dev/null; then
    check "temper runs with the libraries its Depends bring" sh -c \
      "chroot '$root' /usr/bin/env -i PATH=/usr/bin:/bin temper --version | grep -q '^temper [0-9]'"
    umount "$root/proc"
  else
    check "temper runs with the libraries its Depends bring (no /proc here: its help)" in_root temper --version
  fi
fi
check "temper.service is enabled (multi-user.target.wants)" test -L "$root/etc/systemd/system/multi-user.target.wants/temper.service"
check "its D-Bus alias is enabled" test -L "$root/etc/systemd/system/dbus-org.temper.Temper1.service"
check "the unit the symlink names is installed" test -f "$root$(readlink "$root/etc/systemd/system/multi-user.target.wants/temper.service")"
check "the man pages are installed" test -f "$root/usr/share/man/man1/temper.1.gz" -a -f "$root/usr/share/man/man1/temper-score.1.gz"
check "bash completion is installed" test -f "$root/usr/share/bash-completion/completions/temper"
check "the polkit action is installed" test -f "$root/usr/share/polkit-1/actions/org.temper.Temper1.policy"
check "nothing was started (no systemd here)" test ! -e "$root/run/systemd/system"
check "dpkg removes it" in_root dpkg -r temper
check "removal leaves no program" test ! -e "$root/usr/bin/temper"
check "dpkg purges it" in_root dpkg -P temper
rm -f "$root/tmp/temper.deb"
after="$(survey)"
if [ "$before" = "$after" ]; then
  echo "ok: purge leaves the root as before the installation"
else
  echo "FAILED: purge leaves the root changed:"
  diff <(echo "$before") <(echo "$after") | head -20
  failures=$((failures + 1))
fi
[ "$failures" -eq 0 ]
