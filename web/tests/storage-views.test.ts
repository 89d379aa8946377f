// @vitest-environment happy-dom
// Storages over a bytearray's bytes (torch.frombuffer; SCHEMA.md Storage "views"): which cells of
// the base a view covers, the captions both strips carry (English and 简体中文), the twin cells a
// hovered cell points at, written cells on both strips, and the memory panel drawing all of it.
// Real traces from the WebAssembly engine.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../src/engine/trace';
import { parseTrace } from '../src/engine/trace';
import { sameBytes, spanCovers, viewCaption, viewedByCaption, viewedSpan, viewersOf } from '../src/model/storage-views';
import { TraceModel, type World } from '../src/model/world';
import { MemoryView } from '../src/views/memory-view';
import { loadEngine } from './wasm-module';

const PROGRAM = `import torch
buf = bytearray(8)
t = torch.frombuffer(buf, dtype=torch.float32)
t[0] = 1.0
buf[4] = 1
s = torch.frombuffer(buf, dtype=torch.uint8, count=3, offset=2)
s[0] = 7
`;

let model: TraceModel;
beforeAll(async () => {
  model = new TraceModel(parseTrace(new (await loadEngine()).Session().run(PROGRAM)));
});

const atLine = (line: number) => model.world(model.trace.steps.findIndex((st) => st.line === line));
const storageOf = (w: World, name: string) => {
  const obj = w.objects.get(w.step.variables.find((v) => v.name === name)!.object)!;
  return w.storages.get(w.tensors.get(obj.tensor!)!.storage)!;
};

function storage(id: number, nbytes: number, numel: number, views?: Storage['views']): Storage {
  return { id, nbytes, numel, views, dtype: 'uint8', write_count: 0, written: [], values: null, device: 'cpu', data_ptr: 0 } as unknown as Storage;
}

describe('viewedSpan: which bytes and base cells a viewing storage covers', () => {
  it('maps bytes k..k+nbytes-1 onto the base cells they fall in', () => {
    const bytes = storage(1, 16, 16);
    const span = viewedSpan(storage(2, 3, 3, { storage: 1, byte_offset: 2 }), bytes)!;
    expect(span).toEqual({ base: 1, byteFrom: 2, byteTo: 4, cellFrom: 2, cellTo: 4 });
    expect([1, 2, 3, 4, 5].map((c) => spanCovers(span, c))).toEqual([false, true, true, true, false]);
    // a base of 4-byte cells: bytes 5..12 touch its cells 1, 2 and 3
    expect(viewedSpan(storage(3, 8, 2, { storage: 4, byte_offset: 5 }), storage(4, 16, 4))).toMatchObject({ cellFrom: 1, cellTo: 3 });
  });

  it('is null for a storage of its own and for one of no bytes', () => {
    expect(viewedSpan(storage(1, 8, 8))).toBeNull();
    expect(viewedSpan(storage(2, 0, 0, { storage: 1, byte_offset: 3 }))).toBeNull();
  });
});

describe('frombuffer storages in the model', () => {
  it('finds the storages viewing the bytearray, with their spans', () => {
    const w = atLine(6);
    const buf = storageOf(w, 'buf'), t = storageOf(w, 't'), s = storageOf(w, 's');
    expect(viewersOf(w, buf.id).map((v) => [v.storage.id, v.span.cellFrom, v.span.cellTo])).toEqual([[t.id, 0, 7], [s.id, 2, 4]]);
    expect(viewersOf(w, t.id)).toEqual([]);
  });

  it('captions the viewing strip and the base strip, in English and 简体中文', () => {
    const w = atLine(6);
    const buf = storageOf(w, 'buf'), t = storageOf(w, 't'), s = storageOf(w, 's');
    expect(viewCaption(w, s, 'en')).toBe(`bytes 2–4 of storage #${buf.id} (the bytearray \`buf\`)`);
    expect(viewCaption(w, t, 'en')).toBe(`bytes 0–7 of storage #${buf.id} (the bytearray \`buf\`)`);
    expect(viewCaption(w, s, 'zh-CN')).toBe(`存储 #${buf.id}（bytearray \`buf\`）的第 2–4 字节`);
    expect(viewCaption(w, buf, 'en')).toBeNull();
    expect(viewedByCaption(w, s, 'en')).toBe(`bytes 2–4 are also storage #${s.id} (s)`);
    expect(viewedByCaption(w, s, 'zh-CN')).toBe(`第 2–4 字节同时是存储 #${s.id}（s）`);
  });

  it('points a cell at the cells holding the same bytes, both ways', () => {
    const w = atLine(6);
    const buf = storageOf(w, 'buf'), t = storageOf(w, 't'), s = storageOf(w, 's');
    // byte 3 is t's element 0 (bytes 0-3) and s's cell 1 (s starts at byte 2)
    expect(sameBytes(w, buf.id, 3)).toEqual([{ storage: t.id, cells: [0] }, { storage: s.id, cells: [1] }]);
    expect(sameBytes(w, buf.id, 6)).toEqual([{ storage: t.id, cells: [1] }]);
    // t's element 1 is bytes 4-7 of buf; s covers byte 4 only
    expect(sameBytes(w, t.id, 1)).toEqual([{ storage: buf.id, cells: [4, 5, 6, 7] }]);
    expect(sameBytes(w, s.id, 0)).toEqual([{ storage: buf.id, cells: [2] }]);
  });

  it('marks a write through either storage on both strips', () => {
    const viaTensor = atLine(4), viaBytes = atLine(5), viaView = atLine(7);
    const written = (w: World, name: string) => [...(w.changes.written.get(storageOf(w, name).id) ?? [])].sort();
    expect([written(viaTensor, 'buf'), written(viaTensor, 't')]).toEqual([[2, 3], [0]]); // 1.0 is 00 00 80 3f
    expect([written(viaBytes, 'buf'), written(viaBytes, 't')]).toEqual([[4], [1]]);
    expect([written(viaView, 'buf'), written(viaView, 't'), written(viaView, 's')]).toEqual([[2], [0], [0]]);
  });
});

describe('MemoryView draws the shared bytes', () => {
  let root: HTMLElement;
  beforeEach(() => {
    document.body.replaceChildren();
    root = document.createElement('div');
    document.body.append(root);
  });

  it('captions the viewing strip and brackets the viewed cells of the base, in words too', () => {
    const w = atLine(7);
    const buf = storageOf(w, 'buf'), s = storageOf(w, 's'), t = storageOf(w, 't');
    new MemoryView(root).update(w, 'en');
    const group = (id: number) => root.querySelector(`.group[data-storage="${id}"]`)!;
    expect(group(s.id).querySelector('.view-note.view-of')!.textContent).toContain(`bytes 2–4 of storage #${buf.id} (the bytearray \`buf\`)`);
    expect(group(s.id).querySelector('.view-note.view-of')!.getAttribute('data-views')).toBe(String(buf.id));
    expect([...group(buf.id).querySelectorAll('.view-note.viewed-by')].map((n) => n.textContent))
      .toEqual([`⇅bytes 0–7 are also storage #${t.id} (t)`, `⇅bytes 2–4 are also storage #${s.id} (s)`]);
    const bracket = [...group(buf.id).querySelectorAll(`.lane.view-lane.on[data-viewer="${s.id}"]`)];
    expect(bracket.map((c) => c.getAttribute('data-cell'))).toEqual(['2', '3', '4']);
    expect(bracket[0].classList.contains('from') && bracket[2].classList.contains('to')).toBe(true);
    // not colour only: the strips' labels say it for screen readers
    expect(group(buf.id).querySelector('.strip')!.getAttribute('aria-label')).toContain(`bytes 2–4 are also storage #${s.id} (s)`);
    expect(group(s.id).querySelector('.strip')!.getAttribute('aria-label')).toContain('a write through either shows in both');
    // s[0] = 7 wrote buf's byte 2, t's element 0 and s's cell 0: all three strips show it
    const writtenCells = (id: number) => [...group(id).querySelectorAll('.cell.written')].map((c) => c.getAttribute('data-cell'));
    expect([writtenCells(buf.id), writtenCells(t.id), writtenCells(s.id)]).toEqual([['2'], ['0'], ['0']]);
    expect(group(t.id).querySelector('.view-lane')).toBeNull();
  });

  it('says it in 简体中文, and hovering a byte lights its twins', () => {
    const w = atLine(7);
    const buf = storageOf(w, 'buf'), s = storageOf(w, 's'), t = storageOf(w, 't');
    new MemoryView(root).update(w, 'zh-CN');
    expect(root.querySelector(`.group[data-storage="${s.id}"] .view-note`)!.textContent).toContain(`存储 #${buf.id}（bytearray \`buf\`）的第 2–4 字节`);
    root.querySelector(`.cell[data-s="${buf.id}"][data-cell="3"]`)!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    const lit = [...root.querySelectorAll('.cell.hl')].map((c) => `${c.getAttribute('data-s')}:${c.getAttribute('data-cell')}`).sort();
    expect(lit).toEqual([`${buf.id}:3`, `${s.id}:1`, `${t.id}:0`].sort());
    expect(root.querySelector('.formula')!.textContent).toContain(`存储 #${t.id} 单元 0`);
  });
});
