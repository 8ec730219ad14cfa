#!/usr/bin/env bash
# Writes temper's man pages and shell completions, both generated from its argument parser, into OUTDIR:
#   OUTDIR/man/temper.1, temper-score.1, … (scripts/generate-man.py: one page per command, temper(1) the index)
#   OUTDIR/completions/temper.bash, _temper (zsh), temper.fish (temper --generate-completion-script)
#
#   scripts/generate-docs.sh BINARY OUTDIR
#
# The man pages are also checked in, reviewed, under packaging/man/ (what install.sh and the .deb install); after
# changing a command's help, refresh them with: python3 scripts/generate-man.py .build/debug/temper packaging/man
# (a test compares them with what the generator makes).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:?usage: generate-docs.sh BINARY OUTDIR}"
outdir="${2:?usage: generate-docs.sh BINARY OUTDIR}"
[ -x "$binary" ] || { echo "generate-docs: no temper binary at $binary" >&2; exit 2; }

mkdir -p "$outdir/man" "$outdir/completions"
python3 "$root/scripts/generate-man.py" "$binary" "$outdir/man"
# A completion file is sourced, not run: no #! line (lintian's bash-completion-with-hashbang).
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$outdir/completions/temper.bash"
"$binary" --generate-completion-script zsh > "$outdir/completions/_temper"
"$binary" --generate-completion-script fish > "$outdir/completions/temper.fish"
