// Messages between the page and the layout worker (model/layout.worker.ts).
import type { GraphModel } from './graph';
import type { GraphLayout } from './graph-layout';

export interface LayoutRequest {
  id: number;
  model: GraphModel;
}

export type LayoutReply = { id: number; layout: GraphLayout } | { id: number; error: string };

/** What dagre needs of a graph: sizes and edges, not the boxes' texts (a smaller message). */
export function layoutInput(m: GraphModel): GraphModel {
  return {
    boxes: m.boxes.map((b) => ({ ...b, subtitle: [], stale: [] })),
    edges: m.edges,
  };
}
