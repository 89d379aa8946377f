// torch.frombuffer on the page: the tensor gets a storage of its own that views bytes of the
// bytearray's storage (SCHEMA.md Storage "views"; Note [Storage views], engine/core/storage.h), the
// bytearray is drawn as Python bytes (no version counter), and a write through either shows in both.
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
s = torch.frombuffer(buf, dtype=torch.uint8, count=3, offset=2)
`;

let model: TraceModel;
beforeAll(async () => {
  model = new TraceModel(parseTrace(new (await loadEngine()).Session().run(PROGRAM)));
});

describe('frombuffer in the picture', () => {
  it("puts the tensor on a storage viewing the bytearray's bytes, the bytearray drawn as bytes", () => {
    const w = model.world(model.stepCount - 1);
    const byName = (n: string) => w.tensors.get(w.objects.get(w.step.variables.find((v) => v.name === n)!.object)!.tensor!)!;
    const buf = byName('buf'), t = byName('t'), s = byName('s');
    expect(w.isBuffer(buf)).toBe(true);
    expect(w.isForeign(buf)).toBe(true);
    expect(w.isBuffer(t)).toBe(false);
    expect([buf.element_size, t.element_size]).toEqual([1, 4]);
    const group = (id: number) => w.groups.find((gr) => gr.storage.id === id)!;
    const bytes = group(buf.storage), floats = group(t.storage), tail = group(s.storage);
    expect(t.storage).not.toBe(buf.storage);
    expect(bytes.storage.views).toBeUndefined();
    expect(floats.storage.views).toEqual({ storage: buf.storage, byte_offset: 0 });
    expect(tail.storage.views).toEqual({ storage: buf.storage, byte_offset: 2 });
    expect([floats.storage.data_ptr - bytes.storage.data_ptr, tail.storage.data_ptr - bytes.storage.data_ptr]).toEqual([0, 2]);
    expect([bytes.storage.nbytes, floats.storage.nbytes, tail.storage.nbytes]).toEqual([8, 8, 3]);
    // float32 1.0 is bytes 00 00 80 3f; buf[4] = 1 then wrote the next element's low byte (2**-149)
    expect(bytes.values.slice(0, 5)).toEqual([0, 0, 128, 63, 1]);
    expect(floats.values[0]).toBe(1);
    expect(floats.values[1]).toBeCloseTo(1.401298464324817e-45, 50);
    expect(tail.values).toEqual([128, 63, 1]);
    expect(bytes.tensors.map((x) => x.id)).toEqual([buf.id]);
    expect(floats.tensors.map((x) => x.id)).toEqual([t.id]);
  });
});
