# Sourced by scripts/package-deb.sh with $library set: builds libtemperN and libtemper-dev beside the temper
# package and prints their paths. Uses package-deb.sh's root, outdir, version, architecture, debian and
# depends_of.
# shellcheck shell=bash

abi="$(sed -n 's/^#define TEMPER_ABI_VERSION \([0-9][0-9]*\)$/\1/p' "$root/Sources/TemperC/include/temper.h")"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)"
runtime="libtemper$abi"
all="$(mktemp -d "${TMPDIR:-/tmp}/temper-deb-library.XXXXXX")"
trap 'rm -rf "$stage" "$all"' EXIT
chmod 0755 "$all"
"$root/scripts/install.sh" --prefix /usr --libdir "/usr/lib/$multiarch" --destdir "$all" --binary "$binary" \
  --library "$library" --strip >/dev/null
shared="$all/usr/lib/$multiarch/libtemper.so.$abi"

# One stage per package: the runtime takes the library, -dev the link, the header and the pkg-config file.
lib_stage="$all/runtime"
dev_stage="$all/dev"
install -d "$lib_stage/usr/lib/$multiarch" "$dev_stage/usr/lib/$multiarch/pkgconfig" "$dev_stage/usr/include"
cp -a "$shared" "$lib_stage/usr/lib/$multiarch/"
cp -a "$all/usr/lib/$multiarch/libtemper.so" "$dev_stage/usr/lib/$multiarch/"
cp -a "$all/usr/lib/$multiarch/pkgconfig/temper.pc" "$dev_stage/usr/lib/$multiarch/pkgconfig/"
cp -a "$all/usr/include/temper.h" "$dev_stage/usr/include/"

# control_files STAGE PACKAGE: the copyright, changelog and md5sums every package carries.
control_files() {
  local stage="$1" package="$2"
  install -d "$stage/usr/share/doc/$package" "$stage/DEBIAN"
  install -m 0644 "$debian/copyright" "$stage/usr/share/doc/$package/copyright"
  gzip -9n < "$debian/changelog" > "$stage/usr/share/doc/$package/changelog.gz"
  chmod 0644 "$stage/usr/share/doc/$package/changelog.gz"
  (cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
}

control_files "$lib_stage" "$runtime"
# The ABI's symbols, each since this release, so a program built now asks for at least this version.
{
  echo "libtemper.so.$abi $runtime #MINVER#"
  echo "* Build-Depends-Package: libtemper-dev"
  objdump -T "$shared" | awk -v version="$version" '$4 == "LIBTEMPER_1" && $NF ~ /^temper_/ { print " " $NF "@LIBTEMPER_1 " version }' | sort
  echo " LIBTEMPER_1@LIBTEMPER_1 $version"
} > "$lib_stage/DEBIAN/symbols"
echo "libtemper $abi $runtime (>= $version)" > "$lib_stage/DEBIAN/shlibs"
echo "activate-noawait ldconfig" > "$lib_stage/DEBIAN/triggers"
chmod 0644 "$lib_stage/DEBIAN/symbols" "$lib_stage/DEBIAN/shlibs" "$lib_stage/DEBIAN/triggers"
cat > "$lib_stage/DEBIAN/control" <<CONTROL
Package: $runtime
Source: temper
Version: $version
Architecture: $architecture
Multi-Arch: same
Maintainer: Temper <dev@temper.invalid>
Installed-Size: $(du -sk "$lib_stage" --exclude=DEBIAN | cut -f1)
Depends: $(depends_of "$shared")
Section: libs
Priority: optional
Description: power- and thermal-aware feedback governor (shared library)
 libtemper embeds Temper's governor and energy scorer in a C, C++, Rust or
 Python program: it scores haptic patterns in memory, decides feedback
 requests under a thermal and power condition, and runs simulated scenarios.
 It carries the Swift runtime it was built with and exports only its C API.
 .
 This package holds the shared library.
CONTROL

control_files "$dev_stage" libtemper-dev
cat > "$dev_stage/DEBIAN/control" <<CONTROL
Package: libtemper-dev
Source: temper
Version: $version
Architecture: $architecture
Multi-Arch: same
Maintainer: Temper <dev@temper.invalid>
Installed-Size: $(du -sk "$dev_stage" --exclude=DEBIAN | cut -f1)
Depends: $runtime (= $version)
Section: libdevel
Priority: optional
Description: power- and thermal-aware feedback governor (development files)
 libtemper embeds Temper's governor and energy scorer in a C, C++, Rust or
 Python program: it scores haptic patterns in memory, decides feedback
 requests under a thermal and power condition, and runs simulated scenarios.
 .
 This package holds the header temper.h and the pkg-config file temper.pc:
 build with \`pkg-config --cflags --libs temper\`.
CONTROL

for entry in "$lib_stage:$runtime" "$dev_stage:libtemper-dev"; do
  built="$outdir/${entry#*:}_${version}_${architecture}.deb"
  dpkg-deb --build --root-owner-group -Z"${TEMPER_DEB_COMPRESSION:-xz}" "${entry%%:*}" "$built" >/dev/null
  echo "$built"
done
