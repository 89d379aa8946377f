// One engine for every <tensor-playground> on a page: one download and compile of the .wasm, one
// worker, started by the first embed that scrolls into view. Each embed sends its own program and
// keeps the trace it got back, so they never see each other's state (the worker answers requests
// one at a time, in order).
// Loaded from another origin (a CDN), the worker starts through a blob: URL (module-worker.ts).
import wasmUrl from '@wasm/tensorplay-core.wasm?url';
import workerUrl from '../engine/engine.worker.ts?worker&url';
import { compileTensorplay } from '../engine/compile';
import { moduleWorkerScript } from '../engine/module-worker';
import type { EngineInit } from '../engine/protocol';
import { WorkerHost } from '../engine/worker-host';

let engine: Promise<WorkerHost> | null = null;

/** The address of a file of the built site, absolute (the element's script may be on a CDN). */
export function siteUrl(path: string): string {
  return new URL(path, new URL(wasmUrl, import.meta.url)).href;
}

export function sharedEngine(): Promise<WorkerHost> {
  if (!engine) {
    const compiled = compileTensorplay();
    const script = moduleWorkerScript(workerUrl, import.meta.url);
    engine = WorkerHost.create(() => {
      const worker = new Worker(script, { type: 'module', name: 'tensorplay' });
      void compiled.then((wasm) => worker.postMessage({ op: 'init', wasm } satisfies EngineInit));
      return worker;
    });
  }
  return engine;
}
