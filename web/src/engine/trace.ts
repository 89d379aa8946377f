// TypeScript mirror of the JSON trace (engine/trace/SCHEMA.md, schema_version 2): the contract
// between the C++ engine and the page. Keys keep the engine's snake_case. The engine sends each
// step as a delta (what changed since the previous step); parseTrace gives the page whole Steps,
// rebuilt on demand by the decoder in trace-decode.ts.
import type { ReprCache } from './repr-cache';
import { StepDecoder } from './trace-decode';

export const SCHEMA_VERSION = 2;

export type Id = number;
/** Element values as JSON numbers; non-finite floats arrive as strings. */
export type CellValue = number | 'inf' | '-inf' | 'nan';

export interface TraceError {
  type: string;
  message: string;
  line: number;
  tensor_ids: Id[];
  node_ids: Id[];
}

export interface Limits {
  max_steps: number;
  max_recursion: number;
  max_output_bytes: number;
  [limit: string]: number;
}

export interface Variable {
  name: string;
  object: Id;
}

export interface PyObject {
  id: Id;
  type: string;
  tensor?: Id;
  repr?: string;
  items?: Id[] | [Id, Id][];
  attrs?: [string, Id][];
}

export interface Tensor {
  id: Id;
  /** null for a tensor no Python object wraps (reached only as another tensor's `_base`) */
  object: Id | null;
  /** its repr, formatted by the engine when asked (SCHEMA.md Note [Reprs on demand]) */
  repr_ref: number;
  /** the repr itself: only in the hand-written fixtures (and, until 27 Nov, on a `.grad`) */
  repr?: string | null;
  sizes: number[];
  strides: number[];
  storage_offset: number;
  dtype: string;
  device: string;
  element_size: number;
  storage: Id;
  version_family: Id;
  _version: number;
  _base: Id | null;
  is_view: boolean;
  is_contiguous: boolean;
  requires_grad: boolean;
  is_leaf: boolean;
  retains_grad: boolean;
  grad_fn: Id | null;
  output_nr: number;
  grad: Id | null;
  is_parameter: boolean;
  /** gradient hooks on it (register_hook, register_post_accumulate_grad_hook); absent in old traces */
  hooks?: number;
  data_ptr: number;
}

/** Large storages: `values` holds the first `head` and the last `tail` elements only. */
export interface StorageSummary {
  head: number;
  tail: number;
  total: number;
}

/** A storage over bytes of another (torch.frombuffer over a bytearray): SCHEMA.md, Storage. */
export interface StorageView {
  storage: Id;
  byte_offset: number;
}

export interface Storage {
  id: Id;
  device: string;
  nbytes: number;
  data_ptr: number;
  /** present only when this storage's bytes are bytes of another storage */
  views?: StorageView;
  dtype: string;
  numel: number;
  write_count: number;
  /** first step this storage appears in */
  new?: boolean;
  written: number[];
  values: CellValue[] | null;
  summary: StorageSummary | null;
}

export interface NextEdge {
  node: Id | null;
  input_nr: number;
}

export interface SavedTensor {
  name: string;
  tensor: Id | null;
  saved_version: number;
  current_version: number;
  released: boolean;
  /** its values differ from those it had when first drawn (a write through `.data` changes them
   * without a version bump: backward will not notice) */
  values_changed: boolean;
}

/** One user function running at this step (Python Tutor's frames), outermost first. */
export interface Frame {
  name: string;
  variables: Variable[];
}

export interface GraphNode {
  id: Id;
  name: string;
  next: NextEdge[];
  saved: SavedTensor[];
  tensor: Id | null;
  variable: Id | null;
  /** Node.register_prehook / register_hook hooks on it */
  hooks?: number;
}

/** A gradient in a backward event: a repr ref (SCHEMA.md Note [Reprs on demand]), the repr
 * itself (hand-written fixtures), or null for no gradient. */
export type GradValue = number | string | null;

export type BackwardEvent =
  | { kind: 'execute'; node: Id; grads_in: GradValue[]; grads_out: GradValue[] }
  | { kind: 'accumulate'; node: Id; tensor: Id; grad: GradValue }
  | { kind: 'retain'; tensor: Id; grad: GradValue }
  /** one hook running: on a tensor (register_hook, post_accumulate_grad) or on the node */
  | { kind: 'hook'; hook: 'tensor' | 'pre' | 'post' | 'post_accumulate_grad'; node: Id; tensor: Id | null };

export interface BackwardRun {
  root: Id;
  retain_graph: boolean;
  events: BackwardEvent[];
}

export interface Step {
  index: number;
  line: number;
  end_line: number;
  stdout: string;
  stderr: string;
  error: TraceError | null;
  variables: Variable[];
  /** the user functions running at this step, outermost first (empty at module level) */
  frames: Frame[];
  /** sorted by id (as tensors, storages and nodes are) */
  objects: PyObject[];
  tensors: Tensor[];
  storages: Storage[];
  nodes: GraphNode[];
  backward: BackwardRun | null;
  /** set on the steps of a REPL input appended to the program's timeline (model/repl-timeline.ts);
   * their `line` is 0 (no line of the editor ran) */
  repl?: ReplStepInfo;
}

/** Which REPL input a step ran, and where in it. */
export interface ReplStepInfo {
  /** position of the input in the REPL history */
  entry: number;
  input: string;
  /** line within the input */
  line: number;
  /** this step raised the error that ended its input */
  uncaught: boolean;
}

/** What the engine sends for a storage: `patch` ([position in values, value] pairs) stands for
 * the previous values with those cells replaced. */
export interface WireStorage extends Storage {
  patch?: [number, CellValue][];
}

/** What the engine sends for a step: a keyframe lists every entity; any other step only what
 * changed since the previous step (`variables`/`frames` absent = unchanged) and what is gone. */
export interface WireStep {
  index: number;
  line: number;
  end_line: number;
  stdout: string;
  stderr: string;
  error: TraceError | null;
  backward: BackwardRun | null;
  keyframe: boolean;
  variables?: Variable[];
  frames?: Frame[];
  objects: PyObject[];
  /** a tensor or node shown before lists only its id and the members that changed */
  tensors: (Partial<Tensor> & { id: Id })[];
  storages: WireStorage[];
  nodes: (Partial<GraphNode> & { id: Id })[];
  removed: { objects: Id[]; tensors: Id[]; storages: Id[]; nodes: Id[] };
}

export interface Trace {
  schema_version: number;
  source: string;
  stdout: string;
  stderr: string;
  error: TraceError | null;
  limits?: Limits;
  steps: Step[];
  /** how many of `steps` are the program's own; REPL inputs' steps follow them (absent = all) */
  program_steps?: number;
  /** statements beyond the recorder's cap; the last step then holds the final state */
  steps_omitted?: number;
  /** Every storage's known cell values at a step (copy-on-write resolved; set by parseTrace). */
  valuesAt?: (index: number) => Map<Id, CellValue[]>;
  /** Not serialised: where the texts of its `repr_ref`s come from (the engine that ran it). */
  reprs?: ReprCache;
}

/** One REPL input's result (Session.exec): a trace of its statements plus the REPL echo. */
export interface ReplResult extends Trace {
  /** the repr Python's REPL would print for an expression statement ("" otherwise) */
  echo: string;
}

/** A document that is not a trace this page understands (a contract bug, not a crash). */
export class TraceFormatError extends Error {
  override name = 'TraceFormatError';
}

/** Parses and sanity-checks a trace document; throws TraceFormatError when it is not one. Its
 * steps are whole Steps: cheap fields at once, the world (variables, objects, tensors...) rebuilt
 * from the deltas when first read. */
export function parseTrace(json: string): Trace {
  let t: Omit<Trace, 'steps'> & { steps: unknown };
  try {
    t = JSON.parse(json) as typeof t;
  } catch (e) {
    throw new TraceFormatError(`trace: invalid JSON (${(e as Error).message})`);
  }
  if (typeof t !== 'object' || t === null) throw new TraceFormatError('trace: not a JSON object');
  if (t.schema_version !== SCHEMA_VERSION) {
    throw new TraceFormatError(`trace: schema_version ${String(t.schema_version)}, expected ${SCHEMA_VERSION}`);
  }
  if (!Array.isArray(t.steps)) throw new TraceFormatError('trace: missing steps');
  const wire = t.steps as WireStep[];
  if (wire.length && !wire[0].keyframe) throw new TraceFormatError('trace: the first step is not a keyframe');
  exactFloat32Cells(wire);
  const decoder = new StepDecoder(wire);
  const trace = t as unknown as Trace;
  trace.steps = decoder.steps;
  Object.defineProperty(trace, 'valuesAt', { value: (i: number) => decoder.valuesAt(i), enumerable: false });
  return trace;
}

/** Note [Float32 cells] (engine/trace/json_writer.cpp): a float32 or float16 storage's values come
 * as their shortest float32 digits; rounding what JSON.parse read to float32 gives back the exact
 * value the engine holds (the double the page computes with, as before). */
function exactFloat32Cells(wire: WireStep[]): void {
  const exact = (cells: CellValue[]): void => {
    for (let k = 0; k < cells.length; k++) {
      const v = cells[k];
      if (typeof v === 'number') cells[k] = Math.fround(v);
    }
  };
  for (const step of wire) {
    for (const s of step.storages) {
      if (s.dtype !== 'float32' && s.dtype !== 'float16') continue;
      if (s.values) exact(s.values);
      for (const cell of s.patch ?? []) if (typeof cell[1] === 'number') cell[1] = Math.fround(cell[1]);
    }
  }
}

/** A REPL reply (Session.exec), its steps decoded like a trace's. */
export function parseReplResult(json: string): ReplResult {
  return parseTrace(json) as ReplResult;
}

/** Reads a cell value as a number (NaN/±Infinity for the string forms). */
export function cellNumber(v: CellValue): number {
  if (typeof v === 'number') return v;
  if (v === 'inf') return Infinity;
  if (v === '-inf') return -Infinity;
  return NaN;
}
