// The heart of the page: Python names → tensor objects → storages. Names are chips with arrows to
// tensor cards; cards sharing a storage sit together above that storage's strip of cells; one lane
// per tensor under the strip shows which cells it reads (×n when stride 0 or as_strided overlap).
// Hovering a logical element highlights its cell and shows offset + Σ i·stride = k.
import type { Id, Tensor } from '../engine/trace';
import { SUMMARY_THRESHOLD, formatCell, stripSlots, tensorColor, tensorGrid, type Slot } from '../model/layout';
import { t, type Lang } from '../model/i18n';
import { elementCells, formulaSymbolic, formulaText, numel, readersOf, unravel, viewKind } from '../model/strides';
import type { StorageGroup, World } from '../model/world';
import { arrowEnd, type ArrowEnd, type Box } from '../model/arrow-end';
import { clear, h, reconcile, reuseIdentical, s } from './dom';
import { changedMemoryKeys } from '../model/change-focus';
import { afterScroll, scrollIntoPanel, showInPanelPlan } from './scroll';
import { nextFrame, type Writer } from './frame';
import { cellCoverage } from '../model/lane-coverage';
import { reinterpret } from '../model/reinterpret';
import { UNNAMED_SHOWN, withoutOldUnnamed } from '../model/unnamed-groups';
import { arrayProps, propList, tuple } from './tensor-props';
import { moveCellFocus } from './cell-keys';
import { lightSameBytes, sharedBytes, sharedBytesCaptions, sharedBytesLabel, viewLanes } from './shared-bytes';

/** Cells per strip row before wrapping: as many as fit the panel, within these bounds. */
const STRIP_ROW_MIN = 4, STRIP_ROW_MAX = 24;
/** Width of one strip column in px (CSS --cell-w + gap), and of the lane labels + names column. */
const CELL_PX = 62, STRIP_CHROME_PX = 330;
/** "Show all" is offered up to this many cells (beyond it, drawing would stall the page). */
const EXPAND_LIMIT = 4096;
/** Names bound to these are listed as dim chips, not drawn (library code is not the picture). */
const HIDDEN_TYPES = new Set(['module', 'function', 'builtin_function_or_method', 'type', 'class', 'method']);

export interface ErrorMarks {
  tensors: ReadonlySet<Id>;
  nodes: ReadonlySet<Id>;
}

/** cell → "i,j" of the element a (non-overlapping, small) view keeps there. */
function elementAt(tensor: Tensor): Map<number, string> | null {
  if (numel(tensor.sizes) > 1024) return null;
  const m = new Map<number, string>();
  elementCells(tensor).forEach((cell, flat) => m.set(cell, unravel(flat, tensor.sizes).join(',')));
  return m;
}

function rowFor(panelWidth: number): number {
  return Math.max(STRIP_ROW_MIN, Math.min(STRIP_ROW_MAX, Math.floor((panelWidth - STRIP_CHROME_PX) / CELL_PX)));
}

const valueIds = new WeakMap<object, number>();
let nextValueId = 1;
/** Identity of a values array: unchanged storages share the same array across steps. */
function valuesId(v: object): number {
  let id = valueIds.get(v);
  if (id === undefined) valueIds.set(v, (id = nextValueId++));
  return id;
}

/** Cells shown on each side of the hovered one in the mini-strip. */
const MINI_STRIP_SIDE = 3;

export class MemoryView {
  private readonly root: HTMLElement;
  private readonly formula: HTMLElement;
  private world: World | null = null;
  private lang: Lang = 'en';
  private errors: ErrorMarks = { tensors: new Set(), nodes: new Set() };
  private readonly expanded = new Set<string>();
  /** Cards the learner folded or unfolded (`t<id>` → folded); others follow isFoldedByDefault. */
  private readonly folded = new Map<string, boolean>();
  /** this panel's work in the next frame (nextFrame keeps one of each per panel) */
  private readonly arrowKey = {};
  /** the arrows in the svg, as drawn last */
  private drawnArrows = '';
  private readonly focusKey = {};
  private cellsPerRow = 16;
  private scroller: HTMLElement;
  private groupSizes: ResizeObserver | null = null;
  /** Markers on the panel's top and bottom edges for names whose cards are scrolled out of view. */
  private readonly edges: Record<EdgeSide, { bar: HTMLElement; row: HTMLElement; marks: Map<string, HTMLButtonElement>; shown?: string; current: HTMLButtonElement[] }>;

  constructor(container: HTMLElement) {
    this.root = h('div', { class: 'memory-body' });
    this.formula = h('div', { class: 'formula', 'aria-live': 'polite' });
    const edge = (side: EdgeSide) => {
      const row = h('div', { class: 'edge-row' });
      return { bar: h('div', { class: `edge-marks ${side}` }, row), row, marks: new Map<string, HTMLButtonElement>(), current: [] as HTMLButtonElement[] };
    };
    this.edges = { above: edge('above'), below: edge('below') };
    // The marker rows sit outside the scrolling body, above and below it in the panel: inside it
    // they floated over whatever card was scrolled under them and hid its title.
    container.append(this.root, this.formula);
    container.before(this.edges.above.bar);
    container.after(this.edges.below.bar);
    for (const side of EDGE_SIDES) this.edges[side].bar.addEventListener('click', (e) => this.jumpFrom(e.target as Element));
    // a name (or an edge marker) jumps to its card
    container.addEventListener('click', (e) => {
      const fold = (e.target as Element).closest<HTMLElement>('.fold[data-fold]');
      if (fold) return this.toggleFold(fold.dataset.fold!);
      this.jumpFrom(e.target as Element);
    });
    container.addEventListener('pointerover', (e) => this.hover(e.target as Element));
    container.addEventListener('focusin', (e) => this.hover(e.target as Element));
    container.addEventListener('keydown', (e) => moveCellFocus(e, this.cellsPerRow));
    container.addEventListener('pointerleave', () => this.hover(null));
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver((entries) => {
        const width = entries[entries.length - 1].contentRect.width;
        const perRow = rowFor(width);
        if (perRow !== this.cellsPerRow) {
          this.cellsPerRow = perRow;
          this.groupCache.clear();
          if (this.world) this.render();
        }
        this.scheduleArrows();
      }).observe(container);
    }
    // groups off screen are not laid out (content-visibility), so arrows follow the scroll, and
    // redraw when a group gets its real size (which moves every card below it)
    container.addEventListener('scroll', () => this.scheduleArrows(), { passive: true });
    if (typeof ResizeObserver !== 'undefined') this.groupSizes = new ResizeObserver(() => this.scheduleArrows());
    this.scroller = container;
  }

  update(world: World | null, lang: Lang, errors?: ErrorMarks): void {
    const moved = world !== this.world;
    this.world = world;
    this.lang = lang;
    this.errors = errors ?? { tensors: new Set(), nodes: new Set() };
    this.render();
    // measured in the next frame, before anything there writes (no forced layout in a redraw)
    if (moved && world) nextFrame(this.focusKey, () => (this.world === world ? this.planShowChanges(world) : undefined));
  }

  /**
   * Scrolls the panel (smoothly, unless reduced motion is asked for) to what this step changed.
   * Groups out of view are not laid out (content-visibility: auto, which keeps a step's redraw
   * cheap), so a first scroll may aim at an estimated place; once it settles, the groups passed
   * have their real sizes and a second look corrects the aim.
   */
  private planShowChanges(world: World, attempt = 0): Writer | undefined {
    const els: Element[] = [];
    for (const key of changedMemoryKeys(world, this.errors.tensors).slice(0, 3)) {
      const el = key.startsWith('t')
        ? this.root.querySelector(`[data-card="${key}"]`)
        : this.root.querySelector(`.group[data-storage="${key.slice(1)}"] .strip-wrap`);
      if (el) els.push(el);
    }
    const scroll = showInPanelPlan(this.scroller, els);
    if (!scroll) return undefined;
    return () => {
      scroll();
      if (attempt < 3) afterScroll(this.scroller, () => this.world === world && this.planShowChanges(world, attempt + 1)?.());
    };
  }

  /** Persistent frame, so that unchanged storage groups keep their DOM between steps. */
  private frame: { layout: HTMLElement; names: HTMLElement; objects: HTMLElement; svg: SVGSVGElement } | null = null;
  /** signature → rendered group, from the previous render (reused when nothing it shows changed) */
  private groupCache = new Map<string, HTMLElement>();

  private render(): void {
    this.formula.textContent = '';
    this.formulaShape = '';
    for (const el of this.root.querySelectorAll('.hl')) el.classList.remove('hl');
    const w = this.world;
    if (!w) {
      clear(this.root);
      this.frame = null;
      this.groupCache.clear();
      this.root.append(h('p', { class: 'empty' }, t(this.lang, 'memory.empty')));
      this.scheduleArrows();
      return;
    }
    if (!this.frame) {
      clear(this.root);
      const layout = h('div', { class: 'memory-layout' });
      const names = h('div', { class: 'names' });
      const objects = h('div', { class: 'objects' });
      const svg = s('svg', { class: 'arrows', 'aria-hidden': 'true' });
      layout.append(names, objects, svg);
      this.root.append(layout);
      this.frame = { layout, names, objects, svg };
      this.drawnArrows = '';
    }
    const { names, objects } = this.frame;

    const chips: HTMLElement[] = [h('h3', {}, t(this.lang, 'memory.names'))];
    const others: HTMLElement[] = [];
    for (const v of w.step.variables) {
      const obj = w.objects.get(v.object);
      if (!obj) continue;
      const rebound = w.changes.rebound.has(v.name) ? ' rebound' : '';
      if (obj.tensor !== undefined) {
        // tensors, Parameters, and numpy arrays (which share a tensor's storage)
        const kind = obj.type === 'Tensor' ? null : obj.type.replace(/^numpy\./, '');
        chips.push(h('button', {
          type: 'button', class: `name-chip tensor${rebound}`, 'data-name': v.name, 'data-targets': `t${obj.tensor}`,
          style: `--c: ${tensorColor(obj.tensor)}`, title: t(this.lang, 'memory.chipTitle', { name: v.name, type: obj.type, id: obj.tensor }),
        }, v.name, kind ? h('small', { class: 'kind' }, ` ${kind}`) : null));
        continue;
      }
      if (HIDDEN_TYPES.has(obj.type)) {
        chips.push(h('div', { class: 'name-chip dim', title: obj.repr ?? obj.type }, v.name));
        continue;
      }
      // containers and modules: arrows to every tensor reachable through them
      const targets = [...w.tensors.values()].filter((tt) =>
        w.tensorNames(tt).some((p) => p.startsWith(`${v.name}[`) || p.startsWith(`${v.name}.`)));
      const text = obj.repr !== undefined ? `${v.name} = ${obj.repr}` : `${v.name}: ${obj.type}`;
      const targetKeys = targets.map((tt) => `t${tt.id}`).join(' ');
      const attrs = { class: `name-chip value${rebound}`, title: text, 'data-name': v.name };
      chips.push(targetKeys
        ? h('button', { ...attrs, type: 'button', 'data-targets': targetKeys }, text)
        : h('div', attrs, text));
      if (!targets.length && obj.repr === undefined) others.push(h('span', { class: 'value-box' }, `${v.name}: ${obj.type}`));
    }
    // Python Tutor's frames: one box per running user function, its locals as chips with arrows
    for (const f of w.step.frames ?? []) {
      const locals: HTMLElement[] = [];
      for (const v of f.variables) {
        const obj = w.objects.get(v.object);
        if (!obj) continue;
        const path = `${f.name}:${v.name}`;
        if (obj.tensor !== undefined) {
          locals.push(h('button', {
            type: 'button', class: 'name-chip tensor', 'data-name': path, 'data-targets': `t${obj.tensor}`,
            style: `--c: ${tensorColor(obj.tensor)}`, title: t(this.lang, 'memory.chipTitle', { name: v.name, type: obj.type, id: obj.tensor }),
          }, v.name));
        } else {
          const text = obj.repr !== undefined ? `${v.name} = ${obj.repr}` : `${v.name}: ${obj.type}`;
          locals.push(h('div', { class: 'name-chip value', title: text, 'data-name': path }, text));
        }
      }
      chips.push(h('div', { class: 'frame-box', 'data-frame': f.name },
        h('div', { class: 'frame-label' }, t(this.lang, 'memory.frame', { name: f.name })), ...locals));
    }
    reconcile(names, reuseIdentical(names, chips));

    // groups with named tensors first, in the order their names were defined
    const order = new Map<Id, number>();
    w.step.variables.forEach((v, i) => {
      const o = w.objects.get(v.object);
      if (o?.tensor !== undefined) {
        const st = w.tensors.get(o.tensor)?.storage;
        if (st !== undefined && !order.has(st)) order.set(st, i);
      }
    });
    const sorted = [...w.groups].sort((a, b) =>
      (order.get(a.storage.id) ?? 1e9) - (order.get(b.storage.id) ?? 1e9) || a.storage.id - b.storage.id);
    const { groups, hidden } = this.expanded.has('unnamed') ? { groups: sorted, hidden: 0 } : withoutOldUnnamed(w, sorted);
    const wanted: Element[] = [h('h3', {}, t(this.lang, 'memory.objects'))];
    const cache = new Map<string, HTMLElement>();
    for (const g of groups) {
      const sig = this.signature(g);
      const el = this.groupCache.get(sig) ?? this.renderGroup(g);
      cache.set(sig, el);
      wanted.push(el);
    }
    for (const [sig, el] of this.groupCache) if (!cache.has(sig)) this.groupSizes?.unobserve(el);
    this.groupCache = cache;
    for (const el of cache.values()) this.groupSizes?.observe(el);
    if (hidden || this.expanded.has('unnamed') && sorted.length > UNNAMED_SHOWN) {
      wanted.push(h('div', { class: 'unnamed-more' },
        hidden ? t(this.lang, 'memory.unnamedHidden', { n: hidden }) : '', this.toggle('unnamed', sorted.length)));
    }
    if (others.length) wanted.push(h('div', { class: 'values-list' }, ...others));
    reconcile(objects, wanted);
    this.scheduleArrows();
  }

  /** Everything a storage group's drawing depends on; equal signatures draw identical DOM. */
  private signature(g: StorageGroup): string {
    const w = this.world!;
    const tensors = g.tensors.map((tt) => [
      tt, w.tensorNames(tt), w.tensorLabel(tt, this.lang),
      tt.grad_fn !== null ? w.nodes.get(tt.grad_fn)?.name : null,
      tt._base !== null ? w.tensorLabel(w.tensors.get(tt._base) ?? tt, this.lang) : null,
      tt.grad !== null ? w.tensorLabel(w.tensors.get(tt.grad) ?? tt, this.lang) : null,
      w.versionFamily(tt).map((o) => w.tensorLabel(o, this.lang)),
      w.changes.created.has(tt.id), w.changes.bumped.has(tt.id), this.errors.tensors.has(tt.id),
      this.expanded.has(`t${tt.id}`), this.isFolded(tt),
    ]);
    return JSON.stringify([
      this.lang, { ...g.storage, values: null }, valuesId(g.values), [...(w.changes.written.get(g.storage.id) ?? [])],
      this.expanded.has(`s${g.storage.id}`), tensors, sharedBytes(this.world!, g, this.lang),
    ]);
  }

  private renderGroup(g: StorageGroup): HTMLElement {
    const w = this.world!;
    const lang = this.lang;
    const shared = g.tensors.length > 1;
    const labels = g.tensors.map((tt) => w.tensorLabel(tt, this.lang));
    const el = h('section', { class: `group${shared ? ' shared' : ''}`, 'data-storage': g.storage.id, 'aria-label': t(lang, 'memory.storage', { id: g.storage.id }) });
    if (shared) {
      const key = g.tensors.some((tt) => w.isBuffer(tt)) ? 'memory.sharedByBuffer'
        : g.tensors.some((tt) => w.isNdarray(tt)) ? 'memory.sharedByMixed' : 'memory.sharedBy';
      el.append(h('p', { class: 'group-title' }, h('b', {}, t(lang, key, { n: g.tensors.length })), ` — ${labels.join(', ')}`));
    }
    const cards = h('div', { class: 'cards' });
    for (const tensor of g.tensors) cards.append(this.renderCard(tensor, g));
    el.append(this.renderStrip(g), cards);
    return el;
  }

  /** Element k of a tensor reading the storage's bytes as `dtype` (`view(dtype)`). */
  private reinterpretedAt(g: StorageGroup, dtype: string): (k: number) => string {
    const complete = g.values.length >= g.storage.numel;
    const read = complete ? reinterpret(g.values, g.storage.dtype, dtype) : null;
    return (k) => {
      const v = read?.[k];
      return v === undefined ? '·' : typeof v === 'bigint' ? String(v) : formatCell(v, dtype);
    };
  }

  private valueAt(g: StorageGroup): (cell: number) => string {
    const dtype = g.storage.dtype;
    if (g.values.length >= g.storage.numel) return (cell) => (g.values[cell] === undefined ? '·' : formatCell(g.values[cell], dtype));
    const byCell = new Map<number, number>();
    g.values.forEach((_, i) => byCell.set(g.cellIndex(i), i));
    return (cell) => {
      const i = byCell.get(cell);
      return i === undefined ? '·' : formatCell(g.values[i], dtype);
    };
  }

  private renderCard(tensor: Tensor, g: StorageGroup): HTMLElement {
    const w = this.world!;
    const lang = this.lang;
    const color = tensorColor(tensor.id);
    const names = w.tensorNames(tensor);
    const kind = viewKind(tensor);
    const isErr = this.errors.tensors.has(tensor.id);
    const created = w.changes.created.has(tensor.id);
    const card = h('article', {
      class: `card${isErr ? ' error' : ''}${created ? ' created' : ''}`, style: `--c: ${color}`,
      'data-card': `t${tensor.id}`, 'data-tensor': tensor.id, tabindex: -1, 'aria-label': `${w.tensorLabel(tensor, this.lang)} #${tensor.id}`,
    });
    const head = h('div', { class: 'card-head' },
      h('span', { class: 'names-on-card' }, names.length ? names.join(', ') : w.tensorLabel(tensor, this.lang)),
      h('span', { class: 'tid' }, `#${tensor.id}`));
    if (kind !== 'contiguous') head.append(h('span', { class: `badge ${kind}` }, t(lang, `memory.kind.${kind}`)));
    if (isErr) head.append(h('span', { class: 'badge err' }, t(lang, 'memory.errorBadge')));
    if (tensor.hooks) head.append(h('span', { class: 'badge hook' }, t(lang, 'memory.hooks', { n: tensor.hooks })));
    const label = w.tensorLabel(tensor, this.lang);
    const folded = this.isFolded(tensor);
    const fold = h('button', {
      type: 'button', class: 'fold', 'data-fold': `t${tensor.id}`, 'aria-expanded': String(!folded),
      title: t(lang, folded ? 'memory.unfold' : 'memory.fold', { name: label }),
      'aria-label': t(lang, folded ? 'memory.unfold' : 'memory.fold', { name: label }),
    }, folded ? '▸' : '▾');
    head.prepend(fold);
    if (folded) {
      // the essentials stay: what it is and how it reads its storage
      card.classList.add('folded');
      card.append(head, h('div', { class: 'fold-summary' },
        `.shape ${tuple(tensor.sizes)} · .stride() ${tuple(tensor.strides)} · .storage_offset() ${tensor.storage_offset}` +
        (w.isForeign(tensor) ? '' : ` · ._version ${tensor._version}`)));
      return card;
    }
    card.append(head, this.renderGrid(tensor, g));

    if (w.isNdarray(tensor)) {
      card.append(arrayProps(tensor));
      card.append(h('div', { class: 'counter' }, t(lang, 'memory.ndarrayNote')));
      return card;
    }
    if (w.isBuffer(tensor)) {
      card.append(propList([['len()', String(numel(tensor.sizes))]], ''));
      card.append(h('div', { class: 'counter' }, t(lang, 'memory.bufferNote', { type: w.objects.get(tensor.object!)!.type })));
      return card;
    }
    const bumped = w.changes.bumped.has(tensor.id);
    const gradFn = tensor.grad_fn !== null ? w.nodes.get(tensor.grad_fn)?.name : null;
    const base = tensor._base !== null ? w.tensors.get(tensor._base) : null;
    const grad = tensor.grad !== null ? w.tensors.get(tensor.grad) : null;
    const rows: [string, string, string?][] = [
      ['.shape', tuple(tensor.sizes)],
      ['.stride()', tuple(tensor.strides)],
      ['.storage_offset()', String(tensor.storage_offset)],
      ['._version', String(tensor._version), bumped ? 'bumped' : ''],
      ['.dtype', `torch.${tensor.dtype}`],
      ['.device', tensor.device],
      ['.requires_grad', tensor.requires_grad ? 'True' : 'False', tensor.requires_grad ? 'true' : ''],
      ['.is_leaf', tensor.is_leaf ? 'True' : 'False'],
      ['.grad_fn', gradFn ? `<${gradFn}>` : 'None'],
      ['._base', base ? w.tensorLabel(base, this.lang) : 'None'],
    ];
    if (grad) rows.push(['.grad', w.tensorLabel(grad, this.lang), 'true']);
    if (tensor.retains_grad) rows.push(['.retains_grad', 'True', 'true']);
    card.append(propList(rows, t(lang, 'memory.bumped')));

    const family = w.versionFamily(tensor).filter((o) => o.id !== tensor.id);
    const familyText = family.length
      ? t(lang, 'memory.sharesCounter', { names: family.map((o) => w.tensorLabel(o, this.lang)).join(', ') })
      : t(lang, 'memory.ownCounter');
    card.append(h('div', { class: 'counter', title: t(lang, 'memory.counter', { id: tensor.version_family }) },
      h('span', { class: 'dot', style: `--fc: ${tensorColor(tensor.version_family * 7 + 3, 60)}` }),
      `${t(lang, 'memory.counter', { id: tensor.version_family })} · ${familyText}`));
    return card;
  }

  private renderGrid(tensor: Tensor, g: StorageGroup): HTMLElement {
    const n = numel(tensor.sizes);
    const key = `t${tensor.id}`;
    const expanded = this.expanded.has(key);
    const blocks = tensorGrid(tensor, n, expanded);
    const value = tensor.dtype === g.storage.dtype ? this.valueAt(g) : this.reinterpretedAt(g, tensor.dtype);
    const written = this.world!.changes.written.get(g.storage.id);
    // another dtype over the storage's bytes: its element k lies in storage cell k * ratio
    const ratio = g.storage.numel ? tensor.element_size / (g.storage.nbytes / g.storage.numel) : 1;
    // one tab stop per tensor (roving tabindex): arrow keys move between its elements
    let stop = true;
    const grid = h('div', { class: 'tgrid', role: 'group', 'aria-label': t(this.lang, 'memory.elements', { name: this.world!.tensorLabel(tensor, this.lang) }) });
    for (const b of blocks) {
      if (b.label) grid.append(h('div', { class: 'block-label' }, b.label));
      for (const row of b.rows) {
        const r = h('div', { class: 'row' });
        for (const c of row) {
          if (c.kind === 'ellipsis') {
            r.append(h('span', { class: 'el ellipsis' }, '…'));
            continue;
          }
          const cls = written?.has(Math.floor(c.cell * ratio)) ? 'el written' : 'el';
          const first = stop;
          stop = false;
          r.append(h('span', {
            class: cls, 'data-t': tensor.id, 'data-s': g.storage.id, 'data-cell': c.cell, 'data-index': c.index.join(','),
            tabindex: first ? 0 : -1,
          }, value(c.cell)));
        }
        grid.append(r);
      }
    }
    if (n > SUMMARY_THRESHOLD && n <= EXPAND_LIMIT) grid.append(this.toggle(key, n));
    return grid;
  }

  /** Unnamed tensors (a view's hidden base, temporaries) start folded; named ones and the error's don't. */
  private isFolded(tensor: Tensor): boolean {
    const choice = this.folded.get(`t${tensor.id}`);
    if (choice !== undefined) return choice;
    const w = this.world!;
    return !this.errors.tensors.has(tensor.id) && w.tensorLabel(tensor) === `tensor #${tensor.id}` /* no name, not a grad */;
  }

  private toggleFold(key: string): void {
    const tensor = this.world?.tensors.get(Number(key.slice(1)));
    if (!tensor) return;
    this.folded.set(key, !this.isFolded(tensor));
    this.render();
    this.root.querySelector<HTMLElement>(`[data-fold="${key}"]`)?.focus();
  }

  private toggle(key: string, n: number): HTMLElement {
    const open = this.expanded.has(key);
    const b = h('button', { class: 'more', type: 'button', 'aria-expanded': String(open) },
      open ? t(this.lang, 'btn.showLess') : t(this.lang, 'btn.showAll', { n }));
    b.addEventListener('click', () => {
      if (open) this.expanded.delete(key);
      else this.expanded.add(key);
      this.render();
    });
    return b;
  }

  private renderStrip(g: StorageGroup): HTMLElement {
    const w = this.world!;
    const lang = this.lang;
    const st = g.storage;
    const key = `s${st.id}`;
    const complete = g.values.length >= st.numel;
    const slots = stripSlots(st.numel, this.expanded.has(key) && complete && st.numel <= EXPAND_LIMIT);
    const value = this.valueAt(g);
    const written = w.changes.written.get(st.id);
    const cellBytes = st.numel ? st.nbytes / st.numel : 0;
    const lanes = g.tensors.map((tt) => ({
      tensor: tt, ...cellCoverage(tt, cellBytes), err: this.errors.tensors.has(tt.id),
      // strided views read cells out of order: label each lane cell with the element it holds
      order: viewKind(tt) === 'strided' && tt.sizes.length <= 2 ? elementAt(tt) : null,
    }));
    const read = (cell: number) => lanes.some((l) => l.cov(cell) !== 0);

    const wrap = h('div', { class: 'strip-wrap' });
    // shared bytes (torch.frombuffer): said in words on both strips, and drawn as a bracket lane on the base
    const notes = sharedBytes(w, g, lang);
    wrap.append(h('div', { class: 'strip-title' },
      h('b', {}, t(lang, 'memory.storage', { id: st.id })),
      t(lang, 'memory.storageMeta', { dtype: st.dtype, numel: st.numel, nbytes: st.nbytes, device: st.device }),
      written?.size ? h('span', { class: 'badge', style: 'background: var(--written); color: #000' }, t(lang, 'memory.written')) : null));
    wrap.append(...sharedBytesCaptions(notes, lang));
    const stripLabel = sharedBytesLabel(t(lang, 'memory.storage', { id: st.id }), notes, lang);
    const perRow = this.cellsPerRow;
    for (let i = 0; i < slots.length; i += perRow) {
      const chunk = slots.slice(i, i + perRow);
      const strip = h('div', { class: 'strip', role: 'group', 'aria-label': stripLabel, style: `grid-template-columns: max-content repeat(${chunk.length}, auto)` });
      strip.append(h('span', {}));
      for (const sl of chunk) strip.append(h('span', { class: 'idx' }, sl.kind === 'cell' ? String(sl.index) : ''));
      strip.append(h('span', { class: 'row-label' }, t(lang, 'memory.value')));
      for (const sl of chunk) strip.append(this.cellEl(sl, st.id, value, written, read, i === 0 && sl === chunk[0]));
      for (const lane of lanes) {
        strip.append(h('span', { class: 'lane-label', style: `--c: ${tensorColor(lane.tensor.id)}` }, w.tensorLabel(lane.tensor, this.lang)));
        for (const sl of chunk) {
          if (sl.kind === 'gap') {
            strip.append(h('span', {}));
            continue;
          }
          const c = lane.cov(sl.index);
          const name = w.tensorLabel(lane.tensor, this.lang);
          // another dtype over the same bytes: its elements are wider or narrower than the cells
          const other = lane.ratio !== 1 && c !== 0;
          const multi = !other && c !== null && c > 1;
          const cls = ['lane'];
          if (c !== 0) cls.push(multi ? 'multi' : 'on');
          if (other) cls.push(lane.ratio > 1 ? 'wide' : 'split');
          if (c !== 0 && sl.index === Math.floor(lane.tensor.storage_offset * lane.ratio)) cls.push('start');
          if (c !== 0 && lane.err) cls.push('err');
          const title = !c ? undefined
            : other && lane.ratio > 1 ? t(lang, 'memory.laneWide', { name, dtype: lane.tensor.dtype, k: lane.ratio })
              : other ? t(lang, 'memory.laneSplit', { name, cell: sl.index, k: c, dtype: lane.tensor.dtype })
                : t(lang, 'memory.laneReads', { name, cell: sl.index }) + (multi ? ` ×${c}` : '');
          const label = other ? (lane.ratio > 1 ? '' : `${c}`) : multi ? `×${c}` : c ? lane.order?.get(sl.index) ?? '' : '';
          strip.append(h('span', {
            class: cls.join(' '), style: `--c: ${tensorColor(lane.tensor.id)}`, 'data-t': lane.tensor.id, 'data-cell': sl.index, title,
          }, label));
        }
      }
      strip.append(...viewLanes(notes, chunk));
      wrap.append(strip);
    }
    if (st.numel > SUMMARY_THRESHOLD && complete && st.numel <= EXPAND_LIMIT) wrap.append(this.toggle(key, st.numel));
    return wrap;
  }

  private cellEl(sl: Slot, storage: Id, value: (c: number) => string, written: Set<number> | undefined, read: (c: number) => boolean, tabStop: boolean): HTMLElement {
    if (sl.kind === 'gap') return h('span', { class: 'cell gap' }, t(this.lang, 'memory.hidden', { n: sl.hidden }));
    const cls = ['cell'];
    if (written?.has(sl.index)) cls.push('written');
    if (!read(sl.index)) cls.push('unread');
    return h('span', { class: cls.join(' '), 'data-s': storage, 'data-cell': sl.index, tabindex: tabStop ? 0 : -1 }, value(sl.index));
  }

  // ---------------------------------------------------------------- hover: element ↔ cell
  /** how the formula bar was shaped when the arrows were last planned (shown, and what it holds) */
  private formulaShape = '';

  private hover(target: Element | null): void {
    this.showHover(target);
    // the formula bar covers the bottom of the panel: arrows must not end beneath it
    const shape = this.formula.textContent ? `${this.formula.childElementCount}` : '';
    if (shape !== this.formulaShape) {
      this.formulaShape = shape;
      this.scheduleArrows();
    }
  }

  private showHover(target: Element | null): void {
    for (const el of this.root.querySelectorAll('.hl')) el.classList.remove('hl');
    const w = this.world;
    if (!w || !target) {
      this.formula.textContent = '';
      return;
    }
    const el = target.closest('.el[data-cell], .cell[data-cell]');
    if (!el) return;
    const cell = Number(el.getAttribute('data-cell'));
    const sid = el.getAttribute('data-s');
    if (el.classList.contains('el')) {
      const tensor = w.tensors.get(Number(el.getAttribute('data-t')));
      if (!tensor) return;
      const index = (el.getAttribute('data-index') ?? '').split(',').filter((x) => x !== '').map(Number);
      el.classList.add('hl');
      this.root.querySelector(`.cell[data-s="${sid}"][data-cell="${cell}"]`)?.classList.add('hl');
      this.root.querySelector(`.lane[data-t="${tensor.id}"][data-cell="${cell}"]`)?.classList.add('hl');
      this.formula.replaceChildren(
        h('span', { class: 'sym' }, `${w.tensorLabel(tensor, this.lang)}[${index.join(', ')}] → ${formulaSymbolic(index.length)}`),
        `${formulaText(index, tensor)}   (${t(this.lang, 'memory.formula', { index: `[${index.join(', ')}]`, cell, value: el.textContent ?? '' })})`);
      if (sid !== null && !this.cellInView(sid, cell)) this.formula.append(this.miniStrip(sid, cell));
      return;
    }
    el.classList.add('hl');
    for (const e of this.root.querySelectorAll(`.el[data-s="${sid}"][data-cell="${cell}"]`)) e.classList.add('hl');
    const twins = lightSameBytes(this.root, w, Number(sid), cell, this.lang);
    // every reader, from the geometry (a folded or summarised card does not draw all its elements)
    const readers: string[] = [];
    for (const tt of w.groups.find((g) => String(g.storage.id) === sid)?.tensors ?? []) {
      const at = readersOf(tt, cell);
      const label = w.tensorLabel(tt, this.lang);
      if (at === null) readers.push(`${label}[…]`);
      else if (at.length > 4) readers.push(...at.slice(0, 4).map((i) => `${label}[${i.join(', ')}]`), `${label}[… ×${at.length - 4}]`);
      else readers.push(...at.map((i) => `${label}[${i.join(', ')}]`));
    }
    this.formula.textContent = t(this.lang, 'memory.cellReaders', { id: sid ?? '', cell }) + (readers.length ? ` ← ${readers.join(', ')}` : '')
      + twins;
  }

  /** Whether storage `sid`'s cell is drawn and inside the visible part of the panel. */
  private cellInView(sid: string, cell: number): boolean {
    const el = this.root.querySelector(`.cell[data-s="${sid}"][data-cell="${cell}"]`);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const view = this.visibleBox();
    return r.height > 0 && r.top >= view.top && r.bottom <= view.bottom;
  }

  /**
   * The hovered element's cell and its neighbours, drawn in the sticky formula bar: the strip
   * itself is scrolled away (or summarised), but the learner should still see where the element lives.
   */
  private miniStrip(sid: string, cell: number): HTMLElement {
    const g = this.world?.groups.find((gr) => String(gr.storage.id) === sid);
    const strip = h('div', { class: 'mini-strip', 'data-s': sid },
      h('span', { class: 'mini-label' }, t(this.lang, 'memory.miniStrip', { id: sid })));
    if (!g) return strip;
    const value = this.valueAt(g);
    const from = Math.max(0, cell - MINI_STRIP_SIDE), to = Math.min(g.storage.numel - 1, cell + MINI_STRIP_SIDE);
    if (from > 0) strip.append(h('span', { class: 'mini-more' }, '…'));
    for (let c = from; c <= to; c++) {
      strip.append(h('span', { class: c === cell ? 'mini-cell hl' : 'mini-cell', 'data-cell': String(c) },
        h('small', {}, String(c)), value(c)));
    }
    if (to < g.storage.numel - 1) strip.append(h('span', { class: 'mini-more' }, '…'));
    return strip;
  }

  // ---------------------------------------------------------------- arrows: names → cards
  /** Arrows are measured in the frame's second round: after this frame's scrolling is applied. */
  private scheduleArrows(): void {
    nextFrame(this.arrowKey, () => this.planArrows(), 1);
  }

  /** A click on a name or an edge marker: its (first) card. */
  private jumpFrom(target: Element): void {
    const jump = target.closest<HTMLElement>('.name-chip[data-targets], .edge-mark[data-targets]');
    const key = jump?.dataset.targets?.split(' ')[0];
    if (key) this.showCard(key);
  }

  /** Scrolls the panel to a tensor's card and points it out (and takes focus there, for keyboards). */
  showCard(key: string): void {
    const card = this.root.querySelector<HTMLElement>(`[data-card="${key}"]`);
    if (!card) return;
    scrollIntoPanel(this.scroller, card); // (the marker rows are outside the body: no room to keep for them)
    card.focus({ preventScroll: true });
    card.classList.remove('flash');
    void card.offsetWidth; // restart the animation
    card.classList.add('flash');
  }

  /**
   * The part of the panel a learner sees, in client coordinates: less the sticky formula at the
   * bottom (the edge-marker rows are outside the scrolling body and take their own room).
   */
  private visibleBox(): Box {
    const el = this.scroller;
    const r = el.getBoundingClientRect();
    const formula = this.formula.textContent ? this.formula.getBoundingClientRect().height : 0;
    return { top: r.top, left: r.left, bottom: r.top + el.clientHeight - formula, right: r.left + el.clientWidth };
  }

  /**
   * Arrows from names to cards, in read and write rounds: measure the chips and cards, show the
   * markers of names whose cards are scrolled away, measure the markers, then draw.
   */
  private planArrows(): Writer | undefined {
    const frame = this.frame;
    if (!frame || !this.root.contains(frame.layout)) return () => void EDGE_SIDES.forEach((side) => this.setEdgeMarks(side, [], 0));
    const plan = this.measureArrows(frame);
    return () => {
      let marks = EDGE_SIDES.map((side) => this.setEdgeMarks(side, plan.offscreen[side], plan.column));
      return () => {
        let p = plan;
        // The markers just shown, hidden or rewrapped change how much of the panel is seen: decide
        // once more with the bands as they now are (once: these markers are final).
        const now = this.visibleBox();
        if (Math.abs(now.top - p.view.top) > 0.5 || Math.abs(now.bottom - p.view.bottom) > 0.5) {
          p = this.measureArrows(frame);
          marks = EDGE_SIDES.map((side) => this.setEdgeMarks(side, p.offscreen[side], p.column));
        }
        const arrows = [...p.arrows];
        EDGE_SIDES.forEach((side, k) => p.offscreen[side].forEach((o, i) => {
          // the arrow leaves the body through its edge, under (or over) the name's marker (and
          // under the formula bar, when one is shown)
          const m = marks[k][i].getBoundingClientRect();
          const y = side === 'above' ? p.body.top + 1 : p.body.bottom - 1;
          arrows.push({ from: o.start, to: { x: m.left + Math.min(16, m.width / 2) - p.origin.left, y: y - p.origin.top }, name: o.name, key: o.keys.join(' '), side });
        }));
        return () => {
          const { svg } = frame;
          // the same arrows as drawn (most steps of a loop): nothing to write
          const drawn = JSON.stringify([p.origin.width, p.origin.height, arrows]);
          if (drawn === this.drawnArrows && svg.childElementCount) return;
          this.drawnArrows = drawn;
          clear(svg);
          svg.setAttribute('width', String(p.origin.width));
          svg.setAttribute('height', String(p.origin.height));
          for (const a of arrows) this.arrow(svg, a.from, a.to, a.name, a.key, a.side);
        };
      };
    };
  }

  /** Where each name's arrow starts and ends, or which edge its card is scrolled past. Reads only. */
  private measureArrows(frame: { layout: HTMLElement; objects: HTMLElement }) {
    const { layout, objects } = frame;
    const origin = layout.getBoundingClientRect();
    const view = this.visibleBox();
    const arrows: { from: Point; to: Point; name: string; key: string; side?: EdgeSide }[] = [];
    const offscreen: Record<EdgeSide, OffscreenName[]> = { above: [], below: [] };
    for (const chip of layout.querySelectorAll<HTMLElement>('.name-chip[data-targets]')) {
      const a = chip.getBoundingClientRect();
      const start = { x: a.right - origin.left, y: a.top + a.height / 2 - origin.top };
      const name = chip.dataset.name ?? '';
      const off: Record<EdgeSide, string[]> = { above: [], below: [] };
      for (const key of (chip.dataset.targets ?? '').split(' ')) {
        const card = layout.querySelector(`[data-card="${key}"]`);
        const group = card?.closest('.group');
        if (!card || !group) continue;
        // a group wholly out of view is not laid out (content-visibility): its placeholder box decides
        const g = group.getBoundingClientRect();
        const end: ArrowEnd = g.bottom <= view.top ? { kind: 'edge', side: 'above' }
          : g.top >= view.bottom ? { kind: 'edge', side: 'below' }
            : arrowEnd(card.getBoundingClientRect(), view);
        if (end.kind === 'edge') off[end.side].push(key);
        else arrows.push({ from: start, to: { x: end.x - origin.left, y: end.y - origin.top }, name, key });
      }
      for (const side of EDGE_SIDES) if (off[side].length) offscreen[side].push({ name, keys: off[side], start });
    }
    const box = this.scroller.getBoundingClientRect();
    const column = objects.getBoundingClientRect().left - box.left;
    const body = { top: box.top, bottom: box.top + this.scroller.clientHeight };
    return { origin, view, body, arrows, offscreen, column };
  }

  /** An arrow into a card from its left, or (`edge`) up or down into the body's edge, at a marker. */
  private arrow(svg: SVGSVGElement, from: Point, to: Point, name: string, keys: string, edge?: EdgeSide): void {
    const color = tensorColor(Number(keys.split(' ')[0].slice(1)));
    const dx = Math.max(30, (to.x - from.x) / 2);
    const dir = edge === 'above' ? -1 : 1;
    const c2 = edge ? `${to.x},${to.y - dir * Math.max(30, Math.abs(to.y - from.y) / 2)}` : `${to.x - dx},${to.y}`;
    const head = edge ? `M${to.x - 4},${to.y - dir * 7} L${to.x},${to.y} L${to.x + 4},${to.y - dir * 7}`
      : `M${to.x - 7},${to.y - 4} L${to.x},${to.y} L${to.x - 7},${to.y + 4}`;
    svg.append(
      s('path', { class: 'link', d: `M${from.x},${from.y} C${from.x + dx},${from.y} ${c2} ${to.x},${to.y}`, stroke: color, 'data-from': name, 'data-to': keys }),
      s('path', { class: 'head', d: head, stroke: color }),
    );
  }

  /** Shows one marker per name whose cards are off that edge; keeps existing buttons (and focus). */
  private setEdgeMarks(side: EdgeSide, names: OffscreenName[], column: number): HTMLButtonElement[] {
    const edge = this.edges[side];
    // unchanged markers are left alone: any write would cost the next measurement a fresh layout
    const shown = JSON.stringify([this.lang, Math.max(0, column), names.map((o) => [o.name, o.keys])]);
    if (shown === edge.shown) return edge.current;
    const wanted: HTMLButtonElement[] = [];
    const next = new Map<string, HTMLButtonElement>();
    for (const o of names) {
      const id = `${o.name}|${o.keys.join(' ')}`;
      const label = t(this.lang, side === 'above' ? 'memory.offAbove' : 'memory.offBelow', { name: o.name });
      const mark = edge.marks.get(id) ?? h('button', { type: 'button', class: 'edge-mark' });
      mark.dataset.targets = o.keys.join(' ');
      mark.dataset.name = o.name;
      mark.style.setProperty('--c', tensorColor(Number(o.keys[0].slice(1))));
      mark.title = label;
      mark.setAttribute('aria-label', label);
      mark.textContent = `${side === 'above' ? '↑' : '↓'} ${o.name}`;
      next.set(id, mark);
      wanted.push(mark);
    }
    edge.marks.clear();
    for (const [k, v] of next) edge.marks.set(k, v);
    reconcile(edge.row, wanted);
    // over the cards' column, unless that leaves the markers too little room (a phone)
    edge.row.style.marginLeft = `max(0px, min(${Math.max(0, column)}px, 100% - 20rem))`;
    edge.bar.hidden = wanted.length === 0;
    edge.shown = shown;
    edge.current = wanted;
    return wanted;
  }
}

type EdgeSide = 'above' | 'below';
type Point = { x: number; y: number };
const EDGE_SIDES: readonly EdgeSide[] = ['above', 'below'];
interface OffscreenName {
  name: string;
  keys: string[];
  start: { x: number; y: number };
}
