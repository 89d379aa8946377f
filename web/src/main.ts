// Entry point: start the engine worker, paint the page, then run the program once the engine is ready.
import './styles.css';
import { App } from './app';
import { compileTensorplay } from './engine/compile';
import type { EngineInit } from './engine/protocol';
import { prefetchFullEngine } from './engine/prefetch-full';
import { WorkerHost } from './engine/worker-host';
import { registerOffline } from './offline/register';

// The engine runs in a module worker so a long program never blocks the page (Vite bundles it).
// The page fetches and compiles the .wasm meanwhile and hands the module to every worker it starts.
const compiled = compileTensorplay();
function spawnEngine(): Worker {
  const worker = new Worker(new URL('./engine/engine.worker.ts', import.meta.url), { type: 'module' });
  void compiled.then((wasm) => worker.postMessage({ op: 'init', wasm } satisfies EngineInit));
  return worker;
}
// started before the page is built, so the worker boots while the editor and panels are made
const host = WorkerHost.create(spawnEngine);

// CodeMirror's chunk (~100 KB) is fetched once the .wasm has arrived and compiled, so that neither
// its download nor its ~90 ms of main-thread work (the wasm's bytes are read on this thread) slows
// the engine's; the textarea shell shows the code and runs it meanwhile.
const app = new App(document.getElementById('app')!, { editorAfter: compiled });
(window as unknown as { __tensorplay: App }).__tensorplay = app;
// after the first run, when the page is idle: the full engine, so a program that needs it waits for nothing
void app.attach(host).then(() => host).then(async () => {
  app.diagnostics.prefetch = 'waiting';
  app.diagnostics.prefetch = await prefetchFullEngine();
}, () => {});
registerOffline('./', host);
