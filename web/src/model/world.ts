// The world at one step, resolved from the trace for drawing: storage values with copy-on-write
// filled in, lookups by id, the names that reach each tensor, tensors grouped by storage and by
// version counter, and what changed since the previous step. Pure data, no DOM.
import type { ReprCache } from '../engine/repr-cache';
import type { CellValue, GradValue, GraphNode, Id, PyObject, Step, Storage, Tensor, Trace, TraceError } from '../engine/trace';
import { t as tr, type Lang } from './i18n';

export interface StorageGroup {
  storage: Storage;
  /** Every cell value this step knows (the summarised ones only for large storages). */
  values: CellValue[];
  /** Storage cell index of values[i] (identity unless the storage is summarised). */
  cellIndex: (i: number) => number;
  tensors: Tensor[];
}

export interface OutputChunk {
  stream: 'stdout' | 'stderr';
  text: string;
  step: number;
}

export interface StepChanges {
  /** storage id → cells whose value changed during this step */
  written: Map<Id, Set<number>>;
  /** tensors whose _version went up during this step */
  bumped: Set<Id>;
  /** tensors that did not exist before this step */
  created: Set<Id>;
  /** names bound or rebound by this step */
  rebound: Set<string>;
}

/** Names a learner can use to reach an object: `a`, `pair[0]`, `model.weight`. */
function namePaths(step: Step, objects: Map<Id, PyObject>): Map<Id, string[]> {
  const out = new Map<Id, string[]>();
  const add = (obj: Id, path: string) => {
    const list = out.get(obj);
    if (list) list.push(path);
    else out.set(obj, [path]);
  };
  const visit = (obj: Id, path: string, depth: number, seen: Set<Id>) => {
    add(obj, path);
    const o = objects.get(obj);
    if (!o || depth > 3 || seen.has(obj)) return;
    seen.add(obj);
    if ((o.type === 'list' || o.type === 'tuple') && o.items) {
      (o.items as Id[]).slice(0, 16).forEach((child, i) => visit(child, `${path}[${i}]`, depth + 1, seen));
    } else if (o.type === 'dict' && o.items) {
      for (const [k, v] of (o.items as [Id, Id][]).slice(0, 16)) {
        const key = objects.get(k)?.repr ?? '?';
        visit(v, `${path}[${key}]`, depth + 1, seen);
      }
    } else if (o.attrs) {
      for (const [name, child] of o.attrs) visit(child, `${path}.${name}`, depth + 1, seen);
    }
    seen.delete(obj);
  };
  for (const v of step.variables) visit(v.object, v.name, 0, new Set());
  // locals of running functions, after the module's names: `f:x`
  for (const f of step.frames ?? []) for (const v of f.variables) visit(v.object, `${f.name}:${v.name}`, 0, new Set());
  return out;
}

export class World {
  readonly step: Step;
  readonly tensors = new Map<Id, Tensor>();
  readonly storages = new Map<Id, Storage>();
  readonly nodes = new Map<Id, GraphNode>();
  readonly objects = new Map<Id, PyObject>();
  /** object id → names that reach it */
  readonly names: Map<Id, string[]>;
  readonly groups: StorageGroup[];
  readonly changes: StepChanges;
  /** indexes built once per step, so per-tensor questions cost O(1), not a scan of every tensor */
  private readonly gradOf = new Map<Id, Tensor>();
  private readonly viewsOf = new Map<Id, Tensor[]>();
  private readonly referenced = new Set<Id>();
  private families: Map<number, Tensor[]> | null = null;

  constructor(step: Step, values: Map<Id, CellValue[]>, prev: Step | null, private readonly reprs?: ReprCache) {
    this.step = step;
    for (const t of step.tensors) this.tensors.set(t.id, t);
    for (const s of step.storages) this.storages.set(s.id, s);
    for (const n of step.nodes) this.nodes.set(n.id, n);
    for (const o of step.objects) this.objects.set(o.id, o);
    this.names = namePaths(step, this.objects);
    for (const t of step.tensors) {
      if (t.grad !== null && !this.gradOf.has(t.grad)) this.gradOf.set(t.grad, t);
      if (t.grad !== null) this.referenced.add(t.grad);
      if (t._base !== null) push(this.viewsOf, t._base, t);
    }
    for (const n of step.nodes) if (n.tensor !== null && n.tensor !== undefined) this.referenced.add(n.tensor);
    const onStorage = new Map<Id, Tensor[]>();
    for (const t of step.tensors) if (!this.isArrayInternal(t)) push(onStorage, t.storage, t);
    this.groups = step.storages.map((storage) => {
      const vals = values.get(storage.id) ?? [];
      return {
        storage,
        values: vals,
        cellIndex: summaryIndexer(storage, vals.length),
        tensors: onStorage.get(storage.id) ?? [],
      };
    });
    this.changes = diff(step, prev);
  }

  tensorNames(t: Tensor): string[] {
    return t.object === null ? [] : this.names.get(t.object) ?? [];
  }

  /** The text of a gradient in this step's backward events: undefined while not fetched yet. */
  gradText(g: GradValue): string | null | undefined {
    if (g === null || typeof g === 'string') return g;
    return this.reprs?.get(g);
  }

  /** A tensor's repr text: undefined while not fetched yet (SCHEMA.md Note [Reprs on demand]). */
  tensorRepr(t: Tensor): string | undefined {
    return t.repr ?? this.reprs?.get(t.repr_ref);
  }

  /** Fetches the texts the autograd graph draws: this step's backward gradients and every
   * `.grad`; resolves true when any arrived. Null when the page has them all already. */
  loadGraphReprs(): Promise<boolean> | null {
    const refs = backwardRefs(this.step);
    for (const t of this.tensors.values()) {
      const g = t.grad === null ? undefined : this.tensors.get(t.grad);
      if (g && typeof g.repr !== 'string') refs.push(g.repr_ref);
    }
    const missing = refs.filter((r) => this.reprs?.get(r) === undefined);
    return missing.length && this.reprs ? this.reprs.load(missing) : null;
  }

  /** A short label: its first name, or what it is to a named tensor (`a.grad`), or `tensor #id`
   * (in the learner's language). */
  tensorLabel(t: Tensor, lang: Lang = 'en'): string {
    const own = this.tensorNames(t);
    if (own.length) return own[0];
    const owner = this.gradOf.get(t.id);
    const n = owner ? this.tensorNames(owner) : [];
    if (n.length) return `${n[0]}.grad`;
    return tr(lang, 'memory.unnamedTensor', { id: t.id });
  }

  /** Is this the storage view of a numpy array (`a.numpy()`, `np.arange(...)`) rather than a tensor? */
  isNdarray(t: Tensor): boolean {
    const type = t.object === null ? undefined : this.objects.get(t.object)?.type;
    return type === 'ndarray' || type === 'numpy.ndarray';
  }

  /** Is this the storage view of a `bytearray`/`bytes` (what `torch.frombuffer` shares)? */
  isBuffer(t: Tensor): boolean {
    const type = t.object === null ? undefined : this.objects.get(t.object)?.type;
    return type === 'bytearray' || type === 'bytes';
  }

  /** Not a tensor but a Python object on a storage (numpy array, bytearray): no version counter,
   * no autograd. */
  isForeign(t: Tensor): boolean {
    return this.isNdarray(t) || this.isBuffer(t);
  }

  /** A tensor with no Python object that only numpy arrays use as their `_base` (numpy slicing
   * goes through one): an engine detail, not something the learner made, so it is not drawn. */
  private isArrayInternal(t: Tensor): boolean {
    if (t.object !== null) return false;
    const users = this.viewsOf.get(t.id) ?? [];
    return users.length > 0 && users.every((o) => this.isNdarray(o)) && !this.referenced.has(t.id);
  }

  /** Tensors sharing a version counter with `t` (views and detach(), not .data). */
  versionFamily(t: Tensor): Tensor[] {
    if (!this.families) {
      this.families = new Map();
      for (const o of this.step.tensors) push(this.families, o.version_family, o);
    }
    return this.families.get(t.version_family) ?? [];
  }

  /** Is this tensor worth drawing? Named ones, grads of named ones, and tensors a storage shows. */
  isReachableByName(t: Tensor): boolean {
    return this.tensorNames(t).length > 0;
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Maps a position in a summarised `values` array back to its storage cell. */
export function summaryIndexer(s: Storage, shown: number): (i: number) => number {
  if (!s.summary || shown >= s.numel) return (i) => i;
  const { head, tail } = s.summary;
  return (i) => (i < head ? i : s.numel - tail + (i - head));
}

function diff(step: Step, prev: Step | null): StepChanges {
  const written = new Map<Id, Set<number>>();
  for (const s of step.storages) if (s.written.length) written.set(s.id, new Set(s.written));
  const before = new Map<Id, Tensor>();
  for (const t of prev?.tensors ?? []) before.set(t.id, t);
  const bumped = new Set<Id>();
  const created = new Set<Id>();
  for (const t of step.tensors) {
    const p = before.get(t.id);
    if (!p) created.add(t.id);
    else if (t._version > p._version) bumped.add(t.id);
  }
  const prevVars = new Map<string, Id>();
  for (const v of prev?.variables ?? []) prevVars.set(v.name, v.object);
  const rebound = new Set<string>();
  for (const v of step.variables) if (prevVars.get(v.name) !== v.object) rebound.add(v.name);
  return { written, bumped, created, rebound };
}

/**
 * A trace with every step resolvable quickly: copy-on-write storage values (`values: null` =
 * unchanged since the previous step) come from the decoder (trace.valuesAt), or, for a trace
 * built by hand, are carried forward once, up front, by reference.
 */
export class TraceModel {
  readonly trace: Trace;
  private readonly valuesAt: Map<Id, CellValue[]>[] = [];
  private readonly cache = new Map<number, World>();

  constructor(trace: Trace) {
    this.trace = trace;
    // A parsed trace resolves values per step itself, lazily (engine/trace-decode.ts).
    if (trace.valuesAt) return;
    const last = new Map<Id, CellValue[]>();
    for (const step of trace.steps) {
      const now = new Map<Id, CellValue[]>();
      for (const s of step.storages) {
        const v = s.values ?? last.get(s.id);
        if (v) now.set(s.id, v);
      }
      this.valuesAt.push(now);
      // keep storages that vanish and come back (a storage only reachable some steps)
      for (const [id, v] of now) last.set(id, v);
    }
  }

  get stepCount(): number {
    return this.trace.steps.length;
  }

  /** A tensor's repr if the page has it: a `.grad` carries it, the others are fetched from the
   * engine by loadReprs (SCHEMA.md Note [Reprs on demand]). */
  reprOf(t: Tensor): string | undefined {
    return t.repr ?? this.trace.reprs?.get(t.repr_ref);
  }

  /** Fetches the reprs of these tensors; resolves true when any arrived (then redraw). */
  loadReprs(tensors: Tensor[]): Promise<boolean> {
    const refs = tensors.filter((t) => this.reprOf(t) === undefined).map((t) => t.repr_ref);
    if (!refs.length || !this.trace.reprs) return Promise.resolve(false);
    return this.trace.reprs.load(refs);
  }

  /** Steps of the program itself; the REPL inputs' steps, if any, follow them. */
  get programSteps(): number {
    return this.trace.program_steps ?? this.trace.steps.length;
  }

  world(index: number): World {
    const cached = this.cache.get(index);
    if (cached) return cached;
    const step = this.trace.steps[index];
    if (!step) throw new RangeError(`no step ${index} (trace has ${this.stepCount})`);
    const w = new World(step, this.values(index), this.trace.steps[index - 1] ?? null, this.trace.reprs);
    if (this.cache.size > 64) this.cache.clear(); // bounded: a long trace is walked, not hoarded
    this.cache.set(index, w);
    return w;
  }

  /** Every storage's known cell values at step `index`. */
  values(index: number): Map<Id, CellValue[]> {
    return this.trace.valuesAt?.(index) ?? this.valuesAt[index] ?? new Map();
  }

  /**
   * The step that raised the program's uncaught error, if any. A step whose exception the program
   * caught (try/except) is a normal step: the program went on.
   */
  errorStep(): number | null {
    if (!this.trace.error) return null;
    for (let i = this.programSteps - 1; i >= 0; i--) if (this.trace.steps[i].error) return i;
    return null;
  }

  /** The error step `index` raised if it ended the program or its REPL input (not one caught). */
  uncaughtAt(index: number): TraceError | null {
    const s = this.trace.steps[index];
    if (!s?.error) return null;
    if (s.repl) return s.repl.uncaught ? s.error : null;
    return index === this.errorStep() ? s.error : null;
  }

  /** Did this step raise an exception the program caught (and then went on)? */
  caughtAt(index: number): boolean {
    return Boolean(this.trace.steps[index]?.error) && !this.uncaughtAt(index);
  }

  /**
   * stdout+stderr the program printed up to and including step `index`, as chunks in order. At its
   * last step it also holds what no step owns: the traceback of the uncaught error (top-level
   * stderr). REPL inputs' output is not here: the console draws it with their inputs.
   */
  outputUpTo(index: number): OutputChunk[] {
    const out: OutputChunk[] = [];
    let seenOut = '', seenErr = '';
    const end = this.programSteps - 1;
    for (let i = 0; i <= index && i <= end; i++) {
      const s = this.trace.steps[i];
      if (s.stdout) out.push({ stream: 'stdout', text: s.stdout, step: i });
      if (s.stderr) out.push({ stream: 'stderr', text: s.stderr, step: i });
      seenOut += s.stdout;
      seenErr += s.stderr;
    }
    if (index >= end) {
      const { stdout, stderr } = this.trace;
      const last = Math.max(0, end);
      if (stdout.length > seenOut.length && stdout.startsWith(seenOut)) {
        out.push({ stream: 'stdout', text: stdout.slice(seenOut.length), step: last });
      }
      if (stderr.length > seenErr.length && stderr.startsWith(seenErr)) {
        out.push({ stream: 'stderr', text: stderr.slice(seenErr.length), step: last });
      }
    }
    return out;
  }
}

/** The repr refs of a step's backward gradients. */
function backwardRefs(step: Step): number[] {
  const refs: number[] = [];
  const add = (g: GradValue) => { if (typeof g === 'number') refs.push(g); };
  for (const ev of step.backward?.events ?? []) {
    if (ev.kind === 'execute') { ev.grads_in.forEach(add); ev.grads_out.forEach(add); }
    else if (ev.kind === 'accumulate' || ev.kind === 'retain') add(ev.grad);
  }
  return refs;
}
