// What the picture at a step means, Python Tutor style: every snapshot is taken after its
// statement ran, so the highlighted line is the line just run and the picture is the state after
// it; the next step's line is the line to run next. A statement that raised shows the state when
// it stopped. Steps of REPL inputs (model/repl-timeline.ts) name the input instead of a line.
import type { Trace } from '../engine/trace';

export interface StepLegend {
  /** first line of the statement this step ran (0 for a REPL input's step) */
  justRun: number;
  /** the REPL input this step ran, or null for a step of the program */
  input: string | null;
  /** first line of the next statement of the program to run, or null at its end */
  next: number | null;
  /** the REPL input the next step runs, if the next step is one */
  nextInput: string | null;
  /** the exception type when this statement raised (the picture is the state when it stopped) */
  raised: string | null;
  /** the program caught that exception and went on (a normal step) */
  caught: boolean;
}

export function stepLegend(trace: Trace | null, step: number): StepLegend | null {
  const s = trace?.steps[step];
  if (!trace || !s) return null;
  const after = trace.steps[step + 1];
  return {
    justRun: s.line,
    input: s.repl?.input ?? null,
    next: after && !after.repl ? after.line : null,
    nextInput: after?.repl?.input ?? null,
    raised: s.error?.type ?? null,
    caught: Boolean(s.error) && !endedBy(trace, step),
  };
}

/** Did step `index` raise the uncaught error that ended the run (the program's last step with an
 * error) or ended its REPL input? */
export function endedBy(trace: Trace, index: number): boolean {
  const s = trace.steps[index];
  if (!s?.error) return false;
  if (s.repl) return s.repl.uncaught;
  if (!trace.error) return false;
  for (let i = (trace.program_steps ?? trace.steps.length) - 1; i > index; i--) if (trace.steps[i].error) return false;
  return true;
}
