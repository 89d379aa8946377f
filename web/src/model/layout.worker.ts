// The graph panel's layout worker: dagre runs here, off the page's main thread, so a step whose
// graph has a shape not laid out before never waits for it (views/graph-layouter.ts).
import { layoutGraph } from './graph-layout';
import type { LayoutReply, LayoutRequest } from './layout-protocol';

self.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const { id, model } = e.data;
  try {
    self.postMessage({ id, layout: layoutGraph(model) } satisfies LayoutReply);
  } catch (err) {
    self.postMessage({ id, error: String(err) } satisfies LayoutReply);
  }
};
