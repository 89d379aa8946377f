import { describe, expect, it } from 'vitest';
import { classifyChunks, tracebackSummary } from '../src/model/console';

describe('console classification', () => {
  it('keeps stdout as printed and splits warnings from tracebacks', () => {
    const runs = classifyChunks([
      { stream: 'stdout', text: 'a\n', step: 0 },
      { stream: 'stdout', text: 'b\n', step: 0 },
      { stream: 'stderr', text: 'prog.py:3: UserWarning: careful\n  x = 1\n', step: 1 },
      { stream: 'stderr', text: 'Traceback (most recent call last):\n  File "prog.py", line 4, in <module>\nValueError: no\n', step: 2 },
    ]);
    expect(runs.map((r) => r.kind)).toEqual(['stdout', 'warning', 'traceback']);
    expect(runs[0].text).toBe('a\nb\n');
    expect(tracebackSummary(runs[2].text)).toBe('ValueError: no');
  });

  it('recognises a syntax error report without the Traceback header', () => {
    const runs = classifyChunks([{ stream: 'stderr', text: '  File "prog.py", line 1\n    x = (\n        ^\nSyntaxError: \'(\' was never closed\n', step: 0 }]);
    expect(runs.map((r) => r.kind)).toEqual(['traceback']);
  });
});
