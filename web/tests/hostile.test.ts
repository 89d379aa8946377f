// Hostile programs (tests/hostile/*.py: huge sizes, deep recursion, infinite iterators, broken
// source) in the real WebAssembly engine: each ends in a trace, never a trap or a RangeError, and
// the same Session keeps working afterwards (the WebAssembly stack is far smaller than the native
// one: this is where the recursion budget of python/limits.h is measured).
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@wasm/tensorplay.mjs';
import { parseTrace } from '../src/engine/trace';
import { loadEngine, repo } from './wasm-module';

const dir = new URL('tests/hostile/', repo);
const programs = readdirSync(dir).filter((f) => f.endsWith('.py')).sort()
  .map((f) => ({ name: f, source: readFileSync(new URL(f, dir), 'latin1') }));
let session: Session;

beforeAll(async () => {
  const M = await loadEngine();
  session = new M.Session();
});

describe('wasm engine: hostile programs', () => {
  it('finds the programs', () => {
    expect(programs.length).toBeGreaterThan(30);
  });

  it.each(programs.map((p) => [p.name, p] as const))('%s ends as a Python program would', (_name, p) => {
    const trace = parseTrace(session.run(p.source));
    if (trace.error) {
      expect(trace.error.type).toMatch(/^[A-Z]\w*(Error|Exception)$/);
      expect(trace.error.message).not.toMatch(/std::|\.cpp|what\(\)/);
    }
    // the same Session runs the next program normally
    expect(parseTrace(session.run('print(6 * 7)\n')).stdout).toBe('42\n');
  });

  it('ends deep recursion in RecursionError inside the WebAssembly stack', () => {
    const deep = (n: number) => `x = []\nfor i in range(${n}):\n    x = [x]\ny = []\nfor i in range(${n}):\n    y = [y]\nprint(x == y)\n`;
    expect(parseTrace(session.run(deep(100))).stdout).toBe('True\n');
    const t = parseTrace(session.run(deep(20000)));
    expect(t.error?.type).toBe('RecursionError');
    const chain = `x = ${Array(30000).fill('1').join('+')}\n`;
    expect(parseTrace(session.run(chain)).error?.type).toBe('RecursionError');
    const recurse = 'def f(n):\n    return [f(n + 1)]\nf(0)\n';
    expect(parseTrace(session.run(recurse)).error?.type).toBe('RecursionError');
  });
});
