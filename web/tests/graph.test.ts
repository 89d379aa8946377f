import { describe, expect, it } from 'vitest';
import { backwardFrames, buildGraph } from '../src/model/graph';
import { TraceModel } from '../src/model/world';
import { fixture } from './fixtures';

describe('autograd graph model', () => {
  it('builds nodes named as PyTorch names them, with leaves behind AccumulateGrad', () => {
    const m = new TraceModel(fixture('autograd_backward'));
    const before = m.world(m.trace.steps.findIndex((s) => s.line === 6));
    const g = buildGraph(before);
    const titles = g.boxes.map((b) => b.title).sort();
    expect(titles).toEqual(['MulBackward0', 'SumBackward0', 'torch::autograd::AccumulateGrad', 'x', 'y', 'z']);
    const key = (title: string) => g.boxes.find((b) => b.title === title)!.key;
    expect(g.edges).toContainEqual({ from: key('z'), to: key('SumBackward0'), label: '', flow: '', labelWidth: 0, labelHeight: 0 });
    expect(g.edges).toContainEqual({ from: key('torch::autograd::AccumulateGrad'), to: key('x'), label: '', flow: '', labelWidth: 0, labelHeight: 0 });
    expect(g.edges.filter((e) => e.from === key('MulBackward0')).map((e) => e.label)).toEqual(['0', '1']);
    expect(g.boxes.find((b) => b.title === 'y')!.retainsGrad).toBe(true);
  });

  it('flags stale saved tensors and freed graphs', () => {
    const m = new TraceModel(fixture('runtime_error'));
    const w = m.world(m.stepCount - 1);
    const err = w.step.error!;
    const g = buildGraph(w, { flagged: new Set(err.node_ids) });
    const sig = g.boxes.find((b) => b.title === 'SigmoidBackward0')!;
    expect(sig.stale).toEqual([{ name: 'result', saved: 0, current: 1 }]);
    expect(sig.flagged).toBe(true);
    const a = new TraceModel(fixture('autograd_backward'));
    const after = buildGraph(a.world(a.stepCount - 1));
    expect(after.boxes.find((b) => b.title === 'MulBackward0')!.released).toBe(true);
    expect(after.boxes.find((b) => b.title === 'x')!.subtitle.map((l) => l.text).join(' ')).toContain('.grad = tensor([2., 4., 6.])');
    expect(g.boxes.find((b) => b.title === 'SigmoidBackward0')!.subtitle).toEqual([{ text: '⚠ saved result v0, now v1', kind: 'stale' }]);
  });

  it('turns backward events into animation frames in order', () => {
    const m = new TraceModel(fixture('autograd_backward'));
    const step = m.trace.steps.find((s) => s.backward)!;
    const w = m.world(step.index);
    const frames = backwardFrames(step.backward!, w.nodes);
    expect(frames.map((f) => f.active)).toEqual(['n3', 't2', 'n2', 'n1', 't1']);
    expect(frames[2].flows.map((f) => f.grad)).toEqual(['tensor([1., 2., 3.])', 'tensor([1., 2., 3.])']);
    expect(frames[4].note).toBe('.grad += tensor([2., 4., 6.])');
  });
});

describe('graph layout (dagre)', () => {
  it('places every box without overlap and routes every edge left to right along gradient flow', async () => {
    const { layoutGraph } = await import('../src/model/graph-layout');
    const m = new TraceModel(fixture('autograd_backward'));
    const model = buildGraph(m.world(m.trace.steps.findIndex((s) => s.line === 6)));
    const l = layoutGraph(model);
    expect(l.boxes.size).toBe(model.boxes.length);
    const bs = [...l.boxes.values()];
    for (const a of bs) for (const b of bs) {
      if (a === b) continue;
      const apart = Math.abs(a.x - b.x) >= (a.width + b.width) / 2 || Math.abs(a.y - b.y) >= (a.height + b.height) / 2;
      expect(apart, `${a.key} overlaps ${b.key}`).toBe(true);
    }
    expect(l.edges).toHaveLength(model.edges.length);
    for (const e of l.edges) {
      expect(e.points.length).toBeGreaterThanOrEqual(2);
      expect(l.boxes.get(e.to)!.x).toBeGreaterThan(l.boxes.get(e.from)!.x);
    }
    expect(l.width).toBeGreaterThan(0);
  });

  it('keeps room for the gradients written on the edges: no label box overlaps a node, at any text size', async () => {
    const { layoutGraph } = await import('../src/model/graph-layout');
    const m = new TraceModel(fixture('autograd_backward'));
    const w = m.world(m.trace.steps.findIndex((s) => s.backward));
    for (const textScale of [1, 1.4]) {
      for (const lang of ['en', 'zh-CN'] as const) {
        const model = buildGraph(w, { textScale, lang });
        const flowing = model.edges.filter((e) => e.flow);
        expect(flowing.length).toBeGreaterThan(0);
        const l = layoutGraph(model);
        for (const e of l.edges) {
          const me = model.edges.find((x) => x.from === e.from && x.to === e.to)!;
          if (!me.labelWidth) continue;
          expect(e.labelAt).not.toBeNull();
          for (const b of l.boxes.values()) {
            const apart = Math.abs(e.labelAt!.x - b.x) >= (me.labelWidth + b.width) / 2 || Math.abs(e.labelAt!.y - b.y) >= (me.labelHeight + b.height) / 2;
            expect(apart, `label of ${e.from}→${e.to} overlaps ${b.key}`).toBe(true);
          }
        }
      }
    }
  });

  it('puts an edge\'s labels beside its line, never across it', async () => {
    const { layoutGraph } = await import('../src/model/graph-layout');
    const m = new TraceModel(fixture('autograd_backward'));
    const w = m.world(m.trace.steps.findIndex((s) => s.backward));
    for (const textScale of [1, 1.4]) {
      const model = buildGraph(w, { textScale, lang: 'en' });
      const l = layoutGraph(model);
      let labelled = 0;
      for (const e of l.edges) {
        const me = model.edges.find((x) => x.from === e.from && x.to === e.to)!;
        if (!me.labelWidth) continue;
        labelled++;
        const box = { left: e.labelAt!.x - me.labelWidth / 2, right: e.labelAt!.x + me.labelWidth / 2,
                      top: e.labelAt!.y - me.labelHeight / 2, bottom: e.labelAt!.y + me.labelHeight / 2 };
        // walk the edge's line in half-pixel steps: no point of it is inside the label's box
        for (let i = 1; i < e.points.length; i++) {
          const a = e.points[i - 1], b = e.points[i];
          const n = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 2);
          for (let j = 0; j <= n; j++) {
            const x = a.x + ((b.x - a.x) * j) / n, y = a.y + ((b.y - a.y) * j) / n;
            const inside = x > box.left && x < box.right && y > box.top && y < box.bottom;
            expect(inside, `${e.from}→${e.to}'s line crosses its label at (${x.toFixed(1)}, ${y.toFixed(1)})`).toBe(false);
          }
        }
      }
      expect(labelled).toBeGreaterThan(0);
    }
  });
});
