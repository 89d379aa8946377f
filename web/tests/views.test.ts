// @vitest-environment happy-dom
// Views render fixture traces into a DOM: the memory panel groups tensors by storage, marks
// stride-0/overlapping views and written cells; the console and error card show what they must.
import { beforeEach, describe, expect, it } from 'vitest';
import { AppState } from '../src/model/app-state';
import { TraceModel } from '../src/model/world';
import { ConsoleView } from '../src/views/console-view';
import { ErrorView } from '../src/views/error-view';
import { MemoryView } from '../src/views/memory-view';
import { StepperView } from '../src/views/stepper-view';
import { fixture } from './fixtures';

let root: HTMLElement;
beforeEach(() => {
  document.body.replaceChildren();
  root = document.createElement('div');
  document.body.append(root);
});

const cardNames = (el: Element) => [...el.querySelectorAll('.card .names-on-card')].map((n) => n.textContent);

describe('MemoryView', () => {
  it('draws detach and .data on the storage of a, clone on its own', () => {
    const m = new TraceModel(fixture('clone_detach_data'));
    const v = new MemoryView(root);
    v.update(m.world(m.stepCount - 1), 'en');
    const groups = [...root.querySelectorAll('.group')];
    expect(groups.map(cardNames)).toEqual([['a', 'c', 'd'], ['b']]);
    expect(groups[0].classList.contains('shared')).toBe(true);
    expect(groups[0].querySelectorAll('.strip .lane-label')).toHaveLength(3);
    // names column: one chip per variable, each pointing at its card
    const chips = [...root.querySelectorAll('.name-chip.tensor')].map((c) => [c.textContent, c.getAttribute('data-targets')]);
    expect(chips).toEqual([['a', 't1'], ['b', 't2'], ['c', 't3'], ['d', 't4']]);
    // counters: c shares a's, d has its own
    const counter = (name: string) => [...root.querySelectorAll('.card')].find((c) => c.querySelector('.names-on-card')?.textContent === name)!
      .querySelector('.counter')!.textContent;
    expect(counter('c')).toContain('shares its version counter with a');
    expect(counter('d')).toContain('own version counter');
  });

  it('draws numpy arrays with numpy\'s properties: byte strides, no version counter', () => {
    const m = new TraceModel(fixture('numpy_sharing'));  // a = np.arange(4.); t = torch.from_numpy(a); v = a[1::2]
    const v = new MemoryView(root);
    v.update(m.world(m.stepCount - 1), 'en');
    const groups = [...root.querySelectorAll('.group')];
    expect(groups.map(cardNames)).toEqual([['a', 't', 'v']]);
    expect(groups[0].querySelector('.group-title')!.textContent).toContain('shared by 3 objects (tensors and numpy arrays)');
    const prop = (name: string, key: string) => [...root.querySelectorAll('.card')]
      .find((c) => c.querySelector('.names-on-card')?.textContent === name)!.querySelector(`[data-prop="${key}"] .v`)?.textContent;
    expect(prop('v', '.strides')).toBe('(16,)');
    expect(prop('v', 'byte offset')).toBe('8');
    expect(prop('v', '.dtype')).toBe('float64');
    expect(prop('v', '._version')).toBeUndefined();
    expect(prop('t', '.stride()')).toBe('(1,)');
    expect(prop('t', '.dtype')).toBe('torch.float64');
    const note = (name: string) => [...root.querySelectorAll('.card')]
      .find((c) => c.querySelector('.names-on-card')?.textContent === name)!.querySelector('.counter')!.textContent;
    expect(note('a')).toContain('no version counter');
    expect(note('t')).toContain('own version counter');
  });

  it('highlights cells written by the step and bumped versions', () => {
    const m = new TraceModel(fixture('clone_detach_data'));
    const v = new MemoryView(root);
    v.update(m.world(m.trace.steps.findIndex((s) => s.line === 9)), 'en');
    expect([...root.querySelectorAll('.cell.written')].map((c) => c.getAttribute('data-cell'))).toEqual(['0']);
    expect(root.querySelector('.cell.written')!.textContent).toBe('10.');
    const bumped = [...root.querySelectorAll('.prop.bumped')].map((p) => p.closest('.card')!.querySelector('.names-on-card')!.textContent);
    expect(bumped).toEqual(['a', 'c']);
  });

  it('marks stride-0 and overlapping views and counts how often cells are read', () => {
    const m = new TraceModel(fixture('views_expand_strided'));
    const v = new MemoryView(root);
    v.update(m.world(m.stepCount - 1), 'en');
    expect(root.querySelectorAll('.badge.broadcast')).toHaveLength(1);
    expect(root.querySelectorAll('.badge.overlapping')).toHaveLength(1);
    expect(root.querySelectorAll('.badge.strided')).toHaveLength(2); // t = y.t() and col = y[:, 1]
    const eLane = [...root.querySelectorAll('.lane[data-t="6"]')].map((l) => l.textContent);
    expect(eLane).toEqual(['×2', '×2', '×2']);
    const wLane = [...root.querySelectorAll('.lane[data-t="8"]')].map((l) => l.textContent);
    expect(wLane).toEqual(['', '×2', '×3', '×2', '']);
    // the transposed view labels each cell with the element it holds
    expect([...root.querySelectorAll('.lane[data-t="3"]')].map((l) => l.textContent)).toEqual(['0,0', '1,0', '2,0', '0,1', '1,1', '2,1']);
    // t's grid reads storage in transposed order
    const tCells = [...root.querySelectorAll('.card[data-tensor="3"] .el')].map((e) => e.getAttribute('data-cell'));
    expect(tCells).toEqual(['0', '3', '1', '4', '2', '5']);
  });

  it('shows the storage formula when an element is hovered', () => {
    const m = new TraceModel(fixture('views_expand_strided'));
    const v = new MemoryView(root);
    v.update(m.world(m.stepCount - 1), 'en');
    const el = root.querySelector('.card[data-tensor="4"] .el[data-index="1"]')!; // col[1]
    el.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(root.textContent).toContain('1 + 1·3 = 4');
    expect(root.querySelector('.cell.hl')!.getAttribute('data-cell')).toBe('4');
  });

  it('outlines the tensors an error names', () => {
    const m = new TraceModel(fixture('runtime_error'));
    const w = m.world(m.stepCount - 1);
    const v = new MemoryView(root);
    v.update(w, 'en', { tensors: new Set(w.step.error!.tensor_ids), nodes: new Set() });
    expect(cardNames(root.querySelectorAll('.card.error')[0].parentElement!)).toContain('b');
    expect(root.querySelectorAll('.card.error')).toHaveLength(1);
  });

  it('summarises a large storage and offers the rest on demand', () => {
    const t = fixture('clone_detach_data');
    const step = structuredClone(t.steps[1]);
    const n = 1000;
    step.storages[0] = { ...step.storages[0], numel: n, nbytes: 4 * n, values: Array.from({ length: n }, (_, i) => i) };
    step.tensors[0] = { ...step.tensors[0], sizes: [n], strides: [1] };
    const m = new TraceModel({ ...t, steps: [step] });
    const v = new MemoryView(root);
    const t0 = performance.now();
    v.update(m.world(0), 'en');
    expect(performance.now() - t0).toBeLessThan(500);
    expect(root.querySelectorAll('.strip .cell[data-cell]').length).toBe(64);
    expect(root.querySelector('.cell.gap')!.textContent).toContain('936');
    expect(root.querySelectorAll('.card .el[data-cell]').length).toBe(6);
    const more = [...root.querySelectorAll('button.more')].find((b) => b.textContent === 'show all 1000')!;
    (more as HTMLButtonElement).click();
    expect(root.querySelectorAll('.strip .cell[data-cell]').length + root.querySelectorAll('.card .el[data-cell]').length).toBeGreaterThan(999);
  });

  it('renders program text as text, never markup', () => {
    const t = fixture('clone_detach_data');
    const step = structuredClone(t.steps[1]);
    step.variables.push({ name: 's', object: 999 });
    step.objects.push({ id: 999, type: 'str', repr: "'<img src=x onerror=alert(1)>'" });
    const v = new MemoryView(root);
    v.update(new TraceModel({ ...t, steps: [step] }).world(0), 'en');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain("s = '<img src=x onerror=alert(1)>'");
  });
});

describe('ConsoleView, ErrorView, StepperView', () => {
  it('shows output up to the step and the traceback at the end, styled apart', () => {
    const m = new TraceModel(fixture('runtime_error'));
    const c = new ConsoleView(root, async () => {});
    c.update(m, 3, [], 'en');
    expect(c.text).toBe('0\n');
    c.update(m, m.stepCount - 1, [], 'en');
    expect(root.querySelector('.traceback')!.textContent).toMatch(/^Traceback[\s\S]*RuntimeError: one of the variables/);
    const entry = { input: 'b._version', stdout: '', stderr: '', echo: '1', error: null, firstStep: m.stepCount, steps: 0 };
    c.update(m, m.stepCount - 1, [entry], 'en');
    expect(c.text).toMatch(/>>> b\._version\n1\n$/);
    // stepped back: the REPL (which ran after the end) is hidden and closed, and says why
    c.update(m, 1, [entry], 'en');
    expect(c.text).not.toContain('>>> b._version');
    expect((root.querySelector('#repl-input') as HTMLInputElement).disabled).toBe(true);
    expect((root.querySelector('.repl-after-end') as HTMLElement).hidden).toBe(false);
    // with no REPL lines ahead there is no banner: the closed input says why itself
    c.update(m, 1, [], 'en');
    expect((root.querySelector('.repl-after-end') as HTMLElement).hidden).toBe(true);
    expect((root.querySelector('#repl-input') as HTMLInputElement).placeholder).toMatch(/earlier step/);
  });

  it('explains the error next to PyTorch\'s message, in either language', () => {
    const err = fixture('runtime_error').error!;
    const e = new ErrorView(root);
    e.update(err, 'en');
    expect(root.textContent).toContain(`RuntimeError: ${err.message}`);
    expect(root.dataset.explanation).toBe('saved-modified');
    e.update(err, 'zh-CN');
    expect(root.textContent).toContain('为反向传播保存的张量被原地修改了');
    e.update(null, 'en');
    expect(root.classList.contains('shown')).toBe(false);
  });

  it('enables the step buttons that make sense and marks error/backward steps', () => {
    const s = new AppState();
    s.loadTrace(fixture('autograd_backward'), 1, 0);
    const calls: string[] = [];
    const v = new StepperView(root, {
      first: () => calls.push('first'), prev: () => calls.push('prev'), next: () => calls.push('next'),
      last: () => calls.push('last'), togglePlay: () => calls.push('play'), goTo: (n) => calls.push(`goTo ${n}`), nextIteration: () => calls.push('iteration'),
    });
    v.update(s.state.model!.trace, 0, false, 'en');
    expect((root.querySelector('.prev') as HTMLButtonElement).disabled).toBe(true);
    expect((root.querySelector('.next') as HTMLButtonElement).disabled).toBe(false);
    expect(root.querySelector('.label')!.textContent).toBe('Step 1 of 7 · line 1');
    expect(root.querySelectorAll('.mark.backward')).toHaveLength(1);
    (root.querySelector('.next') as HTMLButtonElement).click();
    expect(calls).toEqual(['next']);
    expect(root.querySelector('.next')!.getAttribute('aria-label')).toBe('Next step');
  });

  it('says the picture is the state after the highlighted line, and which line runs next, in both languages', () => {
    const trace = fixture('autograd_backward');
    const v = new StepperView(root, { first() {}, prev() {}, next() {}, last() {}, togglePlay() {}, goTo() {}, nextIteration() {} });
    v.update(trace, 0, false, 'en');
    const legend = () => root.querySelector('.step-legend')!.textContent;
    expect(legend()).toBe(`line ${trace.steps[0].line} just ran: the picture shows the state after it` +
      `next to run: line ${trace.steps[1].line}`);
    v.update(trace, trace.steps.length - 1, false, 'zh-CN');
    expect(legend()).toBe(`第 ${trace.steps.at(-1)!.line} 行刚运行完：图中是它运行之后的状态程序结束`);
    const failing = fixture('runtime_error');
    const i = failing.steps.findIndex((s) => s.error);
    v.update(failing, i, false, 'en');
    expect(legend()).toContain(`line ${failing.steps[i].line} raised ${failing.steps[i].error!.type}: the picture shows the state when it stopped`);
  });
});
