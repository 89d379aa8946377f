// REPL inputs as steps of the same timeline: each input's trace (Session.exec continues the world
// the program left) is appended after the program's steps, so stepping, the picture, the graph and
// the timeline treat `>>> y = a * 2` like any statement. The editor's lines do not apply to these
// steps (their `line` is 0); `step.repl` says which input ran instead.
import type { CellValue, Id, ReplStepInfo, Step, Trace } from '../engine/trace';
import { attachReprs } from '../engine/repr-cache';
import { TraceModel } from './world';

const WORLD_KEYS = ['variables', 'frames', 'objects', 'tensors', 'storages', 'nodes'] as const;

const EMPTY: Trace = { schema_version: 2, source: '', stdout: '', stderr: '', error: null, steps: [] };

/** A timeline with no program yet (the learner typed into the REPL before any run). */
export function emptyModel(): TraceModel {
  return new TraceModel({ ...EMPTY, steps: [] });
}

/**
 * The timeline `base` followed by the steps of REPL input number `entry` (its `result` trace).
 * The program's own fields (source, output, error) stay the base's.
 */
export function appendRepl(base: TraceModel, result: Trace, input: string, entry: number): TraceModel {
  const offset = base.stepCount;
  const added = new TraceModel(result);
  let uncaught = -1;
  if (result.error) for (let k = result.steps.length - 1; k >= 0 && uncaught < 0; k--) if (result.steps[k].error) uncaught = k;
  const steps = [
    ...base.trace.steps,
    ...result.steps.map((s, k) => replStep(s, offset + k, { entry, input, line: s.line, uncaught: k === uncaught })),
  ];
  // the same engine world, so the program's repr refs and the input's share one cache
  const merged: Trace = { ...base.trace, steps, program_steps: base.programSteps };
  attachReprs(merged, base.trace.reprs ?? result.reprs);
  Object.defineProperty(merged, 'valuesAt', {
    value: (i: number): Map<Id, CellValue[]> => (i < offset ? base.values(i) : added.values(i - offset)),
    enumerable: false,
  });
  return new TraceModel(merged);
}

/** A REPL step as a timeline step: its own output and world, numbered in the timeline. */
function replStep(s: Step, index: number, repl: ReplStepInfo): Step {
  const step = { index, line: 0, end_line: 0, stdout: s.stdout, stderr: s.stderr, error: s.error, backward: s.backward, repl } as Step;
  for (const key of WORLD_KEYS) Object.defineProperty(step, key, { get: () => s[key], enumerable: true });
  return step;
}
