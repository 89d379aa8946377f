// The one file that loads the WebAssembly engine (build/wasm/tensorplay.{mjs,wasm}, see vite.config.ts);
// it runs in the engine worker. Vite fingerprints the .wasm and hands us its URL; the glue is not
// Vite-aware, so locateFile maps it. Given a module the page already compiled (compile.ts), it only
// instantiates it.
import createTensorplay from '@wasm/tensorplay.mjs';
import wasmUrl from '@wasm/tensorplay.wasm?url';
import type { TensorplayModule } from '@wasm/tensorplay.mjs';

export function loadTensorplay(compiled: WebAssembly.Module | null = null): Promise<TensorplayModule> {
  let fail: (e: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const loading = createTensorplay({
    locateFile: (path) => (path.endsWith('.wasm') ? wasmUrl : path),
    ...(compiled && {
      instantiateWasm: (imports: WebAssembly.Imports, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) => {
        // the glue has no way to hear that this failed, hence the race below
        WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled), fail);
        return {};
      },
    }),
    // The engine prints nothing itself (output is captured per Session); keep stray lines visible.
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
  });
  return Promise.race([loading, failed]);
}
