// The page's two engine modules (Note [Two modules] in engine/bindings/library_variant.h), run for
// real under Node: the core module answers lessons and typos alone; a program using a name only
// the full module has is run again, whole, in the full module, and prints what the full module
// prints; a REPL input that needs it finds the world it continues. Needs the wasm build (both modules).
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TensorplayModule } from '@wasm/tensorplay.mjs';
import { parseReplResult, parseTrace, type Trace } from '../src/engine/trace';
import { loadEngine, pageEngines, repo } from './wasm-module';

let pages: Awaited<ReturnType<typeof pageEngines>>;
let full: TensorplayModule;

beforeAll(async () => {
  pages = await pageEngines();
  full = await loadEngine();
});

/** The program's trace in the full module alone: what the page must show. */
function fullTrace(source: string): Trace {
  const session = new full.Session();
  try {
    return parseTrace(session.run(source));
  } finally {
    session.delete();
  }
}

async function pageTrace(source: string): Promise<{ trace: Trace; usedFull: boolean }> {
  const host = await pages.host();
  try {
    const outcome = await host.runJson(source);
    if (outcome.kind !== 'json') throw new Error(`${outcome.name}: ${outcome.message}`);
    return { trace: parseTrace(outcome.json), usedFull: host.usesFullModule };
  } finally {
    host.dispose();
  }
}

const einsum = 'import torch\nprint("before")\na = torch.arange(6.).view(2, 3)\nprint(torch.einsum("ij->ji", a))\n';

describe('two engine modules', () => {
  it('runs a program using a full-only name (torch.einsum) again in the full module: its output only', async () => {
    const loads = pages.fullLoads();
    const { trace, usedFull } = await pageTrace(einsum);
    expect(usedFull).toBe(true);
    expect(pages.fullLoads()).toBe(loads + 1);
    const want = fullTrace(einsum);
    expect(trace.error).toBeNull();
    expect(trace.stdout).toBe(want.stdout);
    expect(trace.stdout.match(/before/g)).toHaveLength(1);  // the core's partial run is not shown
    expect(trace.steps.length).toBe(want.steps.length);
  });

  it('asks for the full module even where the program would catch an AttributeError', async () => {
    const source = 'import torch\ntry:\n    f = torch.bitwise_and\n    print("has it")\nexcept AttributeError:\n    print("no")\nprint(hasattr(torch.Tensor, "cummax"))\n';
    const { trace, usedFull } = await pageTrace(source);
    expect(usedFull).toBe(true);
    expect(trace.stdout).toBe(fullTrace(source).stdout);
  });

  it.each([
    ['out=', 'import torch\na = torch.ones(2)\nb = torch.empty(2)\ntorch.add(a, a, out=b)\nprint(b)\n'],
    ['a method given out=', 'import torch\na = torch.ones(2)\na.add(a, out=a)\n'],
    ['itertools', 'import itertools\nprint(list(itertools.accumulate([1, 2, 3])))\n'],
  ])('runs a program with %s in the full module, as the full module prints it', async (_what, source) => {
    const { trace, usedFull } = await pageTrace(source);
    expect(usedFull).toBe(true);
    const want = fullTrace(source);
    expect(trace.stdout).toBe(want.stdout);
    expect(trace.stderr).toBe(want.stderr);
  });

  it('answers a typo (torch.tensr) from the core module with PyTorch\'s AttributeError', async () => {
    const loads = pages.fullLoads();
    const source = 'import torch\nx = torch.tensr([1])\n';
    const { trace, usedFull } = await pageTrace(source);
    expect(usedFull).toBe(false);
    expect(pages.fullLoads()).toBe(loads);
    expect(trace.error?.type).toBe('AttributeError');
    expect(trace.stderr).toBe(fullTrace(source).stderr);
  });

  it('never loads the full module for a lesson', async () => {
    const dir = new URL('examples/', repo);
    const lessons = readdirSync(dir).filter((f) => f.endsWith('.py')).sort();
    expect(lessons.length).toBeGreaterThan(10);
    const loads = pages.fullLoads();
    for (const f of lessons) {
      const { usedFull } = await pageTrace(readFileSync(new URL(f, dir), 'utf8'));
      expect(usedFull, f).toBe(false);
    }
    expect(pages.fullLoads()).toBe(loads);
  });

  it('remakes the REPL world in the full module when an input needs it, and keeps the full module', async () => {
    const host = await pages.host();
    const run = await host.runJson('import torch\na = torch.ones(2, 2)\n');
    expect(run.kind).toBe('json');
    const first = await host.exec('a.add_(1)');
    expect(first.kind === 'result' && first.result.echo).toContain('2.');
    expect(host.usesFullModule).toBe(false);
    const second = await host.exec('torch.einsum("ii->", a)');
    expect(host.usesFullModule).toBe(true);
    // the world the input continues: a is 2s after the replayed add_, so its trace is 4
    const session = new full.Session();
    session.run('import torch\na = torch.ones(2, 2)\n');
    session.exec('a.add_(1)');
    const want = parseReplResult(session.exec('torch.einsum("ii->", a)'));
    session.delete();
    expect(second.kind === 'result' && second.result.echo).toBe(want.echo);
    const third = await host.runJson('import torch\nprint(torch.ones(1))\n');
    expect(third.kind).toBe('json');
    expect(host.usesFullModule).toBe(true);
    host.dispose();
  });
});
