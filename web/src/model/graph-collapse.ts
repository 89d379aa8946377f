// Long chains of autograd nodes drawn as one box. An unrolled loop (`y = y * 1.001` 500 times)
// makes a graph of hundreds of nodes in a line: laid out in full it is unreadable and takes dagre
// seconds. Past a size, every run of plain nodes (one edge in, one edge out, nothing flagged or
// stale) longer than MIN_RUN keeps its first and last KEEP nodes and shows the middle as one box
// that says how many nodes it stands for and which. The backward animation maps the hidden nodes'
// frames onto that box. Pure.
import type { BackwardFrame, GraphBox, GraphEdge, GraphModel } from './graph';
import { t as tr, type Lang } from './i18n';

/** Graphs up to this many boxes are drawn whole. */
export const COLLAPSE_ABOVE = 40;
const MIN_RUN = 8;
const KEEP = 2;

export interface CollapsedGraph extends GraphModel {
  /** hidden box key → the key of the box that stands for it */
  hidden: Map<string, string>;
}

type Sizer = (title: string, lines: GraphBox['subtitle']) => { width: number; height: number };

export function collapseChains(m: GraphModel, lang: Lang, size: Sizer): CollapsedGraph {
  const hidden = new Map<string, string>();
  if (m.boxes.length <= COLLAPSE_ABOVE) return { ...m, hidden };
  const into = new Map<string, GraphEdge[]>(), from = new Map<string, GraphEdge[]>();
  for (const e of m.edges) {
    (from.get(e.from) ?? from.set(e.from, []).get(e.from)!).push(e);
    (into.get(e.to) ?? into.set(e.to, []).get(e.to)!).push(e);
  }
  const byKey = new Map(m.boxes.map((b) => [b.key, b]));
  const plain = (b: GraphBox | undefined): b is GraphBox => b !== undefined && b.kind === 'node' && !b.flagged &&
    b.stale.length === 0 && b.subtitle.every((l) => l.kind === 'plain' || l.kind === 'freed') &&
    from.get(b.key)?.length === 1 && into.get(b.key)?.length === 1;

  const added: GraphBox[] = [];
  const addedEdges: GraphEdge[] = [];
  for (const b of m.boxes) {
    if (!plain(b) || plain(byKey.get(into.get(b.key)![0].from))) continue; // not the head of a run
    const run = [b];
    for (let next = byKey.get(from.get(b.key)![0].to); plain(next); next = byKey.get(from.get(next.key)![0].to)) run.push(next);
    if (run.length < MIN_RUN) continue;
    const middle = run.slice(KEEP, run.length - KEEP);
    const key = `c${middle[0].key}`;
    for (const h of middle) hidden.set(h.key, key);
    const counts = new Map<string, number>();
    for (const h of middle) counts.set(h.title, (counts.get(h.title) ?? 0) + 1);
    const lines = [...counts].map(([name, n]) => ({ text: `${name} ×${n}`, kind: 'plain' as const }));
    const title = tr(lang, 'graph.collapsed', { n: middle.length });
    added.push({
      key, kind: 'node', id: middle[0].id, title, subtitle: lines, stale: [], released: middle.every((h) => h.released),
      retainsGrad: false, isLeaf: false, flagged: false, ...size(title, lines),
    });
    const edge = (a: string, z: string): GraphEdge => ({ from: a, to: z, label: '', flow: '', labelWidth: 0, labelHeight: 0 });
    addedEdges.push(edge(run[KEEP - 1].key, key), edge(key, run[run.length - KEEP].key));
  }
  if (!hidden.size) return { ...m, hidden };
  return {
    boxes: [...m.boxes.filter((b) => !hidden.has(b.key)), ...added],
    edges: [...m.edges.filter((e) => !hidden.has(e.from) && !hidden.has(e.to)), ...addedEdges],
    hidden,
  };
}

/** The backward run's frames on the drawn graph: a hidden node's frame lights the box that stands
 * for it, once for each run of such frames (not once per hidden node). */
export function framesOnDrawn(frames: BackwardFrame[], hidden: ReadonlyMap<string, string>): BackwardFrame[] {
  if (!hidden.size) return frames;
  const out: BackwardFrame[] = [];
  const on = (k: string) => hidden.get(k) ?? k;
  for (const f of frames) {
    const active = on(f.active);
    const flows = f.flows.map((fl) => ({ ...fl, from: on(fl.from), to: on(fl.to) })).filter((fl) => fl.from !== fl.to);
    const last = out[out.length - 1];
    if (last && last.active === active && hidden.has(f.active)) {
      last.flows.push(...flows);
      continue;
    }
    out.push({ ...f, active, flows });
  }
  return out;
}
