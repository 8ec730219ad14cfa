#!/usr/bin/env bash
# Writes temper's man pages and shell completions, both generated from its argument parser, into OUTDIR:
#   OUTDIR/man/temper.1 (swift-argument-parser's generate-manual: every command on one page)
#   OUTDIR/completions/temper.bash, _temper (zsh), temper.fish (temper --generate-completion-script)
#
#   scripts/generate-docs.sh BINARY OUTDIR
#
# generate-manual is built once (a debug build: about a minute) from the swift-argument-parser the package
# resolved, into .build/tools/argument-parser. The pages are dated from packaging/debian/changelog's latest entry, so the same
# sources give the same pages.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:?usage: generate-docs.sh BINARY OUTDIR}"
outdir="${2:?usage: generate-docs.sh BINARY OUTDIR}"
[ -x "$binary" ] || { echo "generate-docs: no temper binary at $binary" >&2; exit 2; }

source "$root/scripts/env.sh"
parser="$root/.build/checkouts/swift-argument-parser"
if [ ! -d "$parser" ]; then
  (cd "$root" && swift package resolve >/dev/null)
fi
tools="$root/.build/tools/argument-parser"
generator="$tools/debug/generate-manual"
if [ ! -x "$generator" ]; then
  swift build --package-path "$parser" --scratch-path "$tools" --product generate-manual >&2
fi

# The changelog's date line: " -- Name <mail>  Thu, 26 Nov 2026 06:00:00 +0000".
stamp="$(sed -n 's/^ -- .*>  //p' "$root/packaging/debian/changelog" | head -1)"
date="$(date -u -d "$stamp" +%Y-%m-%d)"

mkdir -p "$outdir/man" "$outdir/completions"
"$generator" "$binary" --date "$date" --authors "The Temper authors" --output-directory "$outdir/man" >&2
# The help texts' blank lines between paragraphs become mdoc's paragraph macro (groff warns on empty lines).
sed -i 's/^$/.Pp/' "$outdir/man/temper.1"
# A completion file is sourced, not run: no #! line (lintian's bash-completion-with-hashbang).
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$outdir/completions/temper.bash"
"$binary" --generate-completion-script zsh > "$outdir/completions/_temper"
"$binary" --generate-completion-script fish > "$outdir/completions/temper.fish"
