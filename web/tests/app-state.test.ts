import { describe, expect, it } from 'vitest';
import { AppState } from '../src/model/app-state';
import { fixture } from './fixtures';

describe('AppState', () => {
  it('shows the last step after a run, or the failing one', () => {
    const s = new AppState();
    s.loadTrace(fixture('clone_detach_data'), 5);
    expect(s.state.step).toBe(s.stepCount - 1);
    s.loadTrace(fixture('runtime_error'), 5);
    expect(s.state.step).toBe(s.state.model!.errorStep());
    s.loadTrace(fixture('runtime_error'), 5, 2);
    expect(s.state.step).toBe(2);
    s.loadTrace(fixture('runtime_error'), 5, 999);
    expect(s.state.step).toBe(s.stepCount - 1);
  });

  it('steps within bounds and notifies once per change', () => {
    const s = new AppState();
    s.loadTrace(fixture('views_expand_strided'), 1, 0);
    const seen: number[] = [];
    s.subscribe((st, prev) => { if (st.step !== prev.step) seen.push(st.step); });
    expect(s.prev()).toBe(false);
    expect(s.next()).toBe(true);
    s.goTo(4.4);
    s.goTo(4);
    s.last();
    s.first();
    expect(seen).toEqual([1, 4, s.stepCount - 1, 0]);
  });

  it('plays to the end and stops; play at the end restarts', () => {
    const s = new AppState();
    s.loadTrace(fixture('autograd_backward'), 1, 0);
    s.play();
    let ticks = 0;
    while (s.tick()) ticks++;
    expect(s.state.step).toBe(s.stepCount - 1);
    expect(s.state.playing).toBe(false);
    expect(ticks).toBe(s.stepCount - 2);
    s.play();
    expect(s.state.step).toBe(0);
    s.pause();
    expect(s.tick()).toBe(false);
  });

  it('a caught exception is a normal step: the page opens at the end of the program', () => {
    const caught = fixture('clone_detach_data');
    const i = 3;
    caught.steps[i] = { ...caught.steps[i], error: { type: 'RuntimeError', message: 'caught by except', line: caught.steps[i].line, tensor_ids: [], node_ids: [] } };
    const s = new AppState();
    s.loadTrace(caught, 1);
    expect(caught.error).toBeNull();
    expect(s.state.step).toBe(s.stepCount - 1);
    expect(s.state.model!.errorStep()).toBeNull();
    expect(s.state.model!.caughtAt(i)).toBe(true);
    expect(s.state.model!.caughtAt(i + 1)).toBe(false);
  });

  it('after a run that failed before its first statement, the last good picture stays (marked stale)', () => {
    const s = new AppState();
    s.loadTrace(fixture('clone_detach_data'), 1, 4);
    const good = s.state.model;
    const syntax = { ...fixture('clone_detach_data'), steps: [], error: { type: 'SyntaxError', message: 'invalid syntax', line: 3, tensor_ids: [], node_ids: [] } };
    s.loadTrace(syntax, 1);
    expect(s.state.model).toBe(good);
    expect(s.state.step).toBe(4);
    expect(s.state.stale?.type).toBe('SyntaxError');
    expect(s.state.status).toMatchObject({ kind: 'ran', error: { type: 'SyntaxError' } });
    s.loadTrace(fixture('autograd_backward'), 1);
    expect(s.state.stale).toBeNull();
    // with nothing drawn before, there is nothing to keep
    const fresh = new AppState();
    fresh.loadTrace(syntax, 1);
    expect(fresh.state.model!.stepCount).toBe(0);
    expect(fresh.state.stale).toBeNull();
  });

  it('keeps REPL history until the next run', () => {
    const s = new AppState();
    s.addRepl('1+1', { schema_version: 2, source: '1+1', stdout: '', stderr: '', echo: '2', error: null, steps: [] });
    expect(s.state.repl).toHaveLength(1);
    expect(s.state.model).toBeNull(); // an input with no steps adds none to the timeline
    s.loadTrace(fixture('autograd_backward'), 1);
    expect(s.state.repl).toHaveLength(0);
  });
});
