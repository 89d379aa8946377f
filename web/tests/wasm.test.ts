// The real WebAssembly engine in Node: every lesson and golden program prints exactly its .out
// (and, when it fails, exactly the .err line), traces are well-formed, the REPL continues the
// program's world, and runs do not leak into each other. Needs the wasm build (build/wasm).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session, TensorplayModule } from '@wasm/tensorplay.mjs';
import { parseTrace, type ReplResult } from '../src/engine/trace';
import { TraceModel } from '../src/model/world';
import { loadEngine, pageEngines, repo } from './wasm-module';

function programs(dir: string): { name: string; source: string; out: string; err: string | null }[] {
  const d = new URL(`${dir}/`, repo);
  return readdirSync(d)
    .filter((f) => f.endsWith('.py') && existsSync(new URL(f.replace(/\.py$/, '.out'), d)))
    .sort()
    .map((f) => {
      const errFile = new URL(f.replace(/\.py$/, '.err'), d);
      return {
        name: `${dir}/${f}`,
        source: readFileSync(new URL(f, d), 'utf8'),
        out: readFileSync(new URL(f.replace(/\.py$/, '.out'), d), 'utf8'),
        err: existsSync(errFile) ? readFileSync(errFile, 'utf8').trim() : null,
      };
    });
}

const golden = [...programs('examples'), ...programs('tests/golden')];
let M: TensorplayModule;
let session: Session;

let pages: Awaited<ReturnType<typeof pageEngines>>;

beforeAll(async () => {
  M = await loadEngine();
  session = new M.Session();
  pages = await pageEngines();
});

describe('wasm engine: golden programs', () => {
  it('finds the programs', () => {
    expect(golden.length).toBeGreaterThan(10);
  });

  // through the page's path: the core module first, the full one when the program needs it
  it.each(golden.map((g) => [g.name, g] as const))('%s prints exactly its .out', async (_name, g) => {
    const host = await pages.host();
    const outcome = await host.runJson(g.source);
    host.dispose();
    if (outcome.kind !== 'json') throw new Error(`${outcome.name}: ${outcome.message}`);
    const trace = parseTrace(outcome.json);
    expect(trace.stdout).toBe(g.out);
    if (g.err !== null) {
      expect(trace.error, 'the program must fail').not.toBeNull();
      const lines = trace.stderr.trimEnd().split('\n');
      expect(lines[lines.length - 1]).toBe(g.err);
    } else {
      expect(trace.error).toBeNull();
    }
    // every step resolves for drawing, and the steps' output adds up to the program's (when no
    // statement past the recorder's cap went undrawn: their output is only in the top-level stdout)
    const model = new TraceModel(trace);
    for (let i = 0; i < model.stepCount; i++) model.world(i);
    if (trace.steps_omitted === 0) expect(trace.steps.map((s) => s.stdout).join('')).toBe(trace.stdout);
  });
});

describe('wasm engine: session', () => {
  it('reports a Python error in the trace, at its line', () => {
    const trace = parseTrace(session.run('import torch\nx = torch.arange(6).view(2, 3)\ny = x.t().view(6)\n'));
    expect(trace.error).toMatchObject({ type: 'RuntimeError', line: 3 });
    expect(trace.error!.message).toMatch(/^view size is not compatible/);
    expect(trace.steps[trace.steps.length - 1].error?.line).toBe(3);
  });

  it('keeps the line the program was at where a host can read it after a trap (lastLine)', () => {
    // A trap stops the module mid-statement, so the cell holds the innermost line; an exception
    // unwinds, and the caller's line is restored as the call returns.
    session.run('x = 1\n\ndef f():\n    return 1 // 0\nf()\n');
    expect(M.lastLine()).toBe(5);
    session.run('def g():\n    y = 2\n    return y\nz = g()\n');
    expect(M.lastLine()).toBe(4);
    session.exec('w = 3');
    expect(M.lastLine()).toBe(1);  // REPL inputs number their own lines
  });

  it('continues the program world in the REPL, echoing expression reprs', () => {
    session.run('import torch\na = torch.tensor([1.0, 2.0])\n');
    const r = JSON.parse(session.exec('a * 2')) as ReplResult;
    expect(r.echo).toBe('tensor([2., 4.])');
    expect(r.error).toBeNull();
    const p = JSON.parse(session.exec('print(a.sum())')) as ReplResult;
    expect(p.stdout).toBe('tensor(3.)\n');
    expect(p.echo).toBe('');
  });

  it('starts every run from a fresh world', () => {
    session.run('import torch\nleak = torch.zeros(3)\n');
    const trace = parseTrace(session.run('print(leak)\n'));
    expect(trace.error?.type).toBe('NameError');
    session.reset();
    const r = JSON.parse(session.exec('1 + 1')) as ReplResult;
    expect(r.echo).toBe('2');
  });

  it('draws the same picture for the same program (stable ids)', () => {
    const src = readFileSync(new URL('examples/12_clone_detach_data.py', repo), 'utf8');
    expect(session.run(src)).toBe(session.run(src));
  });

  it('shows detach sharing storage and counter, .data sharing storage only', () => {
    const src = 'import torch\na = torch.tensor([1.0, 2.0], requires_grad=True)\nc = a.detach()\nd = a.data\n';
    const model = new TraceModel(parseTrace(session.run(src)));
    const w = model.world(model.stepCount - 1);
    const byName = (n: string) => [...w.tensors.values()].find((t) => w.tensorNames(t).includes(n))!;
    expect(byName('c').storage).toBe(byName('a').storage);
    expect(byName('d').storage).toBe(byName('a').storage);
    expect(byName('c').version_family).toBe(byName('a').version_family);
    expect(byName('d').version_family).not.toBe(byName('a').version_family);
  });

  it('never runs learner code to draw a snapshot (a printing __repr__ is not called by the trace)', () => {
    const src = 'class P:\n    def __repr__(self):\n        print("repr ran")\n        return "P!"\np = P()\nq = [p]\nprint("done")\n';
    const trace = parseTrace(session.run(src));
    expect(trace.error).toBeNull();
    expect(trace.stdout).toBe('done\n');
    const p = trace.steps.at(-1)!.objects.find((o) => o.type === 'P');
    expect(p?.repr).toMatch(/^<__main__\.P object at 0x[0-9a-f]+>$/);
  });

  it('turns a C++ exception into an Error named EngineError carrying its message', () => {
    let caught: unknown = null;
    try {
      M.throwForTest('boom from C++');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).name).toBe('EngineError');
    expect((caught as Error).message).toBe('boom from C++');
    expect(parseTrace(session.run('print(1)\n')).stdout).toBe('1\n'); // the module still works
  });

  it('keeps the heap flat over a thousand runs (nothing leaks across runs or sessions)', () => {
    const lesson = readFileSync(new URL('examples/16_saved_tensor_modified.py', repo), 'utf8');
    const once = () => {
      const s = new M.Session();
      s.run(lesson);
      s.exec('y = a * 2');
      s.delete();
      session.run(lesson);
    };
    for (let i = 0; i < 50; i++) once(); // warm-up: caches, interned names, allocator pools
    const before = M.heapInUse();
    for (let i = 0; i < 1000; i++) once();
    const after = M.heapInUse();
    expect(after - before).toBeLessThan(64 * 1024);
  }, 120_000);

  it('draws the graph backward() ran on, even when its root was a temporary', () => {
    const src = 'import torch\na = torch.tensor([1., 2.], requires_grad=True)\n(a * a).sum().backward()\nprint(a.grad)\n';
    const trace = parseTrace(session.run(src));
    const step = trace.steps.find((st) => st.backward !== null)!;
    expect(step.line).toBe(3);
    const names = step.nodes.map((n) => n.name).sort();
    expect(names).toEqual(['AccumulateGrad', 'MulBackward0', 'SumBackward0']);
    expect(step.nodes.find((n) => n.id === step.backward!.root)?.name).toBe('SumBackward0');
    expect(trace.steps.at(-1)!.nodes).toEqual([]); // gone once the statement's temporaries are
  });

  it('many sessions coexist and are freed', () => {
    for (let i = 0; i < 20; i++) {
      const s = new M.Session();
      expect(parseTrace(s.run(`x = ${i}\nprint(x)\n`)).stdout).toBe(`${i}\n`);
      s.delete();
    }
  });
});
