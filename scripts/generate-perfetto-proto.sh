#!/usr/bin/env bash
# Regenerates Sources/TemperPerfetto/Generated/perfetto_trace.pb.swift from the .proto beside it. Run it by
# hand after changing the .proto and commit the result; the build never runs protoc (too slow for CI).
#
# Needs protoc (Debian: protobuf-compiler) and protoc-gen-swift of the swift-protobuf version Package.resolved pins,
# which it builds in a scratch folder outside the repository unless PROTOC_GEN_SWIFT names one already built.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/env.sh"
command -v protoc >/dev/null 2>&1 || { echo "generate-perfetto-proto: protoc is missing (apt-get install protobuf-compiler)" >&2; exit 2; }

plugin=${PROTOC_GEN_SWIFT:-}
if [ -z "$plugin" ]; then
  version=$(python3 -c 'import json,sys; pins=json.load(open(sys.argv[1]))["pins"]; print(next(p["state"]["version"] for p in pins if p["identity"]=="swift-protobuf"))' "$root/Package.resolved")
  scratch=${TMPDIR:-/tmp}/temper-protoc-gen-swift-$version
  if [ ! -d "$scratch" ]; then
    git clone --quiet --depth 1 --branch "$version" https://github.com/apple/swift-protobuf.git "$scratch"
  fi
  (cd "$scratch" && swift build -c release --product protoc-gen-swift >/dev/null)
  plugin="$scratch/.build/release/protoc-gen-swift"
fi

out="$root/Sources/TemperPerfetto/Generated"
mkdir -p "$out"
protoc --plugin=protoc-gen-swift="$plugin" --proto_path="$out" --swift_opt=Visibility=Internal \
  --swift_out="$out" "$out/perfetto_trace.proto"
# protoc-gen-swift marks the file `swift-format-ignore-file` itself, so the lint leaves its layout alone.
echo "generate-perfetto-proto: wrote $out/perfetto_trace.pb.swift"
