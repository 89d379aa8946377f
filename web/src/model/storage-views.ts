// Storages over another storage's bytes (torch.frombuffer over a bytearray: SCHEMA.md Storage
// "views", Note [Storage views] in engine/core/storage.h). Two strips on the page are then the same
// memory: this says which bytes, which cells of the base strip they are, and how to say so in words.
import type { Id, Storage } from '../engine/trace';
import { t, type Lang } from './i18n';
import type { World } from './world';

export interface ViewedSpan {
  /** the storage whose bytes are viewed */
  base: Id;
  /** first and last byte of the base the viewing storage is (inclusive) */
  byteFrom: number;
  byteTo: number;
  /** first and last cell of the base's strip those bytes fall in (inclusive) */
  cellFrom: number;
  cellTo: number;
}

/** The bytes and base cells a viewing storage covers; null for a storage that views nothing or
 * holds no bytes. `base` gives the base's cell size (a bytearray: 1 byte a cell). */
export function viewedSpan(view: Storage, base?: Storage): ViewedSpan | null {
  if (!view.views || view.nbytes <= 0) return null;
  const k = view.views.byte_offset;
  const cellBytes = base && base.numel > 0 ? base.nbytes / base.numel : 1;
  const byteTo = k + view.nbytes - 1;
  return { base: view.views.storage, byteFrom: k, byteTo, cellFrom: Math.floor(k / cellBytes), cellTo: Math.floor(byteTo / cellBytes) };
}

/** Is base cell `cell` one of the bytes this span covers? */
export function spanCovers(span: ViewedSpan, cell: number): boolean {
  return cell >= span.cellFrom && cell <= span.cellTo;
}

/** The storages this step draws that view `base`'s bytes, in id order, each with its span. */
export function viewersOf(w: World, base: Id): { storage: Storage; span: ViewedSpan }[] {
  const baseStorage = w.storages.get(base);
  const out: { storage: Storage; span: ViewedSpan }[] = [];
  for (const s of w.step.storages) {
    if (s.views?.storage !== base) continue;
    const span = viewedSpan(s, baseStorage);
    if (span) out.push({ storage: s, span });
  }
  return out.sort((a, b) => a.storage.id - b.storage.id);
}

/** Who a storage is to the learner: the labels of the tensors (or bytearray) drawn on it. */
function holders(w: World, storage: Id, lang: Lang): { names: string; type: string | null } {
  const group = w.groups.find((g) => g.storage.id === storage);
  const tensors = group?.tensors ?? [];
  const buffer = tensors.find((tt) => w.isBuffer(tt));
  const type = buffer && buffer.object !== null ? w.objects.get(buffer.object)?.type ?? null : null;
  const shown = buffer ? [buffer] : tensors;
  return { names: shown.map((tt) => w.tensorLabel(tt, lang)).join(', '), type };
}

/** "bytes 2–4 of storage #1 (the bytearray `buf`)": the caption on a viewing storage's strip. */
export function viewCaption(w: World, view: Storage, lang: Lang): string | null {
  const span = viewedSpan(view, w.storages.get(view.views?.storage ?? -1));
  if (!span) return null;
  const vars = { from: span.byteFrom, to: span.byteTo, id: span.base };
  const who = holders(w, span.base, lang);
  if (!who.names) return t(lang, 'memory.viewOf', vars);
  return who.type
    ? t(lang, 'memory.viewOfBuffer', { ...vars, type: who.type, name: who.names })
    : t(lang, 'memory.viewOfNamed', { ...vars, name: who.names });
}

/** "bytes 2–4 are also storage #4 (s)": what the base strip says of one storage viewing it. */
export function viewedByCaption(w: World, view: Storage, lang: Lang): string | null {
  const span = viewedSpan(view, w.storages.get(view.views?.storage ?? -1));
  if (!span) return null;
  const vars = { from: span.byteFrom, to: span.byteTo, id: view.id };
  const who = holders(w, view.id, lang);
  return who.names ? t(lang, 'memory.viewedByNamed', { ...vars, name: who.names }) : t(lang, 'memory.viewedBy', vars);
}

/** The cells of other drawn storages that hold the bytes of `storage`'s cell `cell` (a viewer's
 * base, or the storages viewing it), so that hovering one cell can point at its twin. */
export function sameBytes(w: World, storage: Id, cell: number): { storage: Id; cells: number[] }[] {
  const s = w.storages.get(storage);
  if (!s || s.numel <= 0) return [];
  const bytesOf = (x: Storage) => x.nbytes / x.numel;
  const out: { storage: Id; cells: number[] }[] = [];
  const cellsIn = (x: Storage, from: number, to: number) => {
    const cb = bytesOf(x);
    const cells: number[] = [];
    for (let c = Math.max(0, Math.floor(from / cb)); c <= Math.min(x.numel - 1, Math.floor(to / cb)); c++) cells.push(c);
    return cells;
  };
  const own = bytesOf(s);
  const base = s.views ? w.storages.get(s.views.storage) : undefined;
  if (s.views && base && base.numel > 0) {
    const from = s.views.byte_offset + cell * own;
    const cells = cellsIn(base, from, from + own - 1);
    if (cells.length) out.push({ storage: base.id, cells });
  }
  for (const { storage: v } of viewersOf(w, storage)) {
    if (v.numel <= 0) continue;
    const k = v.views!.byte_offset;
    const cells = cellsIn(v, cell * own - k, (cell + 1) * own - 1 - k);
    if (cells.length) out.push({ storage: v.id, cells });
  }
  return out;
}
