// WorkerHost (page side) and serveEngine (worker side) without a real Worker: replies match their
// requests by id, stop() settles what is in flight as `stopped` and starts a fresh worker, a worker
// that dies is reported as a fatal failure and replaced, and the worker's EngineHost keeps its
// rules (EngineError = refusal, module kept).
import { describe, expect, it } from 'vitest';
import type { TensorplayModule } from '@wasm/tensorplay.mjs';
import { serveEngine, type ServerPort } from '../src/engine/engine-server';
import type { ModuleFactory } from '../src/engine/host';
import type { EngineReply, EngineRequest, OutcomeOf } from '../src/engine/protocol';
import { WorkerHost, type WorkerLike } from '../src/engine/worker-host';

const trace = (src: string, stdout = '') => JSON.stringify({ schema_version: 2, source: src, stdout, stderr: '', error: null, steps: [] });

function fakeModule(run: (src: string) => string): TensorplayModule {
  class Session {
    run(src: string) { return run(src); }
    exec(line: string) { return JSON.stringify({ schema_version: 2, source: line, stdout: '', stderr: '', echo: `<${line}>`, error: null, steps: [] }); }
    reset() { runs++; }
    repr(ref: number) { return `tensor(${ref}) of run ${runs}`; }
    delete() {}
  }
  let runs = 0;
  const counted = (src: string) => { runs++; return run(src); };
  Session.prototype.run = counted;
  return { Session, version: () => 'fake 1.0' } as unknown as TensorplayModule;
}

/** A worker whose other end is the real serveEngine, with messages delivered asynchronously as a
 * real Worker does. */
class ServedWorker implements WorkerLike {
  onmessage: ((e: MessageEvent) => unknown) | null = null;
  onerror: ((e: ErrorEvent) => unknown) | null = null;
  terminated = false;
  private readonly scope: ServerPort = {
    postMessage: (m: EngineReply) => setTimeout(() => { if (!this.terminated) this.onmessage?.({ data: m } as MessageEvent); }),
    onmessage: null,
  };

  constructor(factory: ModuleFactory, full: ModuleFactory | null = null) {
    serveEngine(this.scope, factory, full);
  }

  postMessage(m: EngineRequest): void {
    setTimeout(() => { if (!this.terminated) this.scope.onmessage?.({ data: structuredClone(m) }); });
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** A worker the test answers by hand, to hold a request "running" for as long as it likes. */
class ManualWorker implements WorkerLike {
  onmessage: ((e: MessageEvent) => unknown) | null = null;
  onerror: ((e: ErrorEvent) => unknown) | null = null;
  readonly received: EngineRequest[] = [];
  terminated = false;

  postMessage(m: EngineRequest): void {
    this.received.push(m);
  }

  terminate(): void {
    this.terminated = true;
  }

  send(m: EngineReply): void {
    this.onmessage?.({ data: m } as MessageEvent);
  }

  reply(id: number, outcome: OutcomeOf[keyof OutcomeOf]): void {
    this.send({ type: 'reply', id, outcome });
  }

  /** What a Worker does when its script throws at top level or fails to load. */
  die(message: string): void {
    let prevented = false;
    this.onerror?.({ message, preventDefault: () => { prevented = true; } } as unknown as ErrorEvent);
    expect(prevented).toBe(true);
  }
}

function manualHost(): { created: ManualWorker[]; hostPromise: Promise<WorkerHost> } {
  const created: ManualWorker[] = [];
  const hostPromise = WorkerHost.create(() => {
    const w = new ManualWorker();
    created.push(w);
    return w;
  });
  return { created, hostPromise };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('serveEngine + WorkerHost', () => {
  it('is ready once the module loaded, and answers run, exec and reset with EngineHost outcomes', async () => {
    const host = await WorkerHost.create(() => new ServedWorker(async () => fakeModule((src) => trace(src, 'hi\n'))));
    expect(host.version).toBe('fake 1.0');
    const run = await host.run('print("hi")');
    expect(run.kind === 'trace' && run.trace.stdout).toBe('hi\n');
    const ex = await host.exec('a');
    expect(ex.kind === 'result' && ex.result.echo).toBe('<a>');
    expect(await host.reset()).toEqual({ kind: 'done' });
    expect(host.busy).toBe(false);
  });

  it("fetches a trace's reprs from the run that made it, and never another run's", async () => {
    const host = await WorkerHost.create(() => new ServedWorker(async () => fakeModule((src) => trace(src))));
    const first = await host.run('a');
    if (first.kind !== 'trace') throw new Error(first.kind);
    const cache = first.trace.reprs!;
    expect(await cache.load([2, 5])).toBe(true);
    expect([cache.get(2), cache.get(5)]).toEqual(['tensor(2) of run 1', 'tensor(5) of run 1']);
    expect(host.busy).toBe(false);  // fetching reprs is not work the Stop button ends
    const ex = await host.exec('b');  // the REPL continues the same world: its refs are good
    if (ex.kind !== 'result') throw new Error(ex.kind);
    expect(await ex.result.reprs!.load([1])).toBe(true);
    expect(ex.result.reprs!.get(1)).toBe('tensor(1) of run 1');
    const second = await host.run('c');
    expect(second.kind).toBe('trace');
    expect(await cache.load([3])).toBe(false);  // the engine now holds run 2: ref 3 stays unknown
    expect(cache.get(3)).toBeUndefined();
    expect(cache.get(2)).toBe('tensor(2) of run 1');  // what it learned stays
    await host.reset();
    if (second.kind === 'trace') expect(await second.trace.reprs!.load([1])).toBe(false);
  });

  it('answers requests in the order sent, each with its own outcome', async () => {
    const host = await WorkerHost.create(() => new ServedWorker(async () => fakeModule((src) => trace(src, src))));
    const outs = await Promise.all(['one', 'two', 'three'].map((s) => host.run(s)));
    expect(outs.map((o) => (o.kind === 'trace' ? o.trace.stdout : o.kind))).toEqual(['one', 'two', 'three']);
  });

  it('passes an EngineError through as a refusal and keeps the module', async () => {
    let loads = 0;
    const host = await WorkerHost.create(() => new ServedWorker(async () => {
      loads++;
      return fakeModule(() => { const e = new Error('internal: boom'); e.name = 'EngineError'; throw e; });
    }));
    expect(await host.run('x')).toEqual({ kind: 'failure', fatal: false, name: 'EngineError', message: 'internal: boom' });
    expect(loads).toBe(1);
  });

  it('re-creates the module inside the worker after a crash (the worker itself lives on)', async () => {
    let crash = true, loads = 0;
    const host = await WorkerHost.create(() => new ServedWorker(async () => {
      loads++;
      return fakeModule((src) => {
        if (crash) { crash = false; throw new RangeError('Maximum call stack size exceeded'); }
        return trace(src);
      });
    }));
    expect(await host.run('def f(): f()\nf()')).toMatchObject({ kind: 'failure', fatal: true, name: 'RangeError' });
    expect(loads).toBe(2);
    expect((await host.run('1')).kind).toBe('trace');
    expect(host.restarts).toBe(0);
  });

  it('rejects create() when the module cannot load, with its message', async () => {
    await expect(WorkerHost.create(() => new ServedWorker(async () => { throw new Error('no wasm here'); })))
      .rejects.toThrow('no wasm here');
  });
});

describe('WorkerHost: stop', () => {
  it('settles the run in flight as stopped, terminates the worker and sends the next run to a fresh one', async () => {
    const { created, hostPromise } = manualHost();
    created[0].send({ type: 'ready', version: 'v' });
    const host = await hostPromise;
    const long = host.run('while True: pass');
    expect(host.busy).toBe(true);
    host.stop();
    const out = await long;
    expect(out.kind).toBe('stopped');
    expect(out.kind === 'stopped' && out.ms).toBeGreaterThanOrEqual(0);
    expect(created[0].terminated).toBe(true);
    expect(created).toHaveLength(2);
    expect(host.stops).toBe(1);
    expect(host.busy).toBe(false);

    // a late reply from the old worker is ignored; the new worker answers the next run
    created[0].reply(created[0].received[0].id, { kind: 'failure', fatal: false, name: 'Late', message: '' });
    const next = host.run('print(1)');
    const req = created[1].received[0];
    expect(req).toMatchObject({ op: 'run', source: 'print(1)' });
    created[1].reply(req.id, { kind: 'failure', fatal: false, name: 'EngineError', message: 'fresh' });
    expect(await next).toMatchObject({ name: 'EngineError', message: 'fresh' });
  });

  it('settles every pending request (a queued REPL line too)', async () => {
    const { created, hostPromise } = manualHost();
    created[0].send({ type: 'ready', version: 'v' });
    const host = await hostPromise;
    const a = host.run('long');
    const b = host.exec('x');
    host.stop();
    expect((await a).kind).toBe('stopped');
    expect((await b).kind).toBe('stopped');
  });

  it('does nothing when idle (no worker is thrown away)', async () => {
    const { created, hostPromise } = manualHost();
    created[0].send({ type: 'ready', version: 'v' });
    const host = await hostPromise;
    host.stop();
    expect(created).toHaveLength(1);
    expect(created[0].terminated).toBe(false);
    expect(host.stops).toBe(0);
  });

  it('matches replies by id, in whatever order they come', async () => {
    const { created, hostPromise } = manualHost();
    created[0].send({ type: 'ready', version: 'v' });
    const host = await hostPromise;
    const a = host.exec('a');
    const b = host.exec('b');
    const [ra, rb] = created[0].received;
    created[0].reply(rb.id, { kind: 'failure', fatal: false, name: 'E', message: 'b' });
    created[0].reply(ra.id, { kind: 'failure', fatal: false, name: 'E', message: 'a' });
    expect(await a).toMatchObject({ message: 'a' });
    expect(await b).toMatchObject({ message: 'b' });
  });
});

describe('WorkerHost: a worker that dies', () => {
  it('reports a fatal WorkerError for what was in flight and replaces the worker', async () => {
    const { created, hostPromise } = manualHost();
    created[0].send({ type: 'ready', version: 'v' });
    const host = await hostPromise;
    const run = host.run('x');
    created[0].die('out of memory');
    expect(await run).toEqual({ kind: 'failure', fatal: true, name: 'WorkerError', message: 'out of memory' });
    expect(host.restarts).toBe(1);
    expect(created).toHaveLength(2);
    expect(created[0].terminated).toBe(true);
    created[1].send({ type: 'ready', version: 'v' });
    const again = host.exec('y');
    created[1].reply(created[1].received[0].id, { kind: 'failure', fatal: false, name: 'E', message: 'alive' });
    expect(await again).toMatchObject({ message: 'alive' });
  });

  it('rejects create() if the first worker dies before loading, and does not respawn in a loop', async () => {
    const { created, hostPromise } = manualHost();
    created[0].die('404 engine.worker.js');
    await expect(hostPromise).rejects.toThrow('404 engine.worker.js');
    await flush();
    expect(created).toHaveLength(1);
  });

  it('a replacement that dies before loading is retried by the next request only', async () => {
    const { created, hostPromise } = manualHost();
    created[0].send({ type: 'ready', version: 'v' });
    const host = await hostPromise;
    const first = host.run('x');
    created[0].die('crash');
    await first;
    created[1].die('crash again');
    expect(created).toHaveLength(2);
    const next = host.run('y');
    expect(created).toHaveLength(3);
    created[2].reply(created[2].received[0].id, { kind: 'failure', fatal: false, name: 'E', message: 'third' });
    expect(await next).toMatchObject({ message: 'third' });
  });

  it('tells the request that needs the full module while it downloads, and only that one, once', async () => {
    const needsFull = (src: string) => {
      if (!src.includes('einsum')) return trace(src, 'core\n');
      const e = new Error('torch.einsum');
      e.name = 'NeedsFullModule';
      throw e;
    };
    let fullLoads = 0;
    const host = await WorkerHost.create(() => new ServedWorker(async () => fakeModule(needsFull), async () => {
      fullLoads++;
      return fakeModule((src) => trace(src, 'full\n'));
    }));
    const told: string[] = [];
    const tell = (needed: string) => told.push(needed);
    const plain = await host.run('print(1)', tell);
    expect(plain.kind === 'trace' && plain.trace.stdout).toBe('core\n');
    expect(told).toEqual([]);
    const [a, b] = await Promise.all([host.run('torch.einsum("i->", x)', tell), host.run('print(2)', (n) => told.push(`other ${n}`))]);
    expect(told).toEqual(['torch.einsum']);
    expect(a.kind === 'trace' && a.trace.stdout).toBe('full\n');
    expect(b.kind === 'trace' && b.trace.stdout).toBe('full\n');
    await host.run('torch.einsum("i->", x)', tell); // the full module is in use now: nothing to download
    expect(told).toEqual(['torch.einsum']);
    expect(fullLoads).toBe(1);
  });
});
