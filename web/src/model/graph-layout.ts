// Lays out the autograd graph with dagre (left → right along gradient flow, to fit a wide panel). Loaded lazily: the
// first paint does not need it. Pure computation, no DOM.
import dagre from '@dagrejs/dagre';
import type { GraphModel } from './graph';

export interface PlacedBox {
  key: string;
  x: number; // centre
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  label: string;
  flow: string;
  points: { x: number; y: number }[];
  /** centre of the room kept for the edge's labels (null when it has none) */
  labelAt: { x: number; y: number } | null;
}

export interface GraphLayout {
  width: number;
  height: number;
  boxes: Map<string, PlacedBox>;
  edges: PlacedEdge[];
}

/** Room between an edge's line and its label box. */
const LABEL_GAP = 3;

export function layoutGraph(model: GraphModel): GraphLayout {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 18, ranksep: 44, edgesep: 12, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const b of model.boxes) g.setNode(b.key, { width: b.width, height: b.height });
  // labelled edges get a box of their own in the layout, so labels never sit on a node; the box
  // sits just above its edge ('l' of a left-to-right edge), so the line never runs through the text
  model.edges.forEach((e, i) => {
    const room = { width: e.labelWidth, height: e.labelHeight, labelpos: 'l', labeloffset: LABEL_GAP };
    g.setEdge(e.from, e.to, e.labelWidth ? { label: e.label, ...room } : { label: e.label }, `e${i}`);
  });
  dagre.layout(g);
  const boxes = new Map<string, PlacedBox>();
  for (const b of model.boxes) {
    const n = g.node(b.key);
    boxes.set(b.key, { key: b.key, x: n.x ?? 0, y: n.y ?? 0, width: b.width, height: b.height });
  }
  const edges = model.edges.map((e, i) => {
    const label = g.edge({ v: e.from, w: e.to, name: `e${i}` });
    const points = (label?.points ?? []).map((p: { x: number; y: number }) => ({ x: p.x, y: p.y }));
    const labelAt = e.labelWidth && label?.x !== undefined ? { x: label.x as number, y: label.y as number } : null;
    const drawn = labelAt ? levelUnderLabel(points, labelAt, e.labelWidth) : points;
    return { from: e.from, to: e.to, label: e.label, flow: e.flow, points: drawn, labelAt };
  });
  const graph = g.graph();
  return { width: graph.width ?? 0, height: graph.height ?? 0, boxes, edges };
}

/** dagre bends a labelled edge at one point below its label's middle; between two boxes at
 * different heights the slanted lines either side of that point can cut the label's lower corners.
 * The edge runs level under the label's whole width instead. */
function levelUnderLabel(points: { x: number; y: number }[], at: { x: number; y: number }, width: number) {
  const i = points.findIndex((p) => Math.abs(p.x - at.x) < 0.5);
  if (i <= 0 || i >= points.length - 1) return points;
  const { y } = points[i];
  const left = Math.max(at.x - width / 2, points[i - 1].x), right = Math.min(at.x + width / 2, points[i + 1].x);
  return [...points.slice(0, i), { x: left, y }, { x: right, y }, ...points.slice(i + 1)];
}
