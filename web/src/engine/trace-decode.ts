// Rebuilds whole Steps from the engine's delta steps (SCHEMA.md, Note [Deltas]), on demand: a step's
// cheap fields (line, output, error) are plain properties, its world (variables, frames, objects,
// tensors, storages, nodes) a getter that replays the deltas from the nearest decoded state. The
// decoder keeps a copy of the state every KEYFRAME_EVERY steps, so any step is at most that many
// deltas away, and stepping forward one step costs one delta.
import type { CellValue, Frame, GraphNode, Id, PyObject, Step, Storage, Tensor, Variable, WireStep } from './trace';

const KEYFRAME_EVERY = 32;
const CACHED_STEPS = 64;

interface State {
  /** position in the steps array of the last step applied */
  index: number;
  variables: Variable[];
  frames: Frame[];
  objects: Map<Id, PyObject>;
  tensors: Map<Id, Tensor>;
  nodes: Map<Id, GraphNode>;
  /** every storage shown, as last listed */
  storages: Map<Id, Storage>;
  /** storages listed by this step (the others are shown unchanged) */
  listed: Set<Id>;
  /** last known cell values of every storage seen so far (kept while it is out of view, as the
   * engine keeps them) */
  values: Map<Id, CellValue[]>;
}

type World = Pick<Step, 'variables' | 'frames' | 'objects' | 'tensors' | 'storages' | 'nodes'> & {
  values: Map<Id, CellValue[]>;
};

const WORLD_KEYS = ['variables', 'frames', 'objects', 'tensors', 'storages', 'nodes'] as const;

function emptyState(): State {
  return {
    index: -1, variables: [], frames: [], objects: new Map(), tensors: new Map(), nodes: new Map(),
    storages: new Map(), listed: new Set(), values: new Map(),
  };
}

function cloneState(s: State): State {
  return {
    index: s.index, variables: s.variables, frames: s.frames, objects: new Map(s.objects), tensors: new Map(s.tensors),
    nodes: new Map(s.nodes), storages: new Map(s.storages), listed: new Set(s.listed), values: new Map(s.values),
  };
}

function byId<T extends { id: Id }>(m: Map<Id, T>): T[] {
  return [...m.values()].sort((a, b) => a.id - b.id);
}

function merged<T extends { id: Id }>(was: T | undefined, listed: Partial<T> & { id: Id }): T {
  return was ? { ...was, ...listed } : (listed as T);
}

/** Applies wire step number `position` (its place in the steps array) to `s`, in place. */
function applyDelta(s: State, w: WireStep, position: number): void {
  if (w.keyframe) {
    s.objects.clear();
    s.tensors.clear();
    s.nodes.clear();
    s.storages.clear();
    s.variables = [];
    s.frames = [];
  }
  s.index = position;
  if (w.variables) s.variables = w.variables;
  if (w.frames) s.frames = w.frames;
  for (const o of w.objects) s.objects.set(o.id, o);
  // Note [Changed members]: a tensor or node shown before comes with only what changed
  for (const t of w.tensors) s.tensors.set(t.id, merged(s.tensors.get(t.id), t));
  for (const n of w.nodes) s.nodes.set(n.id, merged(s.nodes.get(n.id), n));
  s.listed = new Set();
  for (const ws of w.storages) {
    let values = ws.values;
    if (ws.patch) {
      values = (s.values.get(ws.id) ?? []).slice();
      for (const [k, v] of ws.patch) values[k] = v;
    }
    if (values) s.values.set(ws.id, values);
    const { patch: _patch, ...storage } = ws;
    s.storages.set(ws.id, { ...storage, values });
    s.listed.add(ws.id);
  }
  const removed = w.removed ?? { objects: [], tensors: [], storages: [], nodes: [] };
  for (const id of removed.objects) s.objects.delete(id);
  for (const id of removed.tensors) s.tensors.delete(id);
  for (const id of removed.nodes) s.nodes.delete(id);
  for (const id of removed.storages) s.storages.delete(id);
}

export class StepDecoder {
  readonly steps: Step[];
  /** state after step k, for every k that is a multiple of KEYFRAME_EVERY decoded so far */
  private readonly keyframes = new Map<number, State>();
  /** the last state decoded (moving forward from it costs one delta per step) */
  private cursor: State | null = null;
  private readonly cache = new Map<number, World>();
  /** a storage listed at some step, as drawn at later steps where it did not change */
  private readonly quiet = new WeakMap<Storage, Storage>();

  constructor(private readonly wire: WireStep[]) {
    this.steps = wire.map((w, i) => this.lazyStep(w, i));
  }

  /** Every storage's known cell values at step `index` (for the storages that step shows). */
  valuesAt(index: number): Map<Id, CellValue[]> {
    return this.world(index).values;
  }

  /** How many wire steps were replayed so far (tests check random access stays bounded). */
  replayed = 0;

  private lazyStep(w: WireStep, i: number): Step {
    const step = {
      index: w.index, line: w.line, end_line: w.end_line, stdout: w.stdout, stderr: w.stderr, error: w.error,
      backward: w.backward,
    } as Step;
    for (const key of WORLD_KEYS) {
      Object.defineProperty(step, key, { get: () => this.world(i)[key], enumerable: true, configurable: true });
    }
    return step;
  }

  private world(i: number): World {
    const hit = this.cache.get(i);
    if (hit) {
      this.cache.delete(i);
      this.cache.set(i, hit); // most recently used last
      return hit;
    }
    const state = this.stateAt(i);
    const storages: Storage[] = [];
    const values = new Map<Id, CellValue[]>();
    for (const s of byId(state.storages)) {
      storages.push(state.listed.has(s.id) ? s : this.quietly(s));
      const v = state.values.get(s.id);
      if (v) values.set(s.id, v);
    }
    const world: World = {
      variables: state.variables, frames: state.frames, objects: byId(state.objects), tensors: byId(state.tensors),
      storages, nodes: byId(state.nodes), values,
    };
    if (this.cache.size >= CACHED_STEPS) this.cache.delete(this.cache.keys().next().value as number);
    this.cache.set(i, world);
    return world;
  }

  private quietly(s: Storage): Storage {
    let q = this.quiet.get(s);
    if (!q) {
      q = { ...s, new: false, written: [], values: null };
      this.quiet.set(s, q);
    }
    return q;
  }

  /** The state after wire step i: from the cursor if it is at or before i and no farther than a
   * saved keyframe, else from the nearest saved keyframe at or before i. */
  private stateAt(i: number): State {
    let start: State | null = null;
    for (let k = i - (i % KEYFRAME_EVERY); k >= 0; k -= KEYFRAME_EVERY) {
      const saved = this.keyframes.get(k);
      if (saved) {
        start = saved;
        break;
      }
    }
    const c = this.cursor;
    let state: State;
    if (c && c.index <= i && (!start || c.index >= start.index)) state = c;
    else state = start ? cloneState(start) : emptyState();
    for (let k = state.index + 1; k <= i; k++) {
      applyDelta(state, this.wire[k], k);
      this.replayed++;
      if (k % KEYFRAME_EVERY === 0 && !this.keyframes.has(k)) this.keyframes.set(k, cloneState(state));
    }
    this.cursor = state;
    return state;
  }
}
