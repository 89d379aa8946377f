// The autograd graph of one step as boxes and edges ready for a layout library, plus the backward
// run as an ordered list of frames to animate. Names are PyTorch's (grad_fn.name()).
import type { BackwardRun, GradValue, GraphNode, Id, Tensor } from '../engine/trace';
import type { World } from './world';
import { collapseChains } from './graph-collapse';
import { t as tr, type Lang } from './i18n';

export interface GraphBox {
  key: string;
  kind: 'node' | 'tensor';
  /** autograd node id (kind 'node') or tensor id (kind 'tensor') */
  id: Id;
  title: string;
  subtitle: SubLine[];
  /** saved tensors whose version moved on since they were saved */
  stale: { name: string; saved: number; current: number }[];
  released: boolean;
  retainsGrad: boolean;
  isLeaf: boolean;
  /** node is named by the current error */
  flagged: boolean;
  width: number;
  height: number;
}

export interface SubLine {
  text: string;
  /** 'silent': a saved tensor whose values changed with no version bump (`.data`) */
  kind: 'plain' | 'stale' | 'grad' | 'freed' | 'silent' | 'hook';
  /** what the line means, shown on hover */
  tip?: string;
}

export interface GraphEdge {
  from: string;
  to: string;
  /** gradient flows from `from` to `to`; label = input_nr when a node has several inputs */
  label: string;
  /** the longest gradient text that travels along this edge in this step's backward run ('' if none):
   * the layout keeps room for it between the boxes, so it never covers a node's label */
  flow: string;
  /** room the layout keeps for this edge's labels (input_nr and the gradient), 0 × 0 for none */
  labelWidth: number;
  labelHeight: number;
}

export interface GraphOptions {
  flagged?: ReadonlySet<Id>;
  lang?: Lang;
  /** text size relative to the normal drawing (presentation mode draws larger type) */
  textScale?: number;
}

export interface GraphModel {
  boxes: GraphBox[];
  edges: GraphEdge[];
  /** hidden box key → the box drawn for it (a long chain shown as one box, graph-collapse.ts) */
  hidden?: ReadonlyMap<string, string>;
}

/** Width of one character of the monospace labels, and the height of one line, at text scale 1. */
export const CHAR_W = 7.4;
export const LINE_H = 16;

/** Display width in characters: CJK characters take two columns of a monospace font. */
export function textColumns(text: string): number {
  let n = 0;
  for (const ch of text) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return n;
}

function boxSize(title: string, lines: SubLine[], k: number): { width: number; height: number } {
  const longest = Math.max(textColumns(title), ...lines.map((l) => textColumns(l.text) + 2));
  return { width: Math.ceil(Math.max(96, longest * CHAR_W + 24) * k), height: Math.ceil((28 + lines.length * LINE_H) * k) };
}

function tensorTitle(w: World, t: Tensor, lang: Lang): string {
  return w.tensorLabel(t, lang);
}

/**
 * Boxes: every autograd node, plus one box per named tensor that requires grad (the tensor the
 * node produced, or the leaf an AccumulateGrad feeds). Edges point along gradient flow:
 * output tensor → its grad_fn → next_functions → … → AccumulateGrad → leaf.
 */
export function buildGraph(w: World, opts: GraphOptions = {}): GraphModel {
  const flaggedNodes = opts.flagged ?? new Set<Id>();
  const lang = opts.lang ?? 'en';
  const k = opts.textScale ?? 1;
  const boxes: GraphBox[] = [];
  const edges: GraphEdge[] = [];
  const tensorBoxes = new Set<Id>();
  const addTensor = (t: Tensor) => {
    if (tensorBoxes.has(t.id)) return;
    tensorBoxes.add(t.id);
    const lines: SubLine[] = [{ text: `${t.sizes.length ? `[${t.sizes.join(', ')}]` : tr(lang, 'graph.scalar')} ${t.dtype}`, kind: 'plain' }];
    if (t.grad !== null) {
      const g = w.tensors.get(t.grad);
      const text = g && w.tensorRepr(g);  // fetched before the graph is built (World.loadGraphReprs)
      if (text !== undefined) lines.push({ text: `.grad = ${oneLine(text)}`, kind: 'grad' });
    }
    if (t.retains_grad) lines.push({ text: 'retain_grad()', kind: 'plain' });
    if (t.hooks) lines.push({ text: tr(lang, 'graph.hooks', { n: t.hooks }), kind: 'hook' });
    const title = tensorTitle(w, t, lang);
    boxes.push({
      key: `t${t.id}`, kind: 'tensor', id: t.id, title, subtitle: lines, stale: [], released: false,
      retainsGrad: t.retains_grad, isLeaf: t.is_leaf, flagged: false, ...boxSize(title, lines, k),
    });
  };

  for (const n of w.step.nodes) {
    const stale = n.saved
      .filter((s) => !s.released && s.current_version !== s.saved_version)
      .map((s) => ({ name: s.name, saved: s.saved_version, current: s.current_version }));
    const released = n.saved.length > 0 && n.saved.every((s) => s.released);
    const lines: SubLine[] = n.saved.map((s) => {
      if (s.released) return { text: tr(lang, 'graph.savedFreed', { name: s.name }), kind: 'freed' };
      if (s.current_version !== s.saved_version) {
        return { text: tr(lang, 'graph.savedStale', { name: s.name, saved: s.saved_version, current: s.current_version }), kind: 'stale' };
      }
      if (s.values_changed) {
        // Note [Saved values] (engine/trace/world_snapshot.cpp): PyTorch checks versions only
        return {
          text: tr(lang, 'graph.savedSilent', { name: s.name, v: s.saved_version }), kind: 'silent',
          tip: tr(lang, 'graph.silent', { name: s.name, v: s.saved_version }),
        };
      }
      return { text: tr(lang, 'graph.saved', { name: s.name, v: s.saved_version }), kind: 'plain' };
    });
    if (n.hooks) lines.push({ text: tr(lang, 'graph.hooks', { n: n.hooks }), kind: 'hook' });
    boxes.push({
      key: `n${n.id}`, kind: 'node', id: n.id, title: n.name, subtitle: lines, stale, released,
      retainsGrad: false, isLeaf: false, flagged: flaggedNodes.has(n.id), ...boxSize(n.name, lines, k),
    });
    const live = n.next.filter((e) => e.node !== null).length;
    n.next.forEach((e, i) => {
      if (e.node !== null) edges.push({ from: `n${n.id}`, to: `n${e.node}`, label: live > 1 ? String(i) : '', flow: '', labelWidth: 0, labelHeight: 0 });
    });
    if (n.variable !== null) {
      const leaf = w.tensors.get(n.variable);
      if (leaf) {
        addTensor(leaf);
        edges.push({ from: `n${n.id}`, to: `t${leaf.id}`, label: '', flow: '', labelWidth: 0, labelHeight: 0 });
      }
    }
  }
  // named non-leaf tensors point at their grad_fn (the root of the flow)
  for (const t of w.step.tensors) {
    if (t.grad_fn === null || !w.nodes.has(t.grad_fn)) continue;
    if (!w.tensorNames(t).length) continue;
    addTensor(t);
    edges.push({ from: `t${t.id}`, to: `n${t.grad_fn}`, label: '', flow: '', labelWidth: 0, labelHeight: 0 });
  }
  // named leaves that require grad but have no AccumulateGrad yet still belong to the picture
  for (const t of w.step.tensors) {
    if (t.requires_grad && t.is_leaf && w.tensorNames(t).length) addTensor(t);
  }
  // room for the gradients the backward animation writes on the edges
  if (w.step.backward) {
    const longest = new Map<string, string>();
    for (const f of backwardFrames(w.step.backward, w.nodes, lang, (g) => w.gradText(g))) {
      for (const fl of f.flows) {
        const text = fl.grad === null ? '' : oneLine(fl.grad);
        const key = `${fl.from}>${fl.to}`;
        if (textColumns(text) > textColumns(longest.get(key) ?? '')) longest.set(key, text);
      }
    }
    for (const e of edges) e.flow = longest.get(`${e.from}>${e.to}`) ?? '';
  }
  for (const e of edges) {
    const cols = Math.max(textColumns(e.flow), e.label.length);
    e.labelWidth = cols ? Math.ceil((cols * CHAR_W + 8) * k) : 0;
    e.labelHeight = cols ? Math.ceil(LINE_H * k * (e.flow && e.label ? 2 : 1)) : 0;
  }
  return collapseChains({ boxes, edges }, lang, (title, lines) => boxSize(title, lines, k));
}

export function oneLine(repr: string): string {
  const s = repr.replace(/\s*\n\s*/g, ' ');
  return s.length > 48 ? s.slice(0, 45) + '…' : s;
}

export interface BackwardFrame {
  /** box key lit in this frame */
  active: string;
  /** edges (from→to keys) the gradient travels along in this frame */
  flows: { from: string; to: string; grad: string | null }[];
  /** text shown beside the active box */
  note: string;
  /** a hook firing (drawn apart from a node running) */
  hook?: boolean;
}

/** One frame per backward event: the node executing, the grads it sends to its next functions. */
export function backwardFrames(run: BackwardRun, nodes: Map<Id, GraphNode>, lang: Lang = 'en',
  text: (g: GradValue) => string | null | undefined = (g) => (typeof g === 'number' ? undefined : g)): BackwardFrame[] {
  const frames: BackwardFrame[] = [];
  // a gradient not fetched yet reads "…" (the graph view fetches a step's before drawing it)
  const gradOf = (g: GradValue): string | null => { const s = text(g); return s === undefined ? '…' : s; };
  for (const ev of run.events) {
    if (ev.kind === 'execute') {
      const n = nodes.get(ev.node);
      const flows = (n?.next ?? []).map((e, i) =>
        ({ from: `n${ev.node}`, to: e.node === null ? '' : `n${e.node}`, grad: gradOf(ev.grads_out[i] ?? null) }))
        .filter((f) => f.to !== '');
      frames.push({ active: `n${ev.node}`, flows, note: tr(lang, 'graph.gradIn', { grads: ev.grads_in.map((g) => { const s = gradOf(g); return s === null ? 'None' : oneLine(s); }).join(', ') }) });
    } else if (ev.kind === 'accumulate') {
      const grad = gradOf(ev.grad);
      frames.push({ active: `t${ev.tensor}`, flows: [{ from: `n${ev.node}`, to: `t${ev.tensor}`, grad }], note: tr(lang, 'graph.gradAccumulated', { grad: grad === null ? 'None' : oneLine(grad) }) });
    } else if (ev.kind === 'hook') {
      frames.push({ active: ev.tensor !== null ? `t${ev.tensor}` : `n${ev.node}`, flows: [], note: tr(lang, `graph.hook.${ev.hook}`), hook: true });
    } else {
      const grad = gradOf(ev.grad);
      frames.push({ active: `t${ev.tensor}`, flows: [], note: tr(lang, 'graph.gradRetained', { grad: grad === null ? 'None' : oneLine(grad) }) });
    }
  }
  return frames;
}
