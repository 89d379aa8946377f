import { describe, expect, it } from 'vitest';
import { changedGraphKeys, changedMemoryKeys } from '../src/model/change-focus';
import { TraceModel } from '../src/model/world';
import { fixture } from './fixtures';

describe('what a step changed', () => {
  const model = new TraceModel(fixture('clone_detach_data'));
  const stepAt = (line: number) => model.trace.steps.findIndex((s) => s.line === line);
  const keyOf = (w: ReturnType<typeof model.world>, name: string) =>
    `t${[...w.tensors.values()].find((t) => w.tensorNames(t).includes(name))!.id}`;

  it('a new name: its tensor first', () => {
    const w = model.world(stepAt(5)); // b = a.clone()
    expect(changedMemoryKeys(w)[0]).toBe(keyOf(w, 'b'));
  });

  it('a write through a view: the tensors whose version went up and the written storage', () => {
    const w = model.world(stepAt(9)); // c[0] = 10.0
    const keys = changedMemoryKeys(w);
    expect(keys).toContain(keyOf(w, 'c'));
    expect(keys).toContain('s1');
    expect(keys).not.toContain(keyOf(w, 'b'));
  });

  it('a step that changed nothing drawn has nothing to show; the error\'s tensor comes first', () => {
    const w = model.world(stepAt(10)); // print(a)
    expect(changedMemoryKeys(w)).toEqual([]);
    expect(changedMemoryKeys(w, new Set([2]))).toEqual(['t2']);
  });

  it('graph: the new tensor and the node that made it', () => {
    const w = model.world(stepAt(5));
    const b = [...w.tensors.values()].find((t) => w.tensorNames(t).includes('b'))!;
    expect(changedGraphKeys(w)).toEqual([`n${b.grad_fn}`, `t${b.id}`]);
    expect(changedGraphKeys(w, new Set([7]))[0]).toBe('n7');
  });
});
