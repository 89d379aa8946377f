// How a storage strip shows bytes it shares with another storage (torch.frombuffer: a storage that
// views a bytearray's bytes, SCHEMA.md Storage "views"): a caption on both strips, the same words in
// the strip's aria label, and on the base a bracket lane under exactly the viewed cells.
import type { Slot } from '../model/layout';
import { tensorColor } from '../model/layout';
import { t, type Lang } from '../model/i18n';
import { sameBytes, spanCovers, viewCaption, viewedByCaption, viewersOf, type ViewedSpan } from '../model/storage-views';
import type { StorageGroup, World } from '../model/world';
import { h } from './dom';

export interface SharedBytes {
  /** the caption of a viewing strip (null when it views nothing) */
  of: string | null;
  ofColor: string;
  ofBase: number | null;
  /** the storages viewing this one, each with the cells it covers */
  by: { id: number; span: ViewedSpan; caption: string; label: string; color: string }[];
}

/** What a strip says of shared bytes: the storage it views, and the storages viewing it. */
export function sharedBytes(w: World, g: StorageGroup, lang: Lang): SharedBytes {
  const of = g.storage.views ? viewCaption(w, g.storage, lang) : null;
  const base = g.storage.views ? w.groups.find((o) => o.storage.id === g.storage.views!.storage) : undefined;
  const by = viewersOf(w, g.storage.id).map(({ storage, span }) => {
    const holders = w.groups.find((o) => o.storage.id === storage.id)?.tensors ?? [];
    return {
      id: storage.id, span, caption: viewedByCaption(w, storage, lang) ?? '',
      label: t(lang, 'memory.viewLane', { id: storage.id, name: holders.map((tt) => w.tensorLabel(tt, lang)).join(', ') }),
      color: holders.length ? tensorColor(holders[0].id) : 'var(--muted)',
    };
  });
  return { of, ofColor: base?.tensors.length ? tensorColor(base.tensors[0].id) : 'var(--muted)', ofBase: g.storage.views?.storage ?? null, by };
}

/** The captions under the strip's title. */
export function sharedBytesCaptions(notes: SharedBytes, lang: Lang): HTMLElement[] {
  const same = t(lang, 'memory.viewSame');
  const out: HTMLElement[] = [];
  if (notes.of) {
    out.push(h('p', { class: 'view-note view-of', style: `--c: ${notes.ofColor}`, 'data-views': notes.ofBase ?? undefined, title: same },
      h('span', { class: 'view-mark', 'aria-hidden': 'true' }, '⇅'), h('b', {}, notes.of), h('small', {}, ` — ${same}`)));
  }
  for (const v of notes.by) {
    out.push(h('p', { class: 'view-note viewed-by', style: `--c: ${v.color}`, 'data-viewer': v.id, title: same },
      h('span', { class: 'view-mark', 'aria-hidden': 'true' }, '⇅'), v.caption));
  }
  return out;
}

/** The strip's aria label: its name, then the same captions in words. */
export function sharedBytesLabel(name: string, notes: SharedBytes, lang: Lang): string {
  return [name, notes.of, ...notes.by.map((v) => v.caption)].filter(Boolean).join('; ')
    + (notes.of || notes.by.length ? `; ${t(lang, 'memory.viewSame')}` : '');
}

/** One bracket lane per viewing storage, for one row of cells. */
export function viewLanes(notes: SharedBytes, chunk: Slot[]): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const v of notes.by) {
    out.push(h('span', { class: 'lane-label view-label', style: `--c: ${v.color}` }, v.label));
    for (const sl of chunk) {
      const on = sl.kind === 'cell' && spanCovers(v.span, sl.index);
      const cls = ['lane', 'view-lane'];
      if (on) cls.push('on');
      if (on && sl.index === v.span.cellFrom) cls.push('from');
      if (on && sl.index === v.span.cellTo) cls.push('to');
      out.push(h('span', on
        ? { class: cls.join(' '), style: `--c: ${v.color}`, 'data-viewer': v.id, 'data-cell': sl.index, title: v.caption }
        : { class: cls.join(' ') }));
    }
  }
  return out;
}

/** Lights the cells of other strips that hold the same bytes as `cell` of storage `sid`, and
 * returns what the formula bar adds for them (" = storage #4 cell 1"). */
export function lightSameBytes(root: ParentNode, w: World, sid: number, cell: number, lang: Lang): string {
  const twins = sameBytes(w, sid, cell);
  for (const tw of twins) {
    for (const c of tw.cells) {
      for (const e of root.querySelectorAll(`.cell[data-s="${tw.storage}"][data-cell="${c}"], .el[data-s="${tw.storage}"][data-cell="${c}"]`)) e.classList.add('hl');
    }
  }
  return twins.map((tw) => ` = ${t(lang, 'memory.sameCells', { id: tw.storage, cells: tw.cells.join(', ') })}`).join('');
}
