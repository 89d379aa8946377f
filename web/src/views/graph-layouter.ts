// Lays graphs out in a worker (model/layout.worker.ts): dagre takes ~5–15 ms for a few dozen
// boxes, too long to run inside a step's redraw. Where no worker can start (a CSP without
// `worker-src blob:`, or Node in tests), layouts run in the page instead, loaded on first use.
import layoutWorkerUrl from '../model/layout.worker.ts?worker&url';
import { moduleWorkerScript } from '../engine/module-worker';
import type { GraphModel } from '../model/graph';
import type { GraphLayout } from '../model/graph-layout';
import { layoutInput, type LayoutReply } from '../model/layout-protocol';

type Waiter = { resolve: (l: GraphLayout) => void; reject: (e: Error) => void };

export class GraphLayouter {
  private worker: Worker | null = null;
  private broken = typeof Worker === 'undefined';
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 0;

  /** The layout of `model` (its boxes at the sizes given). */
  layout(model: GraphModel): Promise<GraphLayout> {
    const worker = this.start();
    if (!worker) return inPage(model);
    const id = this.nextId++;
    return new Promise<GraphLayout>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, model: layoutInput(model) });
    }).catch(() => inPage(model)); // a worker that failed: lay out here rather than draw nothing
  }

  private start(): Worker | null {
    if (this.worker || this.broken) return this.worker;
    try {
      const worker = new Worker(moduleWorkerScript(layoutWorkerUrl, import.meta.url), { type: 'module', name: 'tensorplay-layout' });
      worker.onmessage = (e: MessageEvent<LayoutReply>) => {
        const w = this.waiting.get(e.data.id);
        this.waiting.delete(e.data.id);
        if (!w) return;
        if ('layout' in e.data) w.resolve(e.data.layout);
        else w.reject(new Error(e.data.error));
      };
      worker.onerror = () => this.fail(worker);
      this.worker = worker;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  /** The worker could not load (or died): every request waiting on it is laid out in the page. */
  private fail(worker: Worker): void {
    worker.terminate();
    this.worker = null;
    this.broken = true;
    for (const w of this.waiting.values()) w.reject(new Error('layout worker failed'));
    this.waiting.clear();
  }
}

let pageLayout: Promise<(m: GraphModel) => GraphLayout> | null = null;
function inPage(model: GraphModel): Promise<GraphLayout> {
  pageLayout ??= import('../model/graph-layout').then((m) => m.layoutGraph);
  return pageLayout.then((layout) => layout(model));
}
