// @vitest-environment happy-dom
// REPL inputs as steps of the timeline, with the real engine (build/wasm): the world they draw
// continues the program's, the program's own output, error and lines stay its own, and the console
// shows an input only once the timeline reaches it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@wasm/tensorplay.mjs';
import { parseReplResult, parseTrace } from '../src/engine/trace';
import { AppState } from '../src/model/app-state';
import { nextIteration, passesOf, stepAtLine } from '../src/model/navigation';
import { appendRepl } from '../src/model/repl-timeline';
import { stepLegend } from '../src/model/step-legend';
import { TraceModel } from '../src/model/world';
import { ConsoleView } from '../src/views/console-view';
import { loadEngine } from './wasm-module';

let session: Session;
beforeAll(async () => {
  const M = await loadEngine();
  session = new M.Session();
});

const PROGRAM = 'import torch\na = torch.tensor([1.0, 2.0])\nfor i in range(2):\n    print(i)\n';

describe('REPL inputs on the timeline', () => {
  it('appends each input\'s steps after the program\'s, drawing the world it left', () => {
    const program = new TraceModel(parseTrace(session.run(PROGRAM)));
    const n = program.stepCount;
    const r = parseReplResult(session.exec('b = a * 2'));
    expect(r.steps.length).toBe(1);
    const m = appendRepl(program, r, 'b = a * 2', 0);
    expect(m.stepCount).toBe(n + 1);
    expect(m.programSteps).toBe(n);
    const w = m.world(n);
    expect(w.step.repl).toMatchObject({ entry: 0, input: 'b = a * 2', uncaught: false });
    expect(w.step.line).toBe(0); // no line of the editor ran
    const b = w.step.variables.find((v) => v.name === 'b')!;
    const tb = w.tensors.get(w.objects.get(b.object)!.tensor!)!;
    expect(w.changes.created.has(tb.id)).toBe(true); // compared with the program's last step
    expect(w.changes.rebound.has('b')).toBe(true);
    expect(w.groups.find((g) => g.storage.id === tb.storage)!.values).toEqual([2, 4]);
    // the program's own steps and output are untouched
    expect(m.world(n - 1).step.variables.some((v) => v.name === 'b')).toBe(false);
    expect(m.outputUpTo(m.stepCount - 1).map((c) => c.text).join('')).toBe('0\n1\n');
  });

  it('keeps line navigation on the program and names the input in the legend', () => {
    const program = new TraceModel(parseTrace(session.run(PROGRAM)));
    const n = program.stepCount;
    const m = appendRepl(appendRepl(program, parseReplResult(session.exec('c = a + 1')), 'c = a + 1', 0),
      parseReplResult(session.exec('c += 1')), 'c += 1', 1);
    expect(m.stepCount).toBe(n + 2);
    expect(stepAtLine(m.trace, n - 1, 4)).toBeLessThan(n); // the loop body, never a REPL step
    expect(nextIteration(m.trace, n)).toBeNull();
    expect(passesOf(m.trace, n)).toBeNull();
    expect(stepLegend(m.trace, n - 1)).toMatchObject({ next: null, nextInput: 'c = a + 1' });
    expect(stepLegend(m.trace, n)).toMatchObject({ input: 'c = a + 1', nextInput: 'c += 1', raised: null });
    expect(stepLegend(m.trace, n + 1)).toMatchObject({ input: 'c += 1', next: null, nextInput: null });
  });

  it('an input that raises ends only itself: the program\'s error step stays the program\'s', () => {
    const program = new TraceModel(parseTrace(session.run('import torch\nx = torch.ones(2)\nx.view(3)\n')));
    expect(program.errorStep()).toBe(program.stepCount - 1);
    const r = parseReplResult(session.exec('y = x.view(5)'));
    expect(r.error?.type).toBe('RuntimeError');
    const m = appendRepl(program, r, 'y = x.view(5)', 0);
    const last = m.stepCount - 1;
    expect(m.errorStep()).toBe(program.stepCount - 1);
    expect(m.uncaughtAt(last)?.type).toBe('RuntimeError');
    expect(m.caughtAt(last)).toBe(false);
    expect(stepLegend(m.trace, last)).toMatchObject({ input: 'y = x.view(5)', raised: 'RuntimeError', caught: false });
    // the program's traceback belongs to its last step, not to the end of the timeline
    const out = m.outputUpTo(last);
    expect(out.some((c) => c.step === program.stepCount - 1 && c.text.includes('Traceback'))).toBe(true);
  });

  it('moves the page to the input\'s last step; the console shows inputs the timeline has reached', () => {
    const s = new AppState();
    s.loadTrace(parseTrace(session.run(PROGRAM)), 1);
    const n = s.stepCount;
    s.addRepl('d = a.clone()', parseReplResult(session.exec('d = a.clone()')));
    s.addRepl('print(d.sum())', parseReplResult(session.exec('print(d.sum())')));
    s.addRepl('d.', parseReplResult(session.exec('d.'))); // a SyntaxError: no steps
    expect(s.stepCount).toBe(n + 2);
    expect(s.state.step).toBe(n + 1);
    expect(s.state.repl.map((e) => [e.firstStep, e.steps])).toEqual([[n, 1], [n + 1, 1], [n + 2, 0]]);

    const root = document.createElement('div');
    const c = new ConsoleView(root, async () => {});
    c.update(s.state.model, n + 1, s.state.repl, 'en');
    expect(c.text).toMatch(/^0\n1\n>>> d = a\.clone\(\)\n>>> print\(d\.sum\(\)\)\ntensor\(3\.\)\n>>> d\.\n[\s\S]*SyntaxError/);
    c.update(s.state.model, n, s.state.repl, 'en');
    expect(c.text).toBe('0\n1\n>>> d = a.clone()\n');
    expect(root.querySelector('.current-input')!.textContent).toBe('>>> d = a.clone()\n');
    expect((root.querySelector('#repl-input') as HTMLInputElement).disabled).toBe(true);
    c.update(s.state.model, n - 1, s.state.repl, 'en');
    expect(c.text).toBe('0\n1\n');
  });
});
