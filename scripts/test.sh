#!/usr/bin/env bash
# Runs every test: Catch2 unit tests + golden programs + PyTorch conformance (CTest, native),
# the engine's unit tests compiled to WebAssembly under Node, and the web app's Vitest and
# browser (Playwright + Chromium) tests, then the benchmarks. Installs whatever is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh

echo "== native build + CTest (unit, golden, pydiff, rooms, conformance)"
[ -x ../shared/conformance/run ] || echo "note: ../shared/conformance is not beside this clone; the shared PyTorch conformance cases are skipped"
scripts/build.sh native
(cd build/native && ctest --output-on-failure -j2)

echo "== native unit, golden and hostile tests under AddressSanitizer + UndefinedBehaviorSanitizer"
# ... with the outputs kernels promised to overwrite pre-filled with 0xFF (Note [Storage fill]): a
# kernel that leaves an element unwritten prints NaN or -1 there and fails its golden
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTP_SANITIZE=ON -DTP_POISON_FOR_OVERWRITE=ON >/dev/null
cmake --build build/asan -j"$(nproc)"
(cd build/asan && ASAN_OPTIONS=detect_leaks=0 ctest -j2 --output-on-failure)

echo "== wasm build + engine unit tests under Node"
scripts/build.sh wasm
node --no-experimental-fetch build/wasm/tensorplay_unit_tests_wasm.js  # emscripten 3.1.6 would fetch() the .wasm path in Node 20

if [ -f web/package.json ]; then
  echo "== web: typecheck, Vitest, production build, browser tests"
  (cd web && npx tsc --noEmit && npx vitest run && npx vite build && node --test e2e/)
  echo "== benchmarks (print figures; fail only on gross regressions)"
  scripts/build.sh bench  # the kernel benchmark's native and WebAssembly programs
  (cd web && node scripts/bench.mjs --loads 3 && node --no-experimental-fetch scripts/bench-kernels.mjs &&
    node --no-experimental-fetch scripts/bench-trace.mjs)
fi
echo "== all tests passed"
