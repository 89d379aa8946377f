// torch.frombuffer on the page: the bytearray and the tensor are drawn on one storage, the
// bytearray as Python bytes (no version counter), and a write through either shows in both.
// Real trace from the WebAssembly engine.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTrace } from '../src/engine/trace';
import { TraceModel } from '../src/model/world';
import { loadEngine } from './wasm-module';

const PROGRAM = `import torch
buf = bytearray(8)
t = torch.frombuffer(buf, dtype=torch.float32)
t[0] = 1.0
buf[4] = 1
`;

let model: TraceModel;
beforeAll(async () => {
  model = new TraceModel(parseTrace(new (await loadEngine()).Session().run(PROGRAM)));
});

describe('frombuffer in the picture', () => {
  it('draws the bytearray and the tensor on one storage, the bytearray as bytes', () => {
    const w = model.world(model.stepCount - 1);
    const byName = (n: string) => w.tensors.get(w.objects.get(w.step.variables.find((v) => v.name === n)!.object)!.tensor!)!;
    const buf = byName('buf'), t = byName('t');
    expect(buf.storage).toBe(t.storage);
    expect(w.isBuffer(buf)).toBe(true);
    expect(w.isForeign(buf)).toBe(true);
    expect(w.isBuffer(t)).toBe(false);
    expect([buf.element_size, t.element_size]).toEqual([1, 4]);
    // float32 1.0 is bytes 00 00 80 3f; buf[4] = 1 then wrote the next element's low byte
    const g = w.groups.find((gr) => gr.storage.id === t.storage)!;
    expect(g.values.slice(0, 5)).toEqual([0, 0, 128, 63, 1]);
    expect(g.tensors.map((x) => x.id).sort()).toEqual([buf.id, t.id].sort());
  });
});
