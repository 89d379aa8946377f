// Hooks on the page: the graph marks the boxes hooks hang on, and the backward animation shows
// each hook fire, in the order autograd runs them. Real traces from the WebAssembly engine.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTrace } from '../src/engine/trace';
import { backwardFrames, buildGraph } from '../src/model/graph';
import { TraceModel } from '../src/model/world';
import { loadEngine } from './wasm-module';

const PROGRAM = `import torch
x = torch.tensor([1., 2.], requires_grad=True)
x.register_hook(lambda g: g * 10)
y = x * 2
z = y.sum()
z.grad_fn.register_prehook(lambda gs: None)
x.register_post_accumulate_grad_hook(lambda t: None)
z.backward()
`;

let model: TraceModel;
beforeAll(async () => {
  model = new TraceModel(parseTrace(new (await loadEngine()).Session().run(PROGRAM)));
});

describe('hooks in the graph', () => {
  it('marks the tensor and the node they hang on, in both languages', () => {
    const w = model.world(model.trace.steps.findIndex((s) => s.line === 7));
    const g = buildGraph(w);
    const x = g.boxes.find((b) => b.title === 'x')!;
    expect(x.subtitle.filter((l) => l.kind === 'hook').map((l) => l.text)).toEqual(['hooks: 2']);
    const sum = g.boxes.find((b) => b.title === 'SumBackward0')!;
    expect(sum.subtitle.filter((l) => l.kind === 'hook').map((l) => l.text)).toEqual(['hooks: 1']);
    expect(g.boxes.find((b) => b.title === 'MulBackward0')!.subtitle.some((l) => l.kind === 'hook')).toBe(false);
    expect(buildGraph(w, { lang: 'zh-CN' }).boxes.find((b) => b.title === 'x')!.subtitle.some((l) => l.text === '钩子：2')).toBe(true);
  });

  it('animates each hook firing where it hangs, in autograd\'s order', () => {
    const i = model.trace.steps.findIndex((s) => s.backward);
    const w = model.world(i);
    const frames = backwardFrames(w.step.backward!, w.nodes);
    const x = w.step.variables.find((v) => v.name === 'x')!;
    const xKey = `t${w.objects.get(x.object)!.tensor}`;
    const sumKey = `n${w.step.nodes.find((n) => n.name === 'SumBackward0')!.id}`;
    const seen = frames.map((f) => `${f.hook ? 'hook' : 'run'}:${f.active === xKey ? 'x' : f.active === sumKey ? 'Sum' : f.active}`);
    expect(seen.filter((s) => s.startsWith('hook'))).toEqual(['hook:Sum', 'hook:x', 'hook:x']);
    // the pre-hook before SumBackward0 runs; x's register_hook before its gradient lands; the
    // post-accumulate hook after
    expect(seen.indexOf('hook:Sum')).toBeLessThan(seen.indexOf('run:Sum'));
    const landed = seen.indexOf('run:x');
    expect(seen.indexOf('hook:x')).toBeLessThan(landed);
    expect(seen.lastIndexOf('hook:x')).toBeGreaterThan(landed);
    expect(frames.find((f) => f.hook)!.note).toMatch(/register_prehook/);
  });
});
