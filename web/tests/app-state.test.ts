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

  it('keeps REPL history until the next run', () => {
    const s = new AppState();
    s.addRepl({ input: '1+1', stdout: '', stderr: '', echo: '2', error: null });
    expect(s.state.repl).toHaveLength(1);
    s.loadTrace(fixture('autograd_backward'), 1);
    expect(s.state.repl).toHaveLength(0);
  });
});
