#!/usr/bin/env bash
# System tools the tests drive for real: certutil (trust stores), Chromium (the
# browser test), PostgreSQL's server (the shared vault: the tests run initdb and
# pg_ctl themselves, as the postgres user when root) and HAProxy (bench/gateway's load
# balancer: the bench starts its own, never the system service, whose Debian default
# config serves nothing). Installed with apt-get when missing and we may (root, or sudo
# without a password); otherwise say what to install: those tests then skip, except in
# CI, which sets VEIL_REQUIRE_SYSTEM_TOOLS=1 and fails instead.
set -euo pipefail

missing=()
command -v certutil >/dev/null || missing+=(libnss3-tools)
command -v chromium >/dev/null || missing+=(chromium)
# Debian keeps initdb and pg_ctl per version, off PATH
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || command -v initdb >/dev/null ||
  missing+=(postgresql)
# Debian installs haproxy in /usr/sbin, off an ordinary user's PATH
command -v haproxy >/dev/null || [[ -x /usr/sbin/haproxy ]] || missing+=(haproxy)
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "system-packages.sh: install ${missing[*]} with your package manager for the browser, vault and gateway bench tests" >&2
  exit 0
fi
if [[ $(id -u) -eq 0 ]]; then
  as_root=()
elif sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "system-packages.sh: run 'sudo apt-get install ${missing[*]}' for the browser, vault and gateway bench tests" >&2
  exit 0
fi
echo "system-packages.sh: installing ${missing[*]} (apt-get)" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
