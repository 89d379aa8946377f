// The autograd graph panel: nodes named as PyTorch names them, laid out by dagre (loaded lazily),
// leaves behind AccumulateGrad, stale saved tensors in red, retain_grad marked. On a step that ran
// backward(), the gradient flow is animated node by node along the trace's backward events, and
// each leaf's .grad appears when its AccumulateGrad runs.
import { backwardFrames, buildGraph, oneLine, type BackwardFrame, type GraphBox } from '../model/graph';
import type { GraphLayout } from '../model/graph-layout';
import { LayoutCache, layoutShape, shapeKey } from '../model/layout-cache';
import type { GraphModel } from '../model/graph';
import { GraphLayouter } from './graph-layouter';
import { framesOnDrawn } from '../model/graph-collapse';
import { t, type Lang } from '../model/i18n';
import { tensorColor } from '../model/layout';
import type { World } from '../model/world';
import type { Id } from '../engine/trace';
import { changedGraphKeys } from '../model/change-focus';
import { clear, h, s } from './dom';
import { showInPanel, showInPanelPlan } from './scroll';
import { nextFrame } from './frame';

/** One layout worker for every graph panel on the page. */
let layouter: GraphLayouter | null = null;

const FRAME_MS = 700;
/** Layouts kept per distinct graph; a lesson rarely has more than a few dozen. */
const LAYOUT_CACHE = 256;
/** Graphs laid out ahead of time only up to this size (the worker does one layout at a time). */
const WARM_MAX_BOXES = 60;
/** Smallest drawing scale: below it the graph scrolls rather than shrinking text past legibility. */
const MIN_SCALE = 0.7;
/** Text size in presentation mode, relative to normal: the smallest graph text (10 px) becomes 14 px. */
export const PRESENTATION_TEXT_SCALE = 1.4;
const ZOOM_STEP = 1.25;
const MAX_ZOOM = 3;
const PAN_PX = 48;
/** Room kept around the whole graph when it is fitted (px each side): no edge or arrowhead touches the panel's edge. */
const FIT_MARGIN = 12;
/** The Fit button shows the whole graph at whatever scale that takes (a long graph on a phone
 * becomes an overview to zoom into); this only keeps the scale above zero. */
const FIT_ALL_MIN = 0.01;

export class GraphView {
  private readonly body: HTMLElement;
  private readonly note: HTMLElement;
  private readonly description: HTMLElement;
  private readonly zoomButtons: { out: HTMLButtonElement; fit: HTMLButtonElement; in: HTMLButtonElement };
  private world: World | null = null;
  private lang: Lang = 'en';
  private drawnScale = 1;
  private timer = 0;
  private renderToken = 0;
  /** Same shape → same layout: consecutive steps, and a loop's iterations, share their graph's. */
  private readonly layouts = new LayoutCache(LAYOUT_CACHE);
  private warmToken = 0;
  /** Set by the app: false while playing fast or in tests that want the final picture at once. */
  animate = true;
  /** Text size relative to normal (presentation mode draws larger type). */
  private textScale = 1;
  /** Drawing scale chosen by the learner; 'all': the whole graph (the Fit button); null: fit the
   * panel while the text stays legible (a wider graph scrolls). */
  private zoom: number | 'all' | null = null;
  private natural = { width: 0, height: 0 };
  /** The panel's inner size, from a ResizeObserver (reading it during a redraw would force layout). */
  private panelSize = { width: 0, height: 0 };

  constructor(container: HTMLElement) {
    this.note = h('div', { class: 'graph-note', 'aria-live': 'polite' });
    const tool = (cls: string, text: string, onClick: () => void) => {
      const b = h('button', { type: 'button', class: `zoom ${cls}` }, text);
      b.addEventListener('click', onClick);
      return b;
    };
    this.zoomButtons = {
      out: tool('out', '−', () => this.zoomBy(1 / ZOOM_STEP)),
      fit: tool('fit', '', () => this.fitAll()),
      in: tool('in', '+', () => this.zoomBy(ZOOM_STEP)),
    };
    const tools = h('div', { class: 'graph-tools' }, this.zoomButtons.out, this.zoomButtons.fit, this.zoomButtons.in);
    this.description = h('p', { class: 'visually-hidden', id: 'graph-description' });
    this.body = h('div', { class: 'panel-body graph-body', tabindex: 0, role: 'region', 'aria-describedby': 'graph-description' });
    container.append(h('div', { class: 'graph-bar' }, this.note, tools), this.body, this.description);
    this.label();
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver((entries) => {
        const r = entries[entries.length - 1].contentRect;
        this.panelSize = { width: r.width, height: r.height };
        if (this.zoom === null || this.zoom === 'all') this.applyZoom();
      }).observe(this.body);
    }
    this.enablePanning();
  }

  /** Presentation mode: larger type, and never drawn smaller than that type allows. */
  setTextScale(scale: number): void {
    if (scale === this.textScale) return;
    this.textScale = scale;
    this.zoom = null;
    const world = this.world;
    this.world = null; // redraw at the new size
    if (world) void this.update(world, this.lang, this.flagged);
  }

  private flagged: ReadonlySet<Id> = new Set();

  private minZoom(): number {
    // text scale × zoom keeps the smallest graph text (10 px at scale 1) at ≥ 14 px in presentation
    return this.textScale > 1 ? 1 : MIN_SCALE;
  }

  private maxFit(): number {
    return this.textScale > 1 ? 1.25 : 1;
  }

  /** The scale that shows the whole drawing (every box, edge, arrowhead and label: the layout's
   * extent holds them all) with FIT_MARGIN around it; `legible` keeps it at the text's minimum. */
  private fitZoom(legible = true): number {
    const { width, height } = this.natural;
    const w = this.panelSize.width - 2 * FIT_MARGIN, hgt = this.panelSize.height - 2 * FIT_MARGIN;
    if (!width || !height || w <= 0 || hgt <= 0) return 1;
    const whole = Math.min(this.maxFit(), w / width, hgt / height);
    return Math.max(legible ? this.minZoom() : FIT_ALL_MIN, whole);
  }

  private setZoom(z: number | null): void {
    this.zoom = z === null ? null : Math.min(MAX_ZOOM, Math.max(this.minZoom(), z));
    this.applyZoom();
  }

  /** The Fit button (and 0): the whole graph in view, scrolled back to its start. */
  private fitAll(): void {
    this.zoom = 'all';
    this.applyZoom();
    this.body.scrollLeft = 0;
    this.body.scrollTop = 0;
  }

  private zoomBy(factor: number): void {
    this.setZoom((typeof this.zoom === 'number' ? this.zoom : this.currentZoom()) * factor);
  }

  private currentZoom(): number {
    const svg = this.body.querySelector('svg');
    return svg && this.natural.width ? Number(svg.getAttribute('width')) / this.natural.width : 1;
  }

  /** Sizes the drawing: the viewBox keeps the layout's units, width/height set the scale. */
  private applyZoom(): void {
    const svg = this.body.querySelector('svg');
    if (!svg || !this.natural.width) return;
    const z = this.zoom === 'all' ? this.fitZoom(false) : this.zoom ?? this.fitZoom();
    svg.setAttribute('width', String(Math.round(this.natural.width * z)));
    svg.setAttribute('height', String(Math.round(this.natural.height * z)));
    this.body.dataset.zoom = z.toFixed(2);
    this.zoomButtons.out.disabled = z <= this.minZoom() + 1e-6;
    this.zoomButtons.in.disabled = z >= MAX_ZOOM - 1e-6;
    // pressed: the whole graph is in view
    this.zoomButtons.fit.setAttribute('aria-pressed', String(this.zoom === 'all' || (this.zoom === null && z <= this.fitZoom(false) + 1e-6)));
  }

  private label(): void {
    const L = this.lang;
    const set = (b: HTMLButtonElement, key: 'graph.zoomIn' | 'graph.zoomOut') => {
      b.title = t(L, key);
      b.setAttribute('aria-label', t(L, key));
    };
    set(this.zoomButtons.in, 'graph.zoomIn');
    set(this.zoomButtons.out, 'graph.zoomOut');
    this.zoomButtons.fit.title = t(L, 'graph.fitTitle'); // its name is its visible text
    this.zoomButtons.fit.textContent = t(L, 'graph.fit');
    this.body.setAttribute('aria-label', t(L, 'graph.region'));
  }

  /** Drag to pan; with the drawing focused, arrow keys pan and + − 0 zoom (the arrows do not step there). */
  private enablePanning(): void {
    let drag: { x: number; y: number; left: number; top: number } | null = null;
    this.body.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || (e.target as Element).closest('button')) return;
      drag = { x: e.clientX, y: e.clientY, left: this.body.scrollLeft, top: this.body.scrollTop };
      this.body.setPointerCapture?.(e.pointerId);
      this.body.classList.add('panning');
    });
    this.body.addEventListener('pointermove', (e) => {
      if (!drag) return;
      this.body.scrollLeft = drag.left - (e.clientX - drag.x);
      this.body.scrollTop = drag.top - (e.clientY - drag.y);
    });
    const end = () => {
      drag = null;
      this.body.classList.remove('panning');
    };
    this.body.addEventListener('pointerup', end);
    this.body.addEventListener('pointercancel', end);
    this.body.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const pan: Record<string, [number, number]> = {
        ArrowLeft: [-PAN_PX, 0], ArrowRight: [PAN_PX, 0], ArrowUp: [0, -PAN_PX], ArrowDown: [0, PAN_PX],
      };
      const zoom: Record<string, () => void> = { '+': () => this.zoomBy(ZOOM_STEP), '=': () => this.zoomBy(ZOOM_STEP), '-': () => this.zoomBy(1 / ZOOM_STEP), '0': () => this.fitAll() };
      if (pan[e.key]) {
        this.body.scrollBy(pan[e.key][0], pan[e.key][1]);
      } else if (zoom[e.key]) {
        zoom[e.key]();
      } else {
        return;
      }
      e.preventDefault();
      e.stopPropagation(); // the page's step keys stay out of it
    });
  }

  async update(world: World | null, lang: Lang, flaggedNodes: ReadonlySet<Id> = new Set()): Promise<void> {
    const sameWorld = world === this.world && lang === this.lang && this.drawnScale === this.textScale;
    const langChanged = lang !== this.lang;
    this.world = world;
    this.lang = lang;
    this.flagged = flaggedNodes;
    this.drawnScale = this.textScale;
    if (langChanged) this.label();
    if (sameWorld) return;
    clearTimeout(this.timer);
    const token = ++this.renderToken;
    // the gradients' texts are fetched from the engine first: a backward step's label the edges
    // (and so size the layout) and the animation's notes, and every `.grad` is drawn on its leaf
    const fetching = world?.loadGraphReprs();
    if (fetching) {
      await fetching;
      if (token !== this.renderToken) return; // a newer step arrived meanwhile
    }
    const model = world ? buildGraph(world, { flagged: flaggedNodes, lang, textScale: this.textScale }) : null;
    if (!world || !model || model.boxes.length === 0) {
      clear(this.body);
      this.note.textContent = '';
      this.description.textContent = '';
      this.body.append(h('p', { class: 'empty' }, t(lang, 'graph.empty')));
      this.body.dataset.boxes = '0';
      return;
    }
    let layout = this.layouts.peek(model);
    if (!layout) {
      // a shape not laid out yet: the worker lays it out while the last drawing stays
      if (!this.body.querySelector('svg')) this.note.textContent = t(lang, 'graph.loading');
      this.body.setAttribute('aria-busy', 'true');
      layout = await this.layoutOf(model);
      if (token !== this.renderToken) return; // a newer step arrived meanwhile
      this.body.removeAttribute('aria-busy');
    }
    this.draw(model.boxes, layout);
    const run = world.step.backward;
    this.note.textContent = '';
    if (!run || !this.animate) {
      // measured in the next frame: no forced layout inside a step's redraw
      const keys = changedGraphKeys(world, flaggedNodes).slice(0, 3);
      nextFrame(this, () => {
        if (token !== this.renderToken) return;
        return showInPanelPlan(this.body, keys.map((k) => this.body.querySelector(`.gnode[data-key="${k}"]`)).filter((e): e is Element => e !== null)) ?? undefined;
      });
    }
    if (run) {
      const frames = framesOnDrawn(backwardFrames(run, world.nodes, lang, (g) => world.gradText(g)), model.hidden ?? new Map());
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
   * Has the given steps' graphs laid out ahead (the app passes the steps next to the current one),
   * so that stepping rarely waits for the worker. Their graphs are built in idle time, a few
   * milliseconds at a time; earlier warm-ups stop when a new one starts.
   */
  warm(worlds: () => Iterable<World>): void {
    const token = ++this.warmToken;
    const idle = (fn: () => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 500 }) : setTimeout(fn, 16);
    const it = worlds()[Symbol.iterator]();
    const chunk = () => {
      if (token !== this.warmToken) return;
      const until = performance.now() + 8;
      for (let r = it.next(); !r.done; r = it.next()) {
        void r.value.loadGraphReprs();  // ready when the learner steps there
        const model = buildGraph(r.value, { lang: this.lang, textScale: this.textScale });
        if (model.boxes.length && model.boxes.length <= WARM_MAX_BOXES) void this.layoutOf(model);
        if (performance.now() > until) return void idle(chunk);
      }
    };
    idle(chunk);
  }

  /** Layouts being computed, by shape (a step and its warm-up ask for one shape once). */
  private readonly inFlight = new Map<string, Promise<GraphLayout>>();

  private async layoutOf(model: GraphModel): Promise<GraphLayout> {
    const hit = this.layouts.peek(model);
    if (hit) return hit;
    const key = shapeKey(model);
    let pending = this.inFlight.get(key);
    if (!pending) {
      layouter ??= new GraphLayouter();
      pending = layouter.layout(layoutShape(model)).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    this.layouts.store(model, await pending);
    return this.layouts.peek(model)!;
  }

  private draw(boxes: GraphBox[], layout: GraphLayout): void {
    clear(this.body);
    const k = this.textScale;
    this.natural = { width: Math.ceil(layout.width), height: Math.ceil(layout.height) };
    const svg = s('svg', {
      viewBox: `0 0 ${layout.width} ${layout.height}`, style: `--k: ${k}`,
      role: 'img', 'aria-label': `${t(this.lang, 'panel.graph')}: ${boxes.map((b) => b.title).join(', ')}`,
    });
    svg.append(s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
      s('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#8693a5' }))));
    // gradient values travelling along edges are drawn last, above the boxes, in the room the
    // layout kept for them between the boxes
    const labels = s('g', { class: 'gflow-labels' });
    for (const e of layout.edges) {
      if (e.points.length < 2) continue;
      const d = e.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
      const mid = e.labelAt ?? e.points[Math.floor(e.points.length / 2)];
      const both = Boolean(e.label && e.flow);
      const line = 8 * k;
      svg.append(s('g', { class: 'gedge', 'data-from': e.from, 'data-to': e.to },
        s('path', { d, 'marker-end': 'url(#arrow)' }),
        e.label ? s('text', { x: mid.x, y: mid.y - (both ? line : 0), 'text-anchor': 'middle', 'dominant-baseline': 'central' }, e.label) : null));
      labels.append(s('text', {
        class: 'gflow-label', 'data-from': e.from, 'data-to': e.to, x: mid.x, y: mid.y + (both ? line : 0),
        'text-anchor': 'middle', 'dominant-baseline': 'central',
      }, ''));
    }
    const described: string[] = [];
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
      g.append(s('text', { class: 'title', x: x + 8 * k, y: y + 17 * k }, b.title));
      b.subtitle.forEach((line, i) => {
        const sub = s('text', { class: `sub ${line.kind}`, x: x + 8 * k, y: y + (33 + i * 16) * k }, line.text);
        const stale = line.kind === 'stale' ? b.stale.find((st) => line.text.includes(` ${st.name} `)) : undefined;
        if (stale) sub.append(s('title', {}, t(this.lang, 'graph.stale', stale)));
        else if (line.tip) sub.append(s('title', {}, line.tip));
        g.append(sub);
      });
      if (b.released) g.append(s('title', {}, t(this.lang, 'graph.released')));
      svg.append(g);
      described.push([b.title, ...b.subtitle.map((l) => l.text)].join(', '));
    }
    svg.append(labels);
    this.body.append(svg);
    this.body.dataset.boxes = String(boxes.length);
    this.description.textContent = described.join('; ');
    this.applyZoom();
  }

  private play(frames: BackwardFrame[], i: number, token: number): void {
    clearTimeout(this.timer);
    if (token !== this.renderToken) return;
    const svg = this.body.querySelector('svg');
    if (!svg) return;
    if (i === 0) for (const g of svg.querySelectorAll('.sub.grad')) g.classList.add('pending');
    for (const el of svg.querySelectorAll('.active, .flow, .hook-fired')) el.classList.remove('active', 'flow', 'hook-fired');
    for (const el of svg.querySelectorAll('.gflow-label')) el.textContent = '';
    if (i >= frames.length) {
      this.finish();
      return;
    }
    const f = frames[i];
    const box = svg.querySelector(`.gnode[data-key="${f.active}"]`);
    box?.classList.add(f.hook ? 'hook-fired' : 'active');
    if (box) keepInView(this.body, box);
    if (f.active.startsWith('t') && !f.hook) box?.querySelector('.sub.grad')?.classList.remove('pending');
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
    // the flow has ended where it ended; a node the error names is what to look at now
    const flagged = [...this.flagged].map((id) => this.body.querySelector(`.gnode[data-key="n${id}"]`)).filter((e): e is Element => e !== null);
    if (flagged.length) showInPanel(this.body, flagged);
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
