// Graph layouts cached by the graph's shape, not its ids. A training loop builds the same graph
// every iteration from new autograd nodes and tensors (new keys) whose texts differ a little (a
// gradient's digits): laid out once, with box widths rounded up to a grid, the layout is
// re-labelled with each iteration's keys instead of running dagre again on every step. Pure.
import type { GraphModel } from './graph';
import type { GraphLayout, PlacedBox } from './graph-layout';

interface Entry {
  layout: GraphLayout;
  /** the box keys the layout was computed with, in the model's box order */
  keys: string[];
}

/** Box widths are laid out rounded up to this grid, so that a few characters more or less in a
 * label keep the layout (the box is drawn at its own width, centred in the room kept for it). */
export const WIDTH_GRID = 48;

/** The model as it is laid out: the same boxes and edges, widths on the grid. */
export function layoutShape(m: GraphModel): GraphModel {
  return { ...m, boxes: m.boxes.map((b) => ({ ...b, width: Math.ceil(b.width / WIDTH_GRID) * WIDTH_GRID })) };
}

/** Boxes by position and size, edges by the positions of their ends: equal for equal shapes. */
export function shapeKey(m: GraphModel): string {
  const index = new Map(m.boxes.map((b, i) => [b.key, i]));
  return JSON.stringify([
    m.boxes.map((b) => [Math.ceil(b.width / WIDTH_GRID), b.height]),
    m.edges.map((e) => [index.get(e.from) ?? -1, index.get(e.to) ?? -1, e.labelWidth, e.labelHeight]),
  ]);
}

export class LayoutCache {
  private readonly entries = new Map<string, Entry>();
  /** layouts computed (tests and benchmarks read it) */
  computed = 0;

  constructor(private readonly capacity = 256) {}

  get(model: GraphModel, layout: (m: GraphModel) => GraphLayout): GraphLayout {
    return this.peek(model) ?? this.store(model, layout(layoutShape(model)));
  }

  /** The layout for `model`'s shape if one was computed, with `model`'s keys and labels. */
  peek(model: GraphModel): GraphLayout | null {
    const entry = this.entries.get(shapeKey(model));
    if (!entry) return null;
    return model.boxes.every((b, i) => b.key === entry.keys[i]) ? entry.layout : relabel(entry, model);
  }

  /** Keeps `layout`, computed for `layoutShape(model)`, for every graph of that shape. */
  store(model: GraphModel, layout: GraphLayout): GraphLayout {
    const key = shapeKey(model);
    if (!this.entries.has(key)) {
      this.computed++;
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, { layout, keys: model.boxes.map((b) => b.key) });
    return layout;
  }
}

/** The cached layout with `model`'s keys and edge labels put in place of the ones it was made with. */
function relabel(entry: Entry, model: GraphModel): GraphLayout {
  const { layout, keys } = entry;
  const boxes = new Map<string, PlacedBox>();
  model.boxes.forEach((b, i) => {
    const p = layout.boxes.get(keys[i]);
    if (p) boxes.set(b.key, { ...p, key: b.key });
  });
  const edges = layout.edges.map((e, i) => {
    const now = model.edges[i];
    return { ...e, from: now.from, to: now.to, label: now.label, flow: now.flow };
  });
  return { width: layout.width, height: layout.height, boxes, edges };
}
