// Graph layouts are cached by shape: a training loop's iterations (new nodes, same graph, other
// gradient digits) are laid out once and re-labelled, and a graph of another shape gets its own layout. Real traces from the
// WebAssembly engine; dagre itself lays them out.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTrace } from '../src/engine/trace';
import { buildGraph } from '../src/model/graph';
import { layoutGraph } from '../src/model/graph-layout';
import { LayoutCache, layoutShape } from '../src/model/layout-cache';
import { TraceModel } from '../src/model/world';
import { loadEngine } from './wasm-module';

const LOOP = `import torch
w = torch.ones(3, requires_grad=True)
for i in range(6):
    loss = (w * 2).sum()
    loss.backward()
`;

let model: TraceModel;
beforeAll(async () => {
  const M = await loadEngine();
  model = new TraceModel(parseTrace(new M.Session().run(LOOP)));
});

describe('LayoutCache', () => {
  it('lays out a loop\'s repeated graph once and gives each iteration its own keys', () => {
    const cache = new LayoutCache();
    const steps = [...Array(model.stepCount).keys()].filter((i) => model.trace.steps[i].line === 4);
    expect(steps.length).toBe(6);
    const graphs = steps.map((i) => buildGraph(model.world(i)));
    expect(new Set(graphs.map((g) => g.boxes.map((b) => b.key).join())).size).toBe(6); // new nodes every pass
    const layouts = graphs.map((g) => cache.get(g, layoutGraph));
    // the first pass differs (no w.grad yet); later passes differ only in the gradient's digits
    expect(cache.computed).toBe(2);
    graphs.forEach((g, k) => {
      const fresh = layoutGraph(layoutShape(g));
      expect([...layouts[k].boxes.keys()]).toEqual(g.boxes.map((b) => b.key));
      // the re-labelled layout is the layout dagre gives this iteration's graph
      for (const b of g.boxes) expect(layouts[k].boxes.get(b.key)).toEqual(fresh.boxes.get(b.key));
      expect(layouts[k].edges.map((e) => [e.from, e.to, e.points])).toEqual(fresh.edges.map((e) => [e.from, e.to, e.points]));
    });
  });

  it('computes a new layout for a graph of another shape, and evicts the oldest past capacity', () => {
    const cache = new LayoutCache(1);
    const inLoop = buildGraph(model.world(model.trace.steps.findIndex((s) => s.line === 4)));
    const atStart = buildGraph(model.world(1));
    cache.get(inLoop, layoutGraph);
    cache.get(atStart, layoutGraph);
    expect(cache.computed).toBe(2);
    cache.get(inLoop, layoutGraph);
    expect(cache.computed).toBe(3);
  });
});
