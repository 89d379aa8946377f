// The autograd graph panel: nodes named as PyTorch names them, laid out by dagre (loaded lazily),
// leaves behind AccumulateGrad, stale saved tensors in red, retain_grad marked. On a step that ran
// backward(), the gradient flow is animated node by node along the trace's backward events, and
// each leaf's .grad appears when its AccumulateGrad runs.
import { backwardFrames, buildGraph, oneLine, type BackwardFrame, type GraphBox } from '../model/graph';
import type { GraphLayout } from '../model/graph-layout';
import { t, type Lang } from '../model/i18n';
import { tensorColor } from '../model/layout';
import type { World } from '../model/world';
import type { Id } from '../engine/trace';
import { changedGraphKeys } from '../model/change-focus';
import { clear, h, s } from './dom';
import { showInPanel } from './scroll';

type Layouter = (m: ReturnType<typeof buildGraph>) => GraphLayout;
let layouter: Promise<Layouter> | null = null;
/** Once loaded, layout runs synchronously (no flicker, and a step's redraw is one task). */
let loadedLayouter: Layouter | null = null;
function loadLayouter(): Promise<Layouter> {
  layouter ??= import('../model/graph-layout').then((m) => (loadedLayouter = m.layoutGraph));
  return layouter;
}

/** Same boxes and edges → same layout: consecutive steps usually share their graph. */
function graphKey(m: ReturnType<typeof buildGraph>): string {
  return JSON.stringify([m.boxes.map((b) => [b.key, b.width, b.height]), m.edges.map((e) => [e.from, e.to])]);
}

const FRAME_MS = 700;
/** Layouts kept per distinct graph; a lesson rarely has more than a few dozen. */
const LAYOUT_CACHE = 256;
/** Smallest drawing scale: below it the graph scrolls rather than shrinking text past legibility. */
const MIN_SCALE = 0.7;

export class GraphView {
  private readonly body: HTMLElement;
  private readonly note: HTMLElement;
  private world: World | null = null;
  private lang: Lang = 'en';
  private timer = 0;
  private renderToken = 0;
  private readonly layouts = new Map<string, GraphLayout>();
  private warmToken = 0;
  /** Set by the app: false while playing fast or in tests that want the final picture at once. */
  animate = true;

  constructor(container: HTMLElement) {
    this.note = h('div', { class: 'graph-note', 'aria-live': 'polite' });
    this.body = h('div', { class: 'panel-body graph-body' });
    container.append(this.note, this.body);
  }

  async update(world: World | null, lang: Lang, flaggedNodes: ReadonlySet<Id> = new Set()): Promise<void> {
    const sameWorld = world === this.world && lang === this.lang;
    this.world = world;
    this.lang = lang;
    if (sameWorld) return;
    clearTimeout(this.timer);
    const token = ++this.renderToken;
    const model = world ? buildGraph(world, flaggedNodes) : null;
    if (!world || !model || model.boxes.length === 0) {
      clear(this.body);
      this.note.textContent = '';
      this.body.append(h('p', { class: 'empty' }, t(lang, 'graph.empty')));
      this.body.dataset.boxes = '0';
      return;
    }
    let layoutFn = loadedLayouter;
    if (!layoutFn) {
      this.note.textContent = t(lang, 'graph.loading');
      layoutFn = await loadLayouter();
      if (token !== this.renderToken) return; // a newer step arrived while dagre was loading
    }
    this.draw(model.boxes, this.layoutOf(model, layoutFn));
    const run = world.step.backward;
    this.note.textContent = '';
    if ((!run || !this.animate) && typeof requestAnimationFrame !== 'undefined') {
      // measured in the next frame: no forced layout inside a step's redraw
      const keys = changedGraphKeys(world, flaggedNodes).slice(0, 3);
      requestAnimationFrame(() => {
        if (token !== this.renderToken) return;
        showInPanel(this.body, keys.map((k) => this.body.querySelector(`.gnode[data-key="${k}"]`)).filter((e): e is Element => e !== null));
      });
    }
    if (run) {
      const frames = backwardFrames(run, world.nodes);
      const root = world.nodes.get(run.root)?.name ?? 'backward()';
      this.note.append(h('span', {}, t(lang, 'graph.backward', { root })));
      const replay = h('button', { type: 'button' }, `↻ ${t(lang, 'graph.replay')}`);
      replay.addEventListener('click', () => this.play(frames, 0, token));
      this.note.append(replay);
      if (this.animate) this.play(frames, 0, token);
      else this.finish();
    }
  }

  /**
   * Lays out every step's graph of a new trace in idle time, so that stepping later never waits
   * for dagre (layout is the slow part of a redraw). Earlier warm-ups stop when a new one starts.
   */
  warm(worlds: () => Iterable<World>): void {
    const token = ++this.warmToken;
    const idle = (fn: () => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 500 }) : setTimeout(fn, 16);
    void loadLayouter().then((layoutFn) => {
      const it = worlds()[Symbol.iterator]();
      const chunk = () => {
        if (token !== this.warmToken) return;
        const until = performance.now() + 8;
        for (let r = it.next(); !r.done; r = it.next()) {
          const model = buildGraph(r.value);
          if (model.boxes.length) this.layoutOf(model, layoutFn);
          if (performance.now() > until) return void idle(chunk);
        }
      };
      idle(chunk);
    });
  }

  private layoutOf(model: ReturnType<typeof buildGraph>, layoutFn: Layouter): GraphLayout {
    const key = graphKey(model);
    let layout = this.layouts.get(key);
    if (!layout) {
      layout = layoutFn(model);
      if (this.layouts.size >= LAYOUT_CACHE) this.layouts.delete(this.layouts.keys().next().value!);
      this.layouts.set(key, layout);
    }
    return layout;
  }

  private draw(boxes: GraphBox[], layout: GraphLayout): void {
    clear(this.body);
    // fits the panel: scaled down when large (never below MIN_SCALE, where the panel scrolls
    // instead: node names must stay readable on a projector), never scaled up past natural size
    const min = (n: number) => Math.ceil(n * MIN_SCALE);
    const svg = s('svg', {
      width: '100%', height: '100%', viewBox: `0 0 ${layout.width} ${layout.height}`, preserveAspectRatio: 'xMidYMid meet',
      style: `max-width: ${Math.ceil(layout.width)}px; max-height: ${Math.ceil(layout.height)}px; ` +
        `min-width: ${min(layout.width)}px; min-height: ${min(layout.height)}px`,
      role: 'img', 'aria-label': `${t(this.lang, 'panel.graph')}: ${boxes.map((b) => b.title).join(', ')}`,
    });
    svg.append(s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      s('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#8693a5' }))));
    // gradient values travelling along edges are drawn last, above the boxes
    const labels = s('g', { class: 'gflow-labels' });
    for (const e of layout.edges) {
      if (e.points.length < 2) continue;
      const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
      const mid = e.points[Math.floor(e.points.length / 2)];
      svg.append(s('g', { class: 'gedge', 'data-from': e.from, 'data-to': e.to },
        s('path', { d, 'marker-end': 'url(#arrow)' }),
        e.label ? s('text', { x: mid.x + 4, y: mid.y - 2 }, e.label) : null));
      labels.append(s('text', { class: 'gflow-label', 'data-from': e.from, 'data-to': e.to, x: mid.x, y: mid.y - 8, 'text-anchor': 'middle' }, ''));
    }
    for (const b of boxes) {
      const p = layout.boxes.get(b.key);
      if (!p) continue;
      const x = p.x - b.width / 2, y = p.y - b.height / 2;
      const cls = ['gnode', b.kind];
      if (b.kind === 'node' && b.title.endsWith('AccumulateGrad')) cls.push('acc');
      if (b.flagged) cls.push('flagged');
      if (b.released) cls.push('released');
      const g = s('g', { class: cls.join(' '), 'data-key': b.key, style: b.kind === 'tensor' ? `--c: ${tensorColor(b.id)}` : undefined });
      g.append(s('rect', { x, y, width: b.width, height: b.height, rx: b.kind === 'tensor' ? 12 : 4 }));
      g.append(s('text', { class: 'title', x: x + 8, y: y + 17 }, b.title));
      b.subtitle.forEach((line, i) => {
        const sub = s('text', { class: `sub ${line.kind}`, x: x + 8, y: y + 33 + i * 16 }, line.text);
        const stale = line.kind === 'stale' ? b.stale.find((st) => line.text.includes(` ${st.name} `)) : undefined;
        if (stale) sub.append(s('title', {}, t(this.lang, 'graph.stale', stale)));
        g.append(sub);
      });
      if (b.released) g.append(s('title', {}, t(this.lang, 'graph.released')));
      svg.append(g);
    }
    svg.append(labels);
    this.body.append(svg);
    this.body.dataset.boxes = String(boxes.length);
  }

  private play(frames: BackwardFrame[], i: number, token: number): void {
    clearTimeout(this.timer);
    if (token !== this.renderToken) return;
    const svg = this.body.querySelector('svg');
    if (!svg) return;
    if (i === 0) for (const g of svg.querySelectorAll('.sub.grad')) g.classList.add('pending');
    for (const el of svg.querySelectorAll('.active, .flow')) el.classList.remove('active', 'flow');
    for (const el of svg.querySelectorAll('.gflow-label')) el.textContent = '';
    if (i >= frames.length) {
      this.finish();
      return;
    }
    const f = frames[i];
    const box = svg.querySelector(`.gnode[data-key="${f.active}"]`);
    box?.classList.add('active');
    if (box) keepInView(this.body, box);
    if (f.active.startsWith('t')) box?.querySelector('.sub.grad')?.classList.remove('pending');
    for (const fl of f.flows) {
      const edge = svg.querySelector(`.gedge[data-from="${fl.from}"][data-to="${fl.to}"]`);
      edge?.classList.add('flow');
      const label = svg.querySelector(`.gflow-label[data-from="${fl.from}"][data-to="${fl.to}"]`);
      if (label && fl.grad) label.textContent = oneLine(fl.grad);
    }
    this.body.dataset.frame = String(i);
    const name = f.active.startsWith('n') ? box?.querySelector('.title')?.textContent ?? '' : box?.querySelector('.title')?.textContent ?? '';
    this.note.firstElementChild?.replaceChildren(`${name}: ${f.note}`);
    this.timer = window.setTimeout(() => this.play(frames, i + 1, token), FRAME_MS);
  }

  private finish(): void {
    const svg = this.body.querySelector('svg');
    for (const g of svg?.querySelectorAll('.pending') ?? []) g.classList.remove('pending');
    for (const el of svg?.querySelectorAll('.active, .flow') ?? []) el.classList.remove('active', 'flow');
    this.body.dataset.frame = 'done';
    const run = this.world?.step.backward;
    if (run) this.note.firstElementChild?.replaceChildren(t(this.lang, 'graph.backward', { root: this.world?.nodes.get(run.root)?.name ?? 'backward()' }));
  }
}

/** Scrolls `panel` (only it, never the page) so `el` is visible: the graph may be wider than its
 * panel, and the node gradients are flowing through must stay on screen. */
function keepInView(panel: HTMLElement, el: Element): void {
  const p = panel.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const pad = 16;
  if (r.left < p.left) panel.scrollLeft -= p.left - r.left + pad;
  else if (r.right > p.right) panel.scrollLeft += r.right - p.right + pad;
  if (r.top < p.top) panel.scrollTop -= p.top - r.top + pad;
  else if (r.bottom > p.bottom) panel.scrollTop += r.bottom - p.bottom + pad;
}
