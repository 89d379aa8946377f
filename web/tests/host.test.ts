// EngineHost: an EngineError is reported and the module kept; any other throw (a crash, a
// RangeError from runaway recursion) is reported and the module re-created.
import { describe, expect, it } from 'vitest';
import { EngineHost } from '../src/engine/host';
import type { TensorplayModule } from '@wasm/tensorplay.mjs';

function fakeModule(behaviour: (src: string) => string, log: string[]): TensorplayModule {
  class Session {
    constructor() { log.push('new'); }
    run(src: string) { return behaviour(src); }
    exec(line: string) { return JSON.stringify({ schema_version: 2, source: line, stdout: '', stderr: '', echo: line, error: null, steps: [] }); }
    reset() { log.push('reset'); }
    delete() { log.push('delete'); }
  }
  return { Session, version: () => 'fake' } as unknown as TensorplayModule;
}

const ok = (src: string) => JSON.stringify({ schema_version: 2, source: src, stdout: 'hi\n', stderr: '', error: null, steps: [] });

describe('EngineHost', () => {
  it('returns the parsed trace', async () => {
    const log: string[] = [];
    const host = await EngineHost.create(async () => fakeModule(ok, log));
    const out = await host.run('print("hi")');
    expect(out.kind === 'trace' && out.trace.stdout).toBe('hi\n');
    const ex = await host.exec('1+1');
    expect(ex.kind === 'result' && ex.result.echo).toBe('1+1');
  });

  it('keeps the module after an EngineError', async () => {
    const log: string[] = [];
    let factoryCalls = 0;
    const host = await EngineHost.create(async () => {
      factoryCalls++;
      return fakeModule(() => { const e = new Error('internal: boom'); e.name = 'EngineError'; throw e; }, log);
    });
    const out = await host.run('x');
    expect(out).toEqual({ kind: 'failure', fatal: false, name: 'EngineError', message: 'internal: boom' });
    expect(factoryCalls).toBe(1);
    expect(host.restarts).toBe(0);
  });

  it('re-creates the module after a crash and keeps working', async () => {
    const log: string[] = [];
    let crash = true;
    const host = await EngineHost.create(async () => fakeModule((src) => {
      if (crash) { crash = false; throw new RangeError('Maximum call stack size exceeded'); }
      return ok(src);
    }, log));
    const out = await host.run('def f(): f()\nf()');
    expect(out).toMatchObject({ kind: 'failure', fatal: true, name: 'RangeError' });
    expect(host.restarts).toBe(1);
    expect(log).toEqual(['new', 'delete', 'new']);
    const again = await host.run('print("hi")');
    expect(again.kind).toBe('trace');
  });

  it('names the learner\'s line when a crash re-creates the module', async () => {
    const log: string[] = [];
    let crash = true;
    const host = await EngineHost.create(async () => {
      const m = fakeModule((src) => {
        if (crash) { crash = false; throw new WebAssembly.RuntimeError('unreachable'); }
        return ok(src);
      }, log);
      return Object.assign(m, { lastLine: () => (crash ? 0 : 7) });
    });
    const out = await host.run('x = 1');
    expect(out).toMatchObject({ kind: 'failure', fatal: true, name: 'RuntimeError', line: 7 });
    expect(host.restarts).toBe(1);
  });

  it('omits the line when the crashed module cannot even say it', async () => {
    const host = await EngineHost.create(async () => Object.assign(
      fakeModule(() => { throw new RangeError('Maximum call stack size exceeded'); }, []),
      { lastLine: () => { throw new WebAssembly.RuntimeError('memory access out of bounds'); } }));
    const out = await host.run('x');
    expect(out.kind === 'failure' && out.fatal).toBe(true);
    expect(out).not.toHaveProperty('line');
  });

  it('treats a document it cannot read as a refusal, not a crash', async () => {
    const host = await EngineHost.create(async () => fakeModule(() => '{"schema_version": 99, "steps": []}', []));
    const out = await host.run('x');
    expect(out).toMatchObject({ kind: 'failure', fatal: false, name: 'TraceFormatError' });
    expect(host.restarts).toBe(0);
  });

  it('keeps the core module when the full one cannot be loaded (offline, say), says so, and tries again next time', async () => {
    const log: string[] = [];
    const needsFull = () => { const e = new Error('torch.einsum'); e.name = 'NeedsFullModule'; throw e; };
    let fullTries = 0;
    const host = await EngineHost.create(async () => fakeModule(needsFull, log), async () => {
      fullTries++;
      if (fullTries === 1) throw new TypeError('Failed to fetch');
      return fakeModule(ok, log);
    });
    const out = await host.run('torch.einsum');
    // a refusal naming what the program needs, not a crash: the core module was not restarted
    expect(out).toMatchObject({ kind: 'failure', fatal: false, name: 'FullModuleUnavailable', message: 'torch.einsum' });
    expect(host.restarts).toBe(0);
    expect(host.usesFullModule).toBe(false);
    const again = await host.run('torch.einsum');
    expect(again.kind === 'trace' && again.trace.stdout).toBe('hi\n');
    expect(host.usesFullModule).toBe(true);
    expect(fullTries).toBe(2);
  });
});
