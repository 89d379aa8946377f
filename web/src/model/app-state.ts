// The page's state as one object with explicit transitions (run finished, step moves, play/pause,
// language, REPL history). Views read it and redraw; nothing here touches the DOM.
import type { Trace, TraceError } from '../engine/trace';
import type { Lang } from './i18n';
import { appendRepl, emptyModel } from './repl-timeline';
import { TraceModel } from './world';

export type Status =
  | { kind: 'loading' }
  | { kind: 'ready' }
  /** `loadingFull`: the name the program needs from the full module, which is downloading */
  | { kind: 'running'; loadingFull?: string }
  | { kind: 'ran'; steps: number; ms: number; error: TraceError | null }
  /** `line`: the learner's line when a crash made the page re-create the engine, if known. */
  | { kind: 'engine-failure'; fatal: boolean; name: string; message: string; line?: number }
  /** The learner stopped a run after `ms`; the model (if any) is still the previous run's. */
  | { kind: 'stopped'; ms: number }
  | { kind: 'load-failed'; message: string };

export interface ReplEntry {
  input: string;
  stdout: string;
  stderr: string;
  echo: string;
  error: TraceError | null;
  /** where its steps start on the timeline, and how many it has (0: e.g. a SyntaxError) */
  firstStep: number;
  steps: number;
}

/** What a REPL input gave back: its trace and the repr the REPL echoes. */
export type ReplOutcome = Trace & { echo: string };

export interface State {
  status: Status;
  lang: Lang;
  model: TraceModel | null;
  /** index into the trace's steps (-1 when there are none) */
  step: number;
  playing: boolean;
  repl: ReplEntry[];
  /**
   * The latest run failed before its first statement (a SyntaxError): the picture is still the
   * last good run's, drawn dimmed, and this is the error that stopped the new one.
   */
  stale: TraceError | null;
}

type Listener = (s: State, prev: State) => void;

export class AppState {
  private s: State;
  private readonly listeners: Listener[] = [];

  constructor(lang: Lang = 'en') {
    this.s = { status: { kind: 'loading' }, lang, model: null, step: -1, playing: false, repl: [], stale: null };
  }

  get state(): State {
    return this.s;
  }

  subscribe(fn: Listener): void {
    this.listeners.push(fn);
  }

  private set(patch: Partial<State>): void {
    const prev = this.s;
    this.s = { ...prev, ...patch };
    for (const fn of this.listeners) fn(this.s, prev);
  }

  setStatus(status: Status): void {
    this.set({ status });
  }

  setLang(lang: Lang): void {
    this.set({ lang });
  }

  /**
   * A run finished: show its last step (or the step whose uncaught error ended it), unless `step`
   * asks otherwise. A run that failed before any statement ran keeps the last good picture.
   */
  loadTrace(trace: Trace, ms: number, step?: number): void {
    const status: Status = { kind: 'ran', steps: trace.steps.length, ms, error: trace.error };
    if (trace.steps.length === 0 && trace.error && this.s.model && this.s.model.stepCount > 0) {
      this.set({ status, stale: trace.error, playing: false, repl: [] });
      return;
    }
    const model = new TraceModel(trace);
    const last = model.stepCount - 1;
    const errorStep = model.errorStep();
    const target = step !== undefined ? Math.min(Math.max(step, 0), last) : errorStep ?? last;
    this.set({
      model,
      step: target,
      playing: false,
      repl: [],
      status,
      stale: null,
    });
  }

  get stepCount(): number {
    return this.s.model?.stepCount ?? 0;
  }

  goTo(step: number): void {
    const n = this.stepCount;
    if (n === 0) return;
    const clamped = Math.min(Math.max(Math.round(step), 0), n - 1);
    if (clamped !== this.s.step) this.set({ step: clamped });
  }

  next(): boolean {
    if (this.s.step >= this.stepCount - 1) return false;
    this.goTo(this.s.step + 1);
    return true;
  }

  prev(): boolean {
    if (this.s.step <= 0) return false;
    this.goTo(this.s.step - 1);
    return true;
  }

  first(): void {
    this.goTo(0);
  }

  last(): void {
    this.goTo(this.stepCount - 1);
  }

  /** Play from the start when at the end, like a media player. */
  play(): void {
    if (this.stepCount === 0) return;
    if (this.s.step >= this.stepCount - 1) this.set({ step: 0, playing: true });
    else this.set({ playing: true });
  }

  pause(): void {
    if (this.s.playing) this.set({ playing: false });
  }

  /** One tick of playback; stops at the end. Returns whether playback goes on. */
  tick(): boolean {
    if (!this.s.playing) return false;
    if (!this.next()) {
      this.set({ playing: false });
      return false;
    }
    if (this.s.step >= this.stepCount - 1) this.set({ playing: false });
    return this.s.playing;
  }

  /** A REPL input ran: its steps join the timeline after the program's (and earlier inputs'), and
   * the page moves to its last step, the world it left. */
  addRepl(input: string, r: ReplOutcome): void {
    const base = this.s.model ?? emptyModel();
    const model = r.steps.length ? appendRepl(base, r, input, this.s.repl.length) : this.s.model;
    const entry: ReplEntry = {
      input, stdout: r.stdout, stderr: r.stderr, echo: r.echo, error: r.error, firstStep: base.stepCount, steps: r.steps.length,
    };
    this.set({ model, repl: [...this.s.repl, entry], step: model ? model.stepCount - 1 : -1, playing: false });
  }

  clearRepl(): void {
    this.set({ repl: [] });
  }
}
