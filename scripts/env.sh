# Sourced by the other scripts: puts Swift on PATH and lets a normal user build from this machine's package mirror.
# shellcheck shell=bash

if ! command -v swift >/dev/null 2>&1; then
  for candidate in /opt/swift/usr/bin /opt/swift/bin; do
    if [ -x "$candidate/swift" ]; then export PATH="$candidate:$PATH"; break; fi
  done
fi

# SwiftPM fetches dependencies with git. Where git is told to take github.com from a local mirror that another
# user (root) owns, git refuses those repositories to a normal user as "dubious ownership". Trust exactly the
# mirror's repositories, for this run only, through a private global config that still includes the user's own.
if [ "$(id -u)" -ne 0 ]; then
  mirrors=$(git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null | sed -E 's/^url\.(.*)\.insteadof .*/\1/' | sort -u)
  trusted=()
  for mirror in $mirrors; do
    [ -d "$mirror" ] || continue
    while IFS= read -r repository; do trusted+=("$repository"); done < <(find "$mirror" -mindepth 1 -maxdepth 2 -name '*.git' -type d)
  done
  if [ ${#trusted[@]} -gt 0 ]; then
    GIT_CONFIG_GLOBAL="${TMPDIR:-/tmp}/temper-gitconfig-$(id -u)"
    {
      if [ -f "$HOME/.gitconfig" ]; then printf '[include]\n\tpath = %s\n' "$HOME/.gitconfig"; fi
      printf '[safe]\n'
      for repository in "${trusted[@]}"; do printf '\tdirectory = %s\n' "$repository"; done
    } > "$GIT_CONFIG_GLOBAL"
    export GIT_CONFIG_GLOBAL
  fi
fi
