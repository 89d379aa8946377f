import { describe, expect, it } from 'vitest';
import { TraceModel, summaryIndexer } from '../src/model/world';
import type { Storage } from '../src/engine/trace';
import { fixture } from './fixtures';

describe('TraceModel / World', () => {
  const model = new TraceModel(fixture('clone_detach_data'));

  it('fills copy-on-write storage values from earlier steps', () => {
    const trace = model.trace;
    const s9 = trace.steps.findIndex((s) => s.line === 9);
    const later = trace.steps.findIndex((s) => s.line === 10);
    // the fixture omits unchanged values after a step that wrote them
    expect(trace.steps[later].storages.find((s) => s.id === 1)?.values).toBeNull();
    const w = model.world(later);
    expect(w.groups.find((g) => g.storage.id === 1)?.values).toEqual([10, 2, 3]);
    expect(model.world(s9).changes.written.get(1)).toEqual(new Set([0]));
  });

  it('groups tensors by storage: detach and .data share a, clone does not', () => {
    const w = model.world(model.stepCount - 1);
    const shared = w.groups.find((g) => g.storage.id === 1)!;
    expect(shared.tensors.map((t) => w.tensorLabel(t))).toEqual(['a', 'c', 'd']);
    const own = w.groups.find((g) => g.tensors.some((t) => w.tensorNames(t).includes('b')))!;
    expect(own.tensors).toHaveLength(1);
  });

  it('version families: detach shares the counter, .data does not', () => {
    const w = model.world(model.stepCount - 1);
    const byName = (n: string) => [...w.tensors.values()].find((t) => w.tensorNames(t).includes(n))!;
    expect(w.versionFamily(byName('a')).map((t) => w.tensorLabel(t))).toEqual(['a', 'c']);
    expect(w.versionFamily(byName('d')).map((t) => w.tensorLabel(t))).toEqual(['d']);
  });

  it('reports bumped versions, created tensors and rebound names', () => {
    const i = model.trace.steps.findIndex((s) => s.line === 9);
    const w = model.world(i);
    expect([...w.changes.bumped].map((id) => w.tensorLabel(w.tensors.get(id)!)).sort()).toEqual(['a', 'c']);
    const j = model.trace.steps.findIndex((s) => s.line === 6);
    expect([...model.world(j).changes.rebound]).toEqual(['c']);
    expect(model.world(j).changes.created.size).toBe(1);
  });

  it('gives the output up to a step, and the traceback only at the end', () => {
    const m = new TraceModel(fixture('runtime_error'));
    expect(m.errorStep()).toBe(m.stepCount - 1);
    const before = m.outputUpTo(m.stepCount - 2);
    expect(before.map((c) => c.text).join('')).toBe('0\n1 MulBackward0\n');
    const end = m.outputUpTo(m.stepCount - 1);
    expect(end[end.length - 1].stream).toBe('stderr');
    expect(end[end.length - 1].text).toMatch(/^Traceback \(most recent call last\):/);
  });

  it('names tensors reached through .grad', () => {
    const m = new TraceModel(fixture('autograd_backward'));
    const w = m.world(m.stepCount - 1);
    const x = [...w.tensors.values()].find((t) => w.tensorNames(t).includes('x'))!;
    expect(w.tensorLabel(w.tensors.get(x.grad!)!)).toBe('x.grad');
  });

  it('maps summarised values back to storage cells', () => {
    const s = { numel: 1000, summary: { head: 3, tail: 3, total: 1000 } } as Storage;
    const f = summaryIndexer(s, 6);
    expect([0, 1, 2, 3, 4, 5].map(f)).toEqual([0, 1, 2, 997, 998, 999]);
    expect(summaryIndexer({ numel: 3, summary: null } as Storage, 3)(2)).toBe(2);
  });

  it('refuses a step that does not exist', () => {
    expect(() => model.world(999)).toThrow(RangeError);
  });
});
