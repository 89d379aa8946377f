#!/usr/bin/env bash
# Builds the engine.
#   scripts/build.sh page    the WebAssembly modules the page loads only: build/wasm/tensorplay-core.mjs
#                            first, tensorplay.mjs when a program needs it (Note [Two modules])
#   scripts/build.sh native  the native runner + unit tests (build/native)
#   scripts/build.sh wasm    every WebAssembly target: the module and the unit tests run under Node
#   scripts/build.sh all     native + wasm
#   scripts/build.sh bench   the kernel benchmark, native and WebAssembly (web/scripts/bench-kernels.mjs)
# TP_WASM_LTO=OFF builds the module without link-time optimisation (faster link, slightly larger
# and slower module; the published site and the benchmarks keep the default ON).
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
JOBS=${JOBS:-$(nproc)}
configure_wasm() {
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node \
    -DTP_WASM_LTO="${TP_WASM_LTO:-ON}" >/dev/null
}
case $what in
  native|all)
    cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build/native -j"$JOBS" ;;&
  wasm|all)
    configure_wasm
    cmake --build build/wasm -j"$JOBS" ;;
  page)
    configure_wasm
    cmake --build build/wasm -j"$JOBS" --target tensorplay_core_wasm tensorplay_wasm ;;
  bench)
    cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build/native -j"$JOBS" --target tensorplay_bench_kernels
    configure_wasm
    cmake --build build/wasm -j"$JOBS" --target tensorplay_wasm tensorplay_bench_kernels_wasm ;;
  native) ;;
  *) echo "usage: scripts/build.sh page|native|wasm|all|bench" >&2; exit 2 ;;
esac
