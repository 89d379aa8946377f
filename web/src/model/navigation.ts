// Moving through long programs by the code rather than one step at a time: "run to line" (the
// next time a line has run) and "next iteration" (the next time the current line runs again, which
// is the next pass of the innermost loop around it). Pure functions of the trace.
import type { Trace } from '../engine/trace';

/**
 * The step showing the state after `line` next ran, looking forward from step `from` (exclusive)
 * and then, if it never runs again, from the start: clicking a line always lands somewhere it ran.
 * Null when the line never ran (a comment, a blank line, a branch not taken).
 */
export function stepAtLine(trace: Trace, from: number, line: number): number | null {
  const at = (i: number) => trace.steps[i].line <= line && line <= Math.max(trace.steps[i].end_line, trace.steps[i].line);
  for (let i = from + 1; i < trace.steps.length; i++) if (at(i)) return i;
  for (let i = 0; i <= Math.min(from, trace.steps.length - 1); i++) if (at(i)) return i;
  return null;
}

/** Each line's steps in order, per trace (built once: stepping asks on every redraw). */
const stepsByLine = new WeakMap<Trace, Map<number, number[]>>();
function lineSteps(trace: Trace, line: number): number[] {
  let index = stepsByLine.get(trace);
  if (!index) {
    index = new Map();
    trace.steps.forEach((s, i) => {
      if (s.repl) return;
      const list = index!.get(s.line);
      if (list) list.push(i);
      else index!.set(s.line, [i]);
    });
    stepsByLine.set(trace, index);
  }
  return index.get(line) ?? [];
}

/** Position of `step` in the sorted `steps` (binary search), or -1. */
function positionOf(steps: number[], step: number): number {
  let lo = 0, hi = steps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid] === step) return mid;
    if (steps[mid] < step) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The next step that runs the same statement as step `from` (its loop's next pass), or null. */
export function nextIteration(trace: Trace, from: number): number | null {
  const here = trace.steps[from];
  if (!here || here.repl) return null;
  const steps = lineSteps(trace, here.line);
  return steps[positionOf(steps, from) + 1] ?? null;
}

/**
 * The steps at which step `from`'s statement ran (its loop's passes), in order, and which of them
 * `from` is: the timeline groups a loop's repetitions by these, and the legend says "pass k of n".
 */
export function passesOf(trace: Trace, from: number): { steps: number[]; index: number } | null {
  const here = trace.steps[from];
  if (!here || here.repl) return null;
  const steps = lineSteps(trace, here.line);
  return { steps, index: positionOf(steps, from) };
}
