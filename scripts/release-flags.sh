# Sourced by scripts/build-release.sh and scripts/build-library.sh: the flags both release products are built
# with (the library swaps -Osize for -O, in its own build folder).
# shellcheck shell=bash
# shellcheck disable=SC2034  # used by the scripts that source this
release_flags=(
  --static-swift-stdlib -Xswiftc -Osize
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
  -Xswiftc -use-ld=lld
  -Xlinker -z -Xlinker pack-relative-relocs
)
