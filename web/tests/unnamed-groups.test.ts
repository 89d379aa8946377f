// A long autograd chain keeps one unnamed storage per link alive (each MulBackward0 saves its
// scalar `other`); the memory panel draws the named ones, the ones this step changed and only the
// newest unnamed others, and counts the rest. Real traces from the WebAssembly engine.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTrace } from '../src/engine/trace';
import { UNNAMED_SHOWN, withoutOldUnnamed } from '../src/model/unnamed-groups';
import { TraceModel } from '../src/model/world';
import { loadEngine } from './wasm-module';

const CHAIN = (n: number) => `import torch
x = torch.ones(3, requires_grad=True)
y = x
for i in range(${n}):
    y = y * 1.5
z = y.sum()
`;

let run: (code: string) => TraceModel;
beforeAll(async () => {
  const M = await loadEngine();
  run = (code) => new TraceModel(parseTrace(new M.Session().run(code)));
});

describe('withoutOldUnnamed', () => {
  it('draws every group when few unnamed storages are alive', () => {
    const model = run(CHAIN(3));
    const w = model.world(model.stepCount - 1);
    const { groups, hidden } = withoutOldUnnamed(w, w.groups);
    expect(hidden).toBe(0);
    expect(groups).toEqual(w.groups);
  });

  it('keeps the named groups and the newest unnamed ones, and counts the others', () => {
    const model = run(CHAIN(40));
    const w = model.world(model.stepCount - 1);
    const sorted = [...w.groups].sort((a, b) => a.storage.id - b.storage.id);
    const { groups, hidden } = withoutOldUnnamed(w, sorted);
    const named = sorted.filter((g) => g.tensors.some((t) => w.tensorNames(t).length));
    expect(named.map((g) => g.tensors.flatMap((t) => w.tensorNames(t))).flat()).toEqual(expect.arrayContaining(['x', 'y', 'z']));
    for (const g of named) expect(groups).toContain(g);
    const unnamedShown = groups.filter((g) => !named.includes(g));
    expect(unnamedShown.length).toBeLessThanOrEqual(UNNAMED_SHOWN);
    expect(hidden).toBe(sorted.length - groups.length);
    expect(hidden).toBeGreaterThan(20); // 40 saved scalars alive, at most 12 of them drawn
    // the ones drawn are the newest: no hidden storage is newer than a drawn unnamed one
    const oldestShown = Math.min(...unnamedShown.map((g) => g.storage.id));
    const hiddenIds = sorted.filter((g) => !groups.includes(g)).map((g) => g.storage.id);
    expect(Math.max(...hiddenIds)).toBeLessThan(oldestShown);
  });

  it('always draws what this step changed, even with no room for unnamed storages', () => {
    const model = run(CHAIN(30));
    // the last `y = y * 1.5`: its saved scalar is a new unnamed storage
    const i = [...Array(model.stepCount).keys()].filter((k) => model.trace.steps[k].line === 5).pop()!;
    const w = model.world(i);
    const { groups, hidden } = withoutOldUnnamed(w, w.groups, 0);
    const changed = w.groups.filter((g) => w.changes.written.has(g.storage.id) || g.tensors.some((t) => w.changes.created.has(t.id)));
    const unnamedChanged = changed.filter((g) => g.tensors.every((t) => !w.tensorNames(t).length));
    expect(unnamedChanged.length).toBeGreaterThan(0);
    for (const g of changed) expect(groups).toContain(g);
    expect(hidden).toBeGreaterThan(20);
  });
});
