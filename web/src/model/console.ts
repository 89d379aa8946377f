// Splits the program's output into styled runs for the console: stdout as printed, warnings and
// tracebacks apart. The text is never altered, only classified.
import type { OutputChunk } from './world';

export type RunKind = 'stdout' | 'warning' | 'traceback' | 'echo' | 'input';

export interface ConsoleRun {
  kind: RunKind;
  text: string;
  step: number;
}

/** A traceback starts at Python's header, or (syntax errors) at a bare `  File "…", line N` block. */
const TRACEBACK_START = /^(Traceback \(most recent call last\):|  File ".*", line \d+)/m;

export function classifyChunks(chunks: readonly OutputChunk[]): ConsoleRun[] {
  const runs: ConsoleRun[] = [];
  const push = (kind: RunKind, text: string, step: number) => {
    if (!text) return;
    const last = runs[runs.length - 1];
    if (last && last.kind === kind && last.step === step) last.text += text;
    else runs.push({ kind, text, step });
  };
  for (const c of chunks) {
    if (c.stream === 'stdout') {
      push('stdout', c.text, c.step);
      continue;
    }
    const m = TRACEBACK_START.exec(c.text);
    if (!m) {
      push('warning', c.text, c.step);
      continue;
    }
    push('warning', c.text.slice(0, m.index), c.step);
    push('traceback', c.text.slice(m.index), c.step);
  }
  return runs;
}

/** The last line of a traceback: `RuntimeError: message` (what a learner reads first). */
export function tracebackSummary(text: string): string {
  const lines = text.trimEnd().split('\n');
  return lines[lines.length - 1] ?? '';
}
