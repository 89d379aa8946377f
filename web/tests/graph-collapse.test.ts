// Long chains of autograd nodes are drawn as one box past COLLAPSE_ABOVE boxes; small graphs are
// drawn whole; the backward animation lights the box that stands for the hidden nodes once, not
// once per node. Real traces from the WebAssembly engine.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@wasm/tensorplay.mjs';
import { parseTrace } from '../src/engine/trace';
import { backwardFrames, buildGraph } from '../src/model/graph';
import { COLLAPSE_ABOVE, framesOnDrawn } from '../src/model/graph-collapse';
import { LayoutCache } from '../src/model/layout-cache';
import { layoutGraph } from '../src/model/graph-layout';
import { TraceModel } from '../src/model/world';
import { loadEngine } from './wasm-module';

let session: Session;
beforeAll(async () => {
  session = new (await loadEngine()).Session();
});

const chain = (n: number) => `import torch
x = torch.ones(3, requires_grad=True)
y = x
for i in range(${n}):
    y = y * 1.001
z = y.sum()
z.backward()
`;

describe('collapsed chains', () => {
  it('draws a 300-node chain as its ends and one box for the middle, in both languages', () => {
    const m = new TraceModel(parseTrace(session.run(chain(300))));
    const w = m.world(m.trace.steps.findIndex((s) => s.line === 6));
    const g = buildGraph(w);
    expect(w.nodes.size).toBe(302); // 300 MulBackward0, SumBackward0, AccumulateGrad
    expect(g.boxes.length).toBeLessThan(12);
    const box = g.boxes.find((b) => b.key.startsWith('c'))!;
    expect(box.title).toBe('… 296 more nodes in a chain');
    expect(box.subtitle.map((l) => l.text)).toEqual(['MulBackward0 ×296']);
    expect(g.hidden!.size).toBe(296);
    // every edge joins drawn boxes, and the chain still runs from z to x
    const keys = new Set(g.boxes.map((b) => b.key));
    for (const e of g.edges) expect(keys.has(e.from) && keys.has(e.to)).toBe(true);
    expect(g.edges.filter((e) => e.from === box.key || e.to === box.key)).toHaveLength(2);
    expect(buildGraph(w, { lang: 'zh-CN' }).boxes.find((b) => b.key.startsWith('c'))!.title).toBe('… 链中另外 296 个节点');
  });

  it('keeps graphs up to the limit whole, and the growing chain\'s layout is computed once', () => {
    const m = new TraceModel(parseTrace(session.run(chain(COLLAPSE_ABOVE - 5))));
    const w = m.world(m.trace.steps.findIndex((s) => s.line === 6));
    expect(buildGraph(w).hidden!.size).toBe(0);
    const big = new TraceModel(parseTrace(session.run(chain(120))));
    const cache = new LayoutCache();
    const steps = [...Array(big.stepCount).keys()].filter((i) => big.trace.steps[i].line === 5).slice(60);
    for (const i of steps) cache.get(buildGraph(big.world(i)), layoutGraph);
    expect(cache.computed).toBe(1); // the chain grows inside the collapsed box
  });

  it('lights the collapsed box once during backward', () => {
    const m = new TraceModel(parseTrace(session.run(chain(100))));
    const i = m.trace.steps.findIndex((s) => s.backward);
    const w = m.world(i);
    const g = buildGraph(w);
    const all = backwardFrames(w.step.backward!, w.nodes);
    const drawn = framesOnDrawn(all, g.hidden!);
    const keys = new Set(g.boxes.map((b) => b.key));
    expect(all.length).toBeGreaterThan(100);
    expect(drawn.length).toBeLessThan(12);
    for (const f of drawn) expect(keys.has(f.active)).toBe(true);
    expect(drawn.filter((f) => f.active.startsWith('c'))).toHaveLength(1);
  });
});
