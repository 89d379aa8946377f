// The graph layouter lays graphs out in a worker in the browser; where no worker can start (here,
// Node; in a page, a policy that refuses it) it lays them out in the page, with the same result.
import { describe, expect, it } from 'vitest';
import type { GraphModel } from '../src/model/graph';
import { layoutGraph } from '../src/model/graph-layout';
import { layoutInput } from '../src/model/layout-protocol';
import { GraphLayouter } from '../src/views/graph-layouter';

const box = (key: string) => ({
  key, kind: 'node' as const, id: 1, title: key, subtitle: [{ text: 'saved self v0' }], stale: [], released: false,
  retainsGrad: false, isLeaf: false, flagged: false, width: 96, height: 40,
});
const chain: GraphModel = {
  boxes: ['loss', 'MulBackward0', 'AccumulateGrad', 'x'].map(box) as unknown as GraphModel['boxes'],
  edges: [
    { from: 'loss', to: 'MulBackward0', label: '', flow: '', labelWidth: 0, labelHeight: 0 },
    { from: 'MulBackward0', to: 'AccumulateGrad', label: '', flow: 'tensor([2., 2.])', labelWidth: 120, labelHeight: 16 },
    { from: 'AccumulateGrad', to: 'x', label: '', flow: '', labelWidth: 0, labelHeight: 0 },
  ],
};

describe('GraphLayouter', () => {
  it('lays out in the page when no worker can start, as dagre does', async () => {
    expect(typeof Worker).toBe('undefined');
    const layout = await new GraphLayouter().layout(chain);
    const direct = layoutGraph(chain);
    expect([...layout.boxes.keys()]).toEqual(['loss', 'MulBackward0', 'AccumulateGrad', 'x']);
    expect(layout).toEqual(direct);
    // left to right along the gradient's flow
    const xs = [...layout.boxes.values()].map((b) => b.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it('sends the worker only what the layout depends on', () => {
    const sent = layoutInput(chain);
    expect(sent.boxes.every((b) => b.subtitle.length === 0)).toBe(true);
    expect(layoutGraph(sent)).toEqual(layoutGraph(chain));
  });
});
