#!/usr/bin/env bash
# Size report of the WASM module: relinks the objects of build/wasm (run `scripts/build.sh wasm` first)
# with --profiling-funcs into build/wasm-prof (same code, plus a name section), then prints code bytes
# per category / source file and the data section's RTTI strings (scripts/wasm-size-report.py).
#   scripts/wasm-size-report.sh [extra args for wasm-size-report.py, e.g. --top 40 --by-file]
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/wasm-prof
link=$(cat build/wasm/CMakeFiles/tensorplay_wasm.dir/link.txt)
link=${link/ -o tensorplay.mjs / --profiling-funcs -o ../wasm-prof/tensorplay.mjs }
(cd build/wasm && eval "$link")
echo "shipped: $(stat -c %s build/wasm/tensorplay.wasm) bytes, gzip -9: $(gzip -9c build/wasm/tensorplay.wasm | wc -c) bytes"
python3 scripts/wasm-size-report.py build/wasm-prof/tensorplay.wasm --objects build/wasm/CMakeFiles "$@"
