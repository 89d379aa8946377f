// Owns the live engine module and its Session, and turns everything the module can throw into
// outcomes the page can show. A C++ exception arrives as an Error named EngineError (the bindings
// guard every call); anything else (RangeError from deep recursion, a wasm trap) leaves the module
// in an unknown state, so the host throws it away and instantiates a fresh one (toolchain.md §9.22).
// Two modules (Note [Two modules] in engine/bindings/library_variant.h): the host starts with the
// core one; when it says a program needs the full one (an Error named NeedsFullModule), the host
// loads the full module, keeps it from then on, and runs the program again from the start there (a
// REPL input: the last program and the inputs since, then the input), so only that run is seen.
import type { Session, TensorplayModule } from '@wasm/tensorplay.mjs';
import type { ReprsOutcome } from './protocol';
import { attachReprs, ReprCache, type FetchReprs } from './repr-cache';
import { parseReplResult, parseTrace, TraceFormatError, type ReplResult, type Trace } from './trace';

export type ModuleFactory = () => Promise<TensorplayModule>;

export type RunOutcome =
  | { kind: 'trace'; trace: Trace; ms: number }
  /** The engine refused (EngineError) or crashed (fatal: the module was re-created). */
  | EngineFailure;

/** `line`: where the learner's program was when the module crashed (absent when unknown). */
export type EngineFailure = { kind: 'failure'; fatal: boolean; name: string; message: string; line?: number };

export type RunJsonOutcome = { kind: 'json'; json: string; ms: number } | EngineFailure;

export type ExecOutcome =
  | { kind: 'result'; result: ReplResult }
  | EngineFailure;

export function isEngineError(e: unknown): e is Error {
  return e instanceof Error && e.name === 'EngineError';
}

/** Why a program that needs the full module did not run: the full module could not be loaded
 * (offline before the service worker kept it, say). The message is the name the program needs;
 * the core module is intact, so this is a refusal, not a crash. */
export class FullModuleUnavailable extends Error {
  constructor(needed: string) {
    super(needed);
    this.name = 'FullModuleUnavailable';
  }
}

/** The core module's signal that the program uses a name only the full module has. */
export function needsFullModule(e: unknown): boolean {
  return e instanceof Error && e.name === 'NeedsFullModule';
}

function describe(e: unknown): { name: string; message: string } {
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: typeof e, message: String(e) };
}

export class EngineHost {
  private module: TensorplayModule | null = null;
  private session: Session | null = null;
  /** How many times a crashed module was replaced (shown in diagnostics, asserted by tests). */
  restarts = 0;
  /** Bumped whenever the session's repr refs stop meaning what they meant: a run, a reset, a new module. */
  private epoch = 0;
  /** The full module's loader until it is in use (null with a single module). */
  private fullFactory: ModuleFactory | null;
  /** What the current world was made of, to make it again in the full module. */
  private lastRun: string | null = null;
  private linesSinceRun: string[] = [];
  private switched = false;
  /** Told when a program needs the full module, before it is loaded (the page says it downloads). */
  onLoadingFull: ((needed: string) => void) | null = null;

  private constructor(private factory: ModuleFactory, full: ModuleFactory | null) {
    this.fullFactory = full;
  }

  /** `factory` loads the module to start with; `full`, if given, the one it may ask for. */
  static async create(factory: ModuleFactory, full: ModuleFactory | null = null): Promise<EngineHost> {
    const host = new EngineHost(factory, full);
    await host.instantiate();
    return host;
  }

  /** Whether the full module is the one in use (after a program needed it). */
  get usesFullModule(): boolean {
    return this.switched;
  }

  get version(): string {
    return this.module?.version() ?? '';
  }

  private async instantiate(): Promise<void> {
    this.epoch++;
    this.module = await this.factory();
    this.session = new this.module.Session();
  }

  private async recover(): Promise<void> {
    try {
      this.session?.delete();
    } catch {
      // the old module is broken; its heap goes away with it
    }
    this.session = null;
    this.module = null;
    this.restarts++;
    await this.instantiate();
  }

  /** Runs a whole program in a fresh world and returns its trace. */
  async run(source: string): Promise<RunOutcome> {
    const outcome = await this.runJson(source);
    if (outcome.kind !== 'json') return outcome;
    try {
      const trace = parseTrace(outcome.json);
      attachReprs(trace, new ReprCache(this.reprSource()));
      return { kind: 'trace', trace, ms: outcome.ms };
    } catch (e) {
      return this.fail(e);
    }
  }

  /** The same, with the trace still as its JSON text: what the worker posts to the page (a string
   * is copied once; a parsed trace would be structured-cloned, which costs 2-3.6x a JSON.parse). */
  async runJson(source: string): Promise<RunJsonOutcome> {
    const t0 = performance.now();
    this.epoch++;
    this.lastRun = source;
    this.linesSinceRun = [];
    try {
      const json = await this.withFullFallback((session) => session.run(source), false);
      return { kind: 'json', json, ms: performance.now() - t0 };
    } catch (e) {
      return this.fail(e);
    }
  }

  /** Runs one REPL line in the world the last run left behind. */
  async exec(line: string): Promise<ExecOutcome> {
    try {
      // no ReprCache here: the worker posts this result (a cache holds a function, which cannot
      // be cloned); WorkerHost.exec gives it one on the page's side
      const result = parseReplResult(await this.withFullFallback((session) => session.exec(line), true));
      this.linesSinceRun.push(line);
      return { kind: 'result', result };
    } catch (e) {
      return this.fail(e);
    }
  }

  /** The texts of the last traces' repr refs (SCHEMA.md Note [Reprs on demand]). */
  reprs(refs: number[]): ReprsOutcome {
    try {
      const session = this.requireSession();
      return { kind: 'reprs', reprs: refs.map((r) => session.repr(r)) };
    } catch (e) {
      return { kind: 'failure', fatal: false, ...describe(e) };
    }
  }

  /** Fetches reprs for the traces made until the next run, reset or new module (then null). */
  reprSource(): FetchReprs {
    const epoch = this.epoch;
    return async (refs) => {
      if (epoch !== this.epoch) return null;
      const o = this.reprs(refs);
      return o.kind === 'reprs' ? o.reprs : null;
    };
  }

  async reset(): Promise<void> {
    this.epoch++;
    this.lastRun = null;
    this.linesSinceRun = [];
    try {
      this.requireSession().reset();
    } catch (e) {
      await this.fail(e);
    }
  }

  dispose(): void {
    this.session?.delete();
    this.session = null;
    this.module = null;
  }

  /** Calls `f` on the session; if the core module needs the full one, switches to it (once) and
   * calls `f` again there, after remaking the world `f` continues when `replay` is set. */
  private async withFullFallback(f: (session: Session) => string, replay: boolean): Promise<string> {
    let needed = '';
    try {
      return f(this.requireSession());
    } catch (e) {
      if (!needsFullModule(e) || !this.fullFactory) throw e;
      needed = (e as Error).message;
    }
    this.onLoadingFull?.(needed);
    try {
      await this.switchToFull();
    } catch {
      throw new FullModuleUnavailable(needed);
    }
    const session = this.requireSession();
    if (replay) {
      if (this.lastRun !== null) session.run(this.lastRun);
      for (const line of this.linesSinceRun) session.exec(line);
    }
    return f(session);
  }

  /** Loads the full module first: if that fails (offline, say), the core one stays in use. */
  private async switchToFull(): Promise<void> {
    const full = this.fullFactory!;
    const module = await full();
    try {
      this.session?.delete();
    } catch {
      // the core module is dropped with it
    }
    this.epoch++;
    this.module = module;
    this.session = new module.Session();
    this.factory = full;  // a crash from now on re-creates the full module
    this.fullFactory = null;
    this.switched = true;
  }

  private requireSession(): Session {
    if (!this.session) throw new Error('engine not loaded');
    return this.session;
  }

  private async fail(e: unknown): Promise<EngineFailure> {
    const d = describe(e);
    if (isEngineError(e) || e instanceof TraceFormatError || e instanceof SyntaxError || e instanceof FullModuleUnavailable) {
      // The C++ side refused cleanly, or sent a document we cannot read: the module is intact.
      return { kind: 'failure', fatal: false, ...d };
    }
    const line = this.lineOfCrash();
    await this.recover();
    return { kind: 'failure', fatal: true, ...d, ...(line > 0 ? { line } : {}) };
  }

  /** The learner's line at the crash, read from the dead module before it is dropped. */
  private lineOfCrash(): number {
    try {
      return this.module?.lastLine?.() ?? 0;
    } catch {
      return 0;  // too broken even for that
    }
  }
}
