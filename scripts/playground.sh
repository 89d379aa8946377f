#!/usr/bin/env bash
# Installs what is missing, builds the engine (native + WebAssembly) and the web app, and serves
# the playground on http://127.0.0.1:4173/ (Ctrl+C to stop).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh all
if [ -f web/package.json ]; then
  cd web
  npx vite build >/dev/null
  echo "tensorplay playground: http://127.0.0.1:4173/"
  exec npx vite preview --host 127.0.0.1 --port 4173 --strictPort
else
  echo "(web app not built yet) running an example through the native runner:"
  build/native/tensorplay run examples/01_clone_detach_data.py
fi
