#!/usr/bin/env bash
# Installs what is missing, builds only what the page needs (the WebAssembly module and the web
# app), prints the time of each phase and serves the playground on http://127.0.0.1:4173/ (or the
# next free port; it prints the URL; Ctrl+C to stop). The native runner and the unit tests are
# built by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
phases=()
phase() {  # phase NAME COMMAND...: runs it and records how long it took
  local name=$1 start=$SECONDS
  shift
  "$@"
  phases+=("$(printf '%-22s %4ds' "$name" $((SECONDS - start)))")
}
phase "install (apt, npm)" scripts/install-deps.sh
phase "wasm module" scripts/build.sh page
phase "web app (vite build)" bash -c 'cd web && npx vite build --logLevel warn'
echo "== phases"
printf '  %s\n' "${phases[@]}"
printf '  %-22s %4ds\n' "total" "$SECONDS"
cd web
# the built files as a static host sends them: brotli/gzip twins, immutable hashed assets; it
# prints the playground's URL (port 4173, or the next free one)
exec node scripts/serve.mjs --host 127.0.0.1 --port 4173 --next-free-port
