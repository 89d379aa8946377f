import { describe, expect, it } from 'vitest';
import type { Trace } from '../src/engine/trace';
import { nextIteration, passesOf, stepAtLine } from '../src/model/navigation';

// for i in range(3):      line 2
//     y = x * i           line 3
// z = y                   line 4
const lines = [1, 2, 3, 2, 3, 2, 3, 2, 4];
const trace = { steps: lines.map((line, index) => ({ index, line, end_line: line })) } as unknown as Trace;

describe('navigation', () => {
  it('runs to the next time a line ran, wrapping to the start, null if it never ran', () => {
    expect(stepAtLine(trace, 0, 3)).toBe(2);
    expect(stepAtLine(trace, 2, 3)).toBe(4);
    expect(stepAtLine(trace, 6, 3)).toBe(2); // no later pass: the first one
    expect(stepAtLine(trace, 0, 4)).toBe(8);
    expect(stepAtLine(trace, 0, 9)).toBeNull();
  });

  it('a multi-line statement is reached from any of its lines', () => {
    const multi = { steps: [{ index: 0, line: 1, end_line: 1 }, { index: 1, line: 2, end_line: 4 }] } as unknown as Trace;
    expect(stepAtLine(multi, 0, 3)).toBe(1);
  });

  it('next iteration: the next time this statement runs', () => {
    expect(nextIteration(trace, 2)).toBe(4);
    expect(nextIteration(trace, 4)).toBe(6);
    expect(nextIteration(trace, 6)).toBeNull();
    expect(nextIteration(trace, 8)).toBeNull();
    expect(nextIteration(trace, 99)).toBeNull();
  });

  it('the passes of a statement: every step that ran it, and which one this is', () => {
    expect(passesOf(trace, 4)).toEqual({ steps: [2, 4, 6], index: 1 });
    expect(passesOf(trace, 8)).toEqual({ steps: [8], index: 0 });
    expect(passesOf(trace, 42)).toBeNull();
  });
});
