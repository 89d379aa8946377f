// The messages between the page and the engine worker (engine.worker.ts). Every request carries
// an id and gets exactly one reply with that id; the worker also announces once whether the
// module loaded. Outcomes are EngineHost's, plus `stopped` for a request the page cancelled.
import type { ExecOutcome, RunJsonOutcome } from './host';

export type EngineRequest =
  | { id: number; op: 'run'; source: string }
  | { id: number; op: 'exec'; line: string }
  | { id: number; op: 'reprs'; refs: number[] }
  | { id: number; op: 'reset' };

/** The first message to every worker: the engine compiled by the page (null: fetch it yourself). */
export interface EngineInit {
  op: 'init';
  wasm: WebAssembly.Module | null;
}

/** The page terminated the worker while this request was in flight. */
export interface StoppedOutcome {
  kind: 'stopped';
  ms: number;
}

/** The texts of tensor reprs the last run's trace refers to (SCHEMA.md Note [Reprs on demand]). */
export type ReprsOutcome = { kind: 'reprs'; reprs: string[] } | { kind: 'failure'; fatal: boolean; name: string; message: string };

export type ResetOutcome = { kind: 'done' } | { kind: 'failure'; fatal: boolean; name: string; message: string };

/** What each request's op answers with (the same types EngineHost returns; a run's trace as its
 * JSON text, parsed by the page: posting a string is cheaper than cloning the parsed trace). */
export interface OutcomeOf {
  run: RunJsonOutcome;
  exec: ExecOutcome;
  reprs: ReprsOutcome;
  reset: ResetOutcome;
}

export type EngineReply =
  | { type: 'ready'; version: string }
  | { type: 'load-failed'; message: string }
  | { type: 'reply'; id: number; outcome: OutcomeOf[keyof OutcomeOf] }
  /** Request `id` needs the full module (for the name `loadingFull`), which is downloading now. */
  | { type: 'progress'; id: number; loadingFull: string };
