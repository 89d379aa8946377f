// What the picture at a step means, Python Tutor style: every snapshot is taken after its
// statement ran, so the highlighted line is the line just run and the picture is the state after
// it; the next step's line is the line to run next. A statement that raised shows the state when
// it stopped.
import type { Trace } from '../engine/trace';

export interface StepLegend {
  /** first line of the statement this step ran */
  justRun: number;
  /** first line of the next statement to run, or null at the end of the program */
  next: number | null;
  /** the exception type when this statement raised (the picture is the state when it stopped) */
  raised: string | null;
  /** the program caught that exception and went on (a normal step) */
  caught: boolean;
}

export function stepLegend(trace: Trace | null, step: number): StepLegend | null {
  const s = trace?.steps[step];
  if (!trace || !s) return null;
  return {
    justRun: s.line,
    next: trace.steps[step + 1]?.line ?? null,
    raised: s.error?.type ?? null,
    caught: Boolean(s.error) && !endedBy(trace, step),
  };
}

/** Did step `index` raise the uncaught error that ended the run (its last step with an error)? */
export function endedBy(trace: Trace, index: number): boolean {
  if (!trace.error || !trace.steps[index]?.error) return false;
  for (let i = trace.steps.length - 1; i > index; i--) if (trace.steps[i].error) return false;
  return true;
}
