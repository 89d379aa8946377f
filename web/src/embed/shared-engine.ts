// One engine for every <tensor-playground> on a page: one download and compile of the .wasm, one
// worker, started by the first embed that scrolls into view. Each embed sends its own program and
// keeps the trace it got back, so they never see each other's state (the worker answers requests
// one at a time, in order).
//
// Loaded from another origin (a CDN), a page may not start a worker from the script's URL: the
// worker then starts from a same-origin blob: URL whose only line imports the real worker module
// (the host's CSP must allow `worker-src blob:`, and the CDN must send CORS headers; see README).
import wasmUrl from '@wasm/tensorplay.wasm?url';
import workerUrl from '../engine/engine.worker.ts?worker&url';
import { compileTensorplay } from '../engine/compile';
import type { EngineInit } from '../engine/protocol';
import { WorkerHost } from '../engine/worker-host';

let engine: Promise<WorkerHost> | null = null;

/** The address of a file of the built site, absolute (the element's script may be on a CDN). */
export function siteUrl(path: string): string {
  return new URL(path, new URL(wasmUrl, import.meta.url)).href;
}

function workerScript(): string {
  const url = new URL(workerUrl, import.meta.url);
  if (url.origin === location.origin) return url.href;
  const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return URL.createObjectURL(blob);
}

export function sharedEngine(): Promise<WorkerHost> {
  if (!engine) {
    const compiled = compileTensorplay();
    const script = workerScript();
    engine = WorkerHost.create(() => {
      const worker = new Worker(script, { type: 'module', name: 'tensorplay' });
      void compiled.then((wasm) => worker.postMessage({ op: 'init', wasm } satisfies EngineInit));
      return worker;
    });
  }
  return engine;
}
