// The dedicated module worker that runs the engine, so that a long program never freezes the page
// (the page can only end a run by terminating this worker; see worker-host.ts). Its first message
// is the compiled core engine (EngineInit; the full one it loads itself when a program needs it);
// requests that come before the module is ready wait for it.
import { loadFullTensorplay, loadTensorplay } from './engine';
import { serveEngine, type ServerPort } from './engine-server';
import type { EngineInit, EngineRequest } from './protocol';

const scope = self as unknown as ServerPort;
let receiveWasm: (wasm: WebAssembly.Module | null) => void = () => {};
const wasm = new Promise<WebAssembly.Module | null>((resolve) => (receiveWasm = resolve));
const port: ServerPort = { postMessage: (m) => scope.postMessage(m), onmessage: null };
(self as unknown as { onmessage: (e: { data: EngineRequest | EngineInit }) => void }).onmessage = (e) => {
  if (e.data.op === 'init') receiveWasm(e.data.wasm);
  else port.onmessage?.({ data: e.data });
};
serveEngine(port, async () => loadTensorplay(await wasm), loadFullTensorplay);
