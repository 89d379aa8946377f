// The page's handle on the engine worker: the same async run/exec/reset as EngineHost, answered by
// the worker (engine-server.ts) through numbered request/reply messages. A synchronous wasm call
// cannot be interrupted from outside, so stop() terminates the worker and starts a fresh one; the
// requests it was holding settle as `stopped`. A worker that dies by itself (an `error` event) is
// reported as a fatal failure and replaced, as EngineHost does for a crashed module.
import type { ExecOutcome, RunOutcome } from './host';
import { attachReprs, ReprCache, type FetchReprs } from './repr-cache';
import { parseTrace } from './trace';
import type { EngineInit, EngineReply, EngineRequest, OutcomeOf, ResetOutcome, StoppedOutcome } from './protocol';

/** The part of a DOM Worker the host uses (tests pass a fake). */
export interface WorkerLike {
  postMessage(message: EngineRequest | EngineInit): void;
  terminate(): void;
  onmessage: ((e: MessageEvent) => unknown) | null;
  onerror: ((e: ErrorEvent) => unknown) | null;
}

export type SpawnWorker = () => WorkerLike;

type Failure = { kind: 'failure'; fatal: boolean; name: string; message: string; line?: number };
type Op = keyof OutcomeOf;
type RequestOf<K extends Op> = Omit<Extract<EngineRequest, { op: K }>, 'id'>;

interface Pending {
  op: Op;
  t0: number;
  settle: (outcome: OutcomeOf[Op] | StoppedOutcome) => void;
  /** told when the request waits for the full module to download (the name that needs it) */
  onLoadingFull?: (needed: string) => void;
}

export class WorkerHost {
  private worker!: WorkerLike;
  /** Whether the current worker has said its module loaded (a worker that dies before is not re-spawned in a loop). */
  private loaded = false;
  private alive = false;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private firstLoad: { resolve: () => void; reject: (e: Error) => void } | null = null;
  version = '';
  /** Workers replaced after they died by themselves. */
  restarts = 0;
  /** Workers terminated by stop(). */
  stops = 0;
  /** Bumped whenever the engine's repr refs stop meaning what they meant: a run, a reset, a new worker. */
  private epoch = 0;

  private constructor(private readonly spawn: SpawnWorker) {}

  /** Starts the worker and resolves once its module has loaded (the page's "ready"). */
  static create(spawn: SpawnWorker): Promise<WorkerHost> {
    const host = new WorkerHost(spawn);
    return new Promise<WorkerHost>((resolve, reject) => {
      host.firstLoad = { resolve: () => resolve(host), reject };
      host.start();
    });
  }

  /** True while a run, REPL input or reset has not been answered (fetching reprs is not work to stop). */
  get busy(): boolean {
    for (const p of this.pending.values()) if (p.op !== 'reprs') return true;
    return false;
  }

  /** `onLoadingFull`: called if the program needs the full module, while it downloads. */
  async run(source: string, onLoadingFull?: (needed: string) => void): Promise<RunOutcome | StoppedOutcome> {
    this.epoch++;
    const reprs = this.reprSource();
    const outcome = await this.request({ op: 'run', source }, onLoadingFull);
    if (outcome.kind !== 'json') return outcome;
    try {
      const trace = parseTrace(outcome.json);
      attachReprs(trace, new ReprCache(reprs));
      return { kind: 'trace', trace, ms: outcome.ms };
    } catch (e) {
      // a document the page cannot read: the engine itself is intact
      const err = e instanceof Error ? e : new Error(String(e));
      return { kind: 'failure', fatal: false, name: err.name, message: err.message };
    }
  }

  async exec(line: string, onLoadingFull?: (needed: string) => void): Promise<ExecOutcome | StoppedOutcome> {
    const reprs = this.reprSource();
    const outcome = await this.request({ op: 'exec', line }, onLoadingFull);
    if (outcome.kind === 'result') attachReprs(outcome.result, new ReprCache(reprs));
    return outcome;
  }

  reset(): Promise<ResetOutcome | StoppedOutcome> {
    this.epoch++;
    return this.request({ op: 'reset' });
  }

  /** Fetches reprs for the traces made until the next run, reset or new worker (then null).
   * Requests are answered in order, so one sent before a run is answered from the old world. */
  private reprSource(): FetchReprs {
    const epoch = this.epoch;
    return async (refs) => {
      if (epoch !== this.epoch) return null;
      const o = await this.request({ op: 'reprs', refs });
      return o.kind === 'reprs' ? o.reprs : null;
    };
  }

  /** Ends whatever the worker is doing: every pending request settles as `stopped`. The fresh
   * worker's engine starts from an empty world. Does nothing when idle. */
  stop(): void {
    if (!this.busy) return;
    this.stops++;
    this.worker.terminate();
    this.settleAll((p) => ({ kind: 'stopped', ms: performance.now() - p.t0 }));
    this.start();
  }

  dispose(): void {
    this.worker.terminate();
    this.alive = false;
    this.settleAll((p) => ({ kind: 'stopped', ms: performance.now() - p.t0 }));
  }

  private request<K extends Op>(body: RequestOf<K> & { op: K }, onLoadingFull?: (needed: string) => void): Promise<OutcomeOf[K] | StoppedOutcome> {
    if (!this.alive) this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { op: body.op, t0: performance.now(), settle: resolve as Pending['settle'], onLoadingFull });
      this.worker.postMessage({ ...body, id } as EngineRequest);
    });
  }

  private start(): void {
    this.epoch++;
    const w = this.spawn();
    this.worker = w;
    this.loaded = false;
    this.alive = true;
    w.onmessage = (e) => {
      if (w === this.worker) this.receive(e.data as EngineReply);
    };
    w.onerror = (e) => {
      if (w !== this.worker) return;
      e.preventDefault?.(); // reported by the page; not also as an uncaught error
      this.crashed(e.message || 'the engine worker stopped');
    };
  }

  private receive(msg: EngineReply): void {
    switch (msg.type) {
      case 'ready':
        this.loaded = true;
        this.version = msg.version;
        this.firstLoad?.resolve();
        this.firstLoad = null;
        return;
      case 'load-failed':
        // requests still get a failure reply each from the worker
        this.firstLoad?.reject(new Error(msg.message));
        this.firstLoad = null;
        return;
      case 'progress':
        this.pending.get(msg.id)?.onLoadingFull?.(msg.loadingFull);
        return;
      case 'reply': {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        p?.settle(msg.outcome);
      }
    }
  }

  private crashed(message: string): void {
    const wasLoaded = this.loaded;
    this.worker.terminate();
    this.alive = false;
    this.settleAll((): Failure => ({ kind: 'failure', fatal: true, name: 'WorkerError', message }));
    if (this.firstLoad) {
      this.firstLoad.reject(new Error(message));
      this.firstLoad = null;
      return;
    }
    // A worker that had loaded died mid-request: replace it now, so the next run finds it ready.
    // One that never loaded (its script is missing, say) is retried only by the next request.
    if (wasLoaded) {
      this.restarts++;
      this.start();
    }
  }

  private settleAll(outcome: (p: Pending) => OutcomeOf[Op] | StoppedOutcome): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.settle(outcome(p));
  }
}
