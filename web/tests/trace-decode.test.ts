// The delta trace (schema 2, SCHEMA.md Note [Deltas]) decodes to whole steps: by hand-made wire
// steps (patches, removals, storages out of view and back, random access), and for every golden
// and lesson program through the real engine, equal to the trace written with every step a
// keyframe and every repr frozen anew (Session.runFull), reprs compared by their text.
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@wasm/tensorplay.mjs';
import { parseTrace, type GradValue, type Step, type WireStep } from '../src/engine/trace';
import { StepDecoder } from '../src/engine/trace-decode';
import { loadEngine, repo } from './wasm-module';

const WORLD = ['variables', 'frames', 'objects', 'tensors', 'storages', 'nodes'] as const;
const plain = (s: Step) => JSON.parse(JSON.stringify(s)) as Step;

function wireStep(i: number, over: Partial<WireStep>): WireStep {
  return {
    index: i, line: i + 1, end_line: i + 1, stdout: '', stderr: '', error: null, backward: null, keyframe: false,
    objects: [], tensors: [], storages: [], nodes: [], removed: { objects: [], tensors: [], storages: [], nodes: [] },
    ...over,
  };
}

const storage = (id: number, over: object) => ({
  id, device: 'cpu', nbytes: 16, data_ptr: 64 * id, dtype: 'float32', numel: 4, write_count: 0, new: false,
  written: [], values: null, summary: null, ...over,
});

function doc(steps: WireStep[]): string {
  return JSON.stringify({ schema_version: 2, source: '', stdout: '', stderr: '', error: null, steps, steps_omitted: 0 });
}

describe('delta decoding (hand-made steps)', () => {
  const steps: WireStep[] = [
    wireStep(0, {
      keyframe: true, variables: [{ name: 'a', object: 1 }], frames: [],
      objects: [{ id: 1, type: 'int', repr: '1' }], storages: [storage(1, { new: true, values: [0, 1, 2, 3] })],
    }),
    wireStep(1, { storages: [storage(1, { write_count: 1, written: [2], patch: [[2, 9]] })] }),
    wireStep(2, {
      variables: [{ name: 'a', object: 2 }], objects: [{ id: 2, type: 'int', repr: '2' }],
      removed: { objects: [1], tensors: [], storages: [1], nodes: [] },
    }),
    wireStep(3, { storages: [storage(1, {})] }), // back in view, unchanged
    wireStep(4, { frames: [{ name: 'f', variables: [{ name: 'x', object: 2 }] }] }),
  ];
  const trace = parseTrace(doc(steps));

  it('applies patches over the previous values, copy-on-write', () => {
    expect(trace.steps[1].storages[0].values).toEqual([0, 1, 9, 3]);
    expect(trace.steps[0].storages[0].values).toEqual([0, 1, 2, 3]);
    expect(trace.valuesAt!(1).get(1)).toEqual([0, 1, 9, 3]);
  });

  it('removes what is gone and carries the rest', () => {
    expect(trace.steps[2].objects.map((o) => o.id)).toEqual([2]);
    expect(trace.steps[2].storages).toEqual([]);
    expect(trace.steps[2].variables).toEqual([{ name: 'a', object: 2 }]);
    expect(trace.steps[4].variables).toEqual([{ name: 'a', object: 2 }]);
    expect(trace.steps[4].frames[0].name).toBe('f');
    expect(trace.steps[3].frames).toEqual([]);
  });

  it('keeps values of a storage out of view and shows an unchanged one quietly', () => {
    expect(trace.valuesAt!(3).get(1)).toEqual([0, 1, 9, 3]);
    const quiet = trace.steps[4].storages[0];
    expect(quiet).toMatchObject({ id: 1, new: false, written: [], values: null });
    expect(quiet).not.toHaveProperty('patch');
  });

  it('gives the same steps whatever order they are read in', () => {
    const forward = parseTrace(doc(steps)).steps.map(plain);
    const t = parseTrace(doc(steps));
    const backward = [4, 2, 0, 3, 1].map((i) => [i, plain(t.steps[i])] as const);
    for (const [i, s] of backward) expect(s).toEqual(forward[i]);
  });

  it('replays a bounded number of deltas for random access in a long trace', () => {
    const long = [steps[0], ...Array.from({ length: 999 }, (_, i) => wireStep(i + 1, {
      objects: [{ id: 10 + i, type: 'int', repr: String(i) }],
    }))];
    const d = new StepDecoder(long);
    expect(d.steps[999].objects.length).toBe(1 + 999);
    expect(d.replayed).toBe(1000); // one pass: one delta per step
    const after = d.replayed;
    const jumps = [500, 17, 998, 3, 640];
    for (const i of jumps) expect(d.steps[i].objects.length).toBe(1 + i);
    // each jump starts from a saved keyframe at most 31 steps before it
    expect(d.replayed - after).toBeLessThanOrEqual(jumps.length * 31);
  });

  it('reads float32 and float16 cells back as their exact float32 values (Note [Float32 cells])', () => {
    const exact = parseTrace(doc([
      wireStep(0, {
        keyframe: true, variables: [], frames: [],
        storages: [
          storage(1, { new: true, values: [0.1, 'nan', 1e-45, 16777217] }),
          storage(2, { new: true, dtype: 'float64', nbytes: 8, numel: 1, values: [0.1] }),
          storage(3, { new: true, dtype: 'float16', nbytes: 2, numel: 1, values: [0.099975586] }),
        ],
      }),
      wireStep(1, { storages: [storage(1, { write_count: 1, written: [1], patch: [[1, 0.3]] })] }),
    ]));
    const [f32, f64, f16] = exact.steps[0].storages;
    expect(f32.values).toEqual([0.10000000149011612, 'nan', 1.401298464324817e-45, 16777216]);
    expect(f64.values).toEqual([0.1]);  // a float64 cell is the double written
    expect(f16.values).toEqual([0.0999755859375]);  // float16's 0.1, exact in float32
    expect(exact.steps[1].storages[0].values![1]).toBe(Math.fround(0.3));
  });

  it('rejects a trace whose first step is not a keyframe', () => {
    expect(() => parseTrace(doc([wireStep(0, {})]))).toThrow(/keyframe/);
  });
});

// Every golden and lesson program: the delta trace decodes to the full one.
const programs = ['tests/golden/', 'examples/'].flatMap((d) => {
  const dir = new URL(d, repo);
  return readdirSync(dir).filter((f) => f.endsWith('.py')).sort()
    .map((f) => ({ name: d + f, source: readFileSync(new URL(f, dir), 'utf8') }));
});
let session: Session;

beforeAll(async () => {
  const M = await loadEngine();
  session = new M.Session();
});

describe('delta decoding (every golden and lesson program)', () => {
  it('finds the programs', () => {
    expect(programs.length).toBeGreaterThan(200);
  });

  // A step with each tensor's repr_ref replaced by its text (refs differ between the two traces:
  // a keyframe freezes every repr anew). Read before the next run makes the session forget them.
  const withReprTexts = (s: Step): Step => {
    const step = plain(s);
    for (const t of step.tensors) {
      const text = session.repr(t.repr_ref);
      if (typeof t.repr === 'string') expect(text).toBe(t.repr);  // a .grad's text is the same as its ref's
      t.repr = text;
      delete (t as Partial<typeof t>).repr_ref;
    }
    const text = (g: GradValue) => (typeof g === 'number' ? session.repr(g) : g);
    for (const ev of step.backward?.events ?? []) {
      if (ev.kind === 'execute') {
        ev.grads_in = ev.grads_in.map(text);
        ev.grads_out = ev.grads_out.map(text);
      } else if (ev.kind === 'accumulate' || ev.kind === 'retain') {
        ev.grad = text(ev.grad);
      }
    }
    return step;
  };

  it.each(programs.map((p) => [p.name, p] as const))('%s decodes to the full trace', (_name, p) => {
    const delta = parseTrace(session.run(p.source));
    // read the delta steps backwards: random access must give the same as stepping forward
    const deltaSteps: Step[] = [];
    for (let i = delta.steps.length - 1; i >= 0; i--) deltaSteps[i] = withReprTexts(delta.steps[i]);
    const full = parseTrace(session.runFull(p.source));
    expect(delta.stdout).toBe(full.stdout);
    // A full trace is bigger, so its recorder may stop drawing earlier (the 48 MiB cap): then
    // the steps both drew are compared, short of each one's last (the final world).
    const capped = Boolean(full.steps_omitted || delta.steps_omitted);
    if (!capped) expect(delta.steps.length).toBe(full.steps.length);
    const n = capped ? Math.min(delta.steps.length, full.steps.length) - 1 : delta.steps.length;
    for (let i = n - 1; i >= 0; i--) {
      const d = deltaSteps[i], f = withReprTexts(full.steps[i]);
      for (const key of WORLD) expect([i, key, d[key]]).toEqual([i, key, f[key]]);
      expect(d).toEqual(f);
    }
  });
});
