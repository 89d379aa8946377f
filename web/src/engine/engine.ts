// The one file that loads the WebAssembly engine (build/wasm/tensorplay.{mjs,wasm}, see vite.config.ts).
// Vite fingerprints the .wasm and hands us its URL; the glue is not Vite-aware, so locateFile maps it.
import createTensorplay from '@wasm/tensorplay.mjs';
import wasmUrl from '@wasm/tensorplay.wasm?url';
import type { TensorplayModule } from '@wasm/tensorplay.mjs';

export function loadTensorplay(): Promise<TensorplayModule> {
  return createTensorplay({
    locateFile: (path) => (path.endsWith('.wasm') ? wasmUrl : path),
    // The engine prints nothing itself (output is captured per Session); keep stray lines visible.
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
  });
}
