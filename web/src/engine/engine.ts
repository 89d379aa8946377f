// The one file that loads the WebAssembly engine (build/wasm, see vite.config.ts); it runs in the
// engine worker. Two modules (Note [Two modules] in engine/bindings/library_variant.h): the core one,
// which the page compiles at once (compile.ts), and the full one, whose glue and .wasm are fetched
// only when a program needs a name the core lacks (host.ts). Vite fingerprints each .wasm and hands
// us its URL; the glue is not Vite-aware, so locateFile maps it. Given a module the page already
// compiled, it only instantiates it.
import createCore from '@wasm/tensorplay-core.mjs';
import coreWasmUrl from '@wasm/tensorplay-core.wasm?url';
import type { TensorplayModule, TensorplayOptions } from '@wasm/tensorplay.mjs';

type Create = (options: TensorplayOptions) => Promise<TensorplayModule>;

function instantiate(create: Create, wasmUrl: string, compiled: WebAssembly.Module | null): Promise<TensorplayModule> {
  let fail: (e: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const loading = create({
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

/** The core module: what the page loads first. */
export function loadTensorplay(compiled: WebAssembly.Module | null = null): Promise<TensorplayModule> {
  return instantiate(createCore, coreWasmUrl, compiled);
}

/** The full module, glue and .wasm fetched now (a separate chunk: never part of the first load). */
export async function loadFullTensorplay(): Promise<TensorplayModule> {
  const [glue, wasm] = await Promise.all([import('@wasm/tensorplay.mjs'), import('@wasm/tensorplay.wasm?url')]);
  return instantiate(glue.default, wasm.default, null);
}
