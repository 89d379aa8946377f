// Fetches and compiles the engine's core .wasm (engine.ts) on the page, without the glue, while the worker boots.
// A WebAssembly.Module can be posted to workers, so every worker the page starts (a fresh one after
// Stop, say) only instantiates it instead of fetching and compiling 2.4 MB again.
import wasmUrl from '@wasm/tensorplay-core.wasm?url';

export async function compileTensorplay(): Promise<WebAssembly.Module | null> {
  try {
    return await WebAssembly.compileStreaming(fetch(wasmUrl));
  } catch {
    return null; // the worker fetches it itself
  }
}
