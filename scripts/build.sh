#!/usr/bin/env bash
# Builds the native runner + tests (build/native) and, when asked, the WASM module (build/wasm).
#   scripts/build.sh native | wasm | all
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
JOBS=${JOBS:-2}
if [[ $what == native || $what == all ]]; then
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$JOBS"
fi
if [[ $what == wasm || $what == all ]]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node >/dev/null
  cmake --build build/wasm -j"$JOBS"
fi
