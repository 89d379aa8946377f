#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine is missing (idempotent): the C++/WASM toolchain from
# Debian, and the web app's npm packages from the committed lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
# node/npm come from nodesource on these machines; Debian's npm conflicts with it, so only check.
command -v node >/dev/null && command -v npm >/dev/null || { echo "install-deps: need node >= 20 and npm" >&2; exit 1; }
for p in cmake g++ make emscripten libxtensor-dev xtl-dev libfmt-dev catch2 node-acorn chromium ccache python3 clang libclang-rt-14-dev fonts-wqy-zenhei; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if ((${#need[@]})); then
  echo "install-deps: apt-get install ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
if [ -f web/package-lock.json ]; then
  if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
