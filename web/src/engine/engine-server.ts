// The worker's side of the protocol: loads the module into an EngineHost (which keeps the module
// after an EngineError and re-creates it after any other throw) and answers requests one at a time,
// in arrival order. Kept apart from engine.worker.ts so tests can drive it through a fake port.
import { EngineHost, type ModuleFactory } from './host';
import type { EngineReply, EngineRequest, OutcomeOf } from './protocol';

/** The part of a worker's global scope (or a MessagePort) the server needs. */
export interface ServerPort {
  postMessage(message: EngineReply): void;
  onmessage: ((e: { data: EngineRequest }) => void) | null;
}

/** `factory` loads the core module, `full` the full one a program may need (host.ts). */
export function serveEngine(port: ServerPort, factory: ModuleFactory, full: ModuleFactory | null = null): void {
  const hostPromise = EngineHost.create(factory, full);
  /** the request being answered (one at a time), whose progress a switch to the full module is */
  let current = 0;
  hostPromise.then(
    (host) => {
      host.onLoadingFull = (needed) => port.postMessage({ type: 'progress', id: current, loadingFull: needed });
      port.postMessage({ type: 'ready', version: host.version });
    },
    (e: unknown) => port.postMessage({ type: 'load-failed', message: e instanceof Error ? e.message : String(e) }),
  );
  // Requests that arrive while the module loads (or while a run is going: the engine is
  // synchronous, so the next message waits anyway) are answered in order.
  let queue: Promise<void> = Promise.resolve();
  port.onmessage = (e) => {
    const req = e.data;
    queue = queue.then(async () => {
      current = req.id;
      port.postMessage({ type: 'reply', id: req.id, outcome: await answer(hostPromise, req) });
    });
  };
}

async function answer(hostPromise: Promise<EngineHost>, req: EngineRequest): Promise<OutcomeOf[keyof OutcomeOf]> {
  try {
    const host = await hostPromise;
    switch (req.op) {
      case 'run': return await host.runJson(req.source);
      case 'exec': return await host.exec(req.line);
      case 'reprs': return host.reprs(req.refs);
      case 'reset':
        await host.reset();
        return { kind: 'done' };
    }
  } catch (e) {
    // the module failed to load, or failed to re-load after a crash
    const d = e instanceof Error ? { name: e.name, message: e.message } : { name: typeof e, message: String(e) };
    return { kind: 'failure', fatal: true, ...d };
  }
}
