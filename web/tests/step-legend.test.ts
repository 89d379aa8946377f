import { describe, expect, it } from 'vitest';
import { stepLegend } from '../src/model/step-legend';
import { fixture } from './fixtures';

describe('stepLegend', () => {
  it('names the line just run and the next line, and nothing next at the end', () => {
    const trace = fixture('clone_detach_data');
    const n = trace.steps.length;
    expect(stepLegend(trace, 0)).toEqual({ justRun: trace.steps[0].line, input: null, next: trace.steps[1].line, nextInput: null, raised: null, caught: false });
    expect(stepLegend(trace, n - 1)).toEqual({ justRun: trace.steps[n - 1].line, input: null, next: null, nextInput: null, raised: null, caught: false });
    expect(stepLegend(trace, n)).toBeNull();
    expect(stepLegend(null, 0)).toBeNull();
  });

  it('says which exception the failing statement raised', () => {
    const trace = fixture('runtime_error');
    const i = trace.steps.findIndex((s) => s.error);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(stepLegend(trace, i)?.raised).toBe(trace.steps[i].error!.type);
    expect(stepLegend(trace, i)?.caught).toBe(false);
  });

  it('a caught exception is said to be caught', () => {
    const trace = fixture('clone_detach_data');
    trace.steps[2] = { ...trace.steps[2], error: { type: 'ValueError', message: 'x', line: trace.steps[2].line, tensor_ids: [], node_ids: [] } };
    expect(stepLegend(trace, 2)).toMatchObject({ raised: 'ValueError', caught: true });
  });
});
