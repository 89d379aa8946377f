// A lesson question's answer, computed from the run's trace at the question's step (never written
// in the lesson): storage ids for "does b share storage with a", element values before and after
// for "which elements change", reprs for "what is a.grad". Pure: works on TraceModel/World.
import type { Id, Tensor } from '../engine/trace';
import { cellNumber } from '../engine/trace';
import { parseIndexChoice, YES_NO, type LessonQuestion } from './lesson';
import { numel, storageIndex, unravel } from './strides';
import type { TraceModel, World } from './world';

/** The step that shows the state right after the statement on `line` first ran, or null. A
 * compound statement's header (`try:`, `with ...:`) has no step of its own: its first inner one. */
export function stepOfLine(model: TraceModel, line: number): number | null {
  let i = model.trace.steps.findIndex((s) => s.line === line);
  if (i < 0 && /:\s*(#.*)?$/.test(model.trace.source.split('\n')[line - 1] ?? '')) i = model.trace.steps.findIndex((s) => s.line > line);
  return i < 0 ? null : i;
}

/** A learner-visible name (`a`, `pair[0]`, `lin.weight`) → the object it names at this step. */
function objectAt(w: World, path: string): Id | null {
  for (const [obj, names] of w.names) if (names.includes(path)) return obj;
  return null;
}

function tensorOf(w: World, obj: Id | null): Tensor | null {
  if (obj === null) return null;
  const o = w.objects.get(obj);
  const id = o?.tensor;
  return id === undefined ? null : w.tensors.get(id) ?? null;
}

type Resolved = { tensor: Tensor } | { text: string } | null;

const py = (b: boolean) => (b ? 'True' : 'False');
const tuple = (xs: number[]) => (xs.length === 1 ? `(${xs[0]},)` : `(${xs.join(', ')})`);

/** Resolves `name`, `name[0]`, `mod.weight`, and a tensor attribute after them (`.grad`, `._version`...). */
export function resolve(w: World, expr: string): Resolved {
  const direct = objectAt(w, expr);
  if (direct !== null) {
    const t = tensorOf(w, direct);
    if (t) return { tensor: t };
    const o = w.objects.get(direct);
    return o?.repr !== undefined ? { text: o.repr } : null;
  }
  const m = /^(.*)\.(\w+)(\(\))?$/.exec(expr);
  if (!m) return null;
  const base = resolve(w, m[1]);
  if (!base || !('tensor' in base)) return null;
  const t = base.tensor;
  switch (m[2]) {
    case 'grad': {
      const g = t.grad === null ? null : w.tensors.get(t.grad) ?? null;
      return g ? { tensor: g } : { text: 'None' };
    }
    case '_version': return { text: String(t._version) };
    case 'is_leaf': return { text: py(t.is_leaf) };
    case 'requires_grad': return { text: py(t.requires_grad) };
    case 'is_contiguous': return { text: py(t.is_contiguous) };
    case 'stride': return { text: tuple(t.strides) };
    case 'storage_offset': return { text: String(t.storage_offset) };
    case 'shape': return { text: `torch.Size([${t.sizes.join(', ')}])` };
    default: return null;
  }
}

/** Element values of a tensor at a step, in row-major order (NaN where the page has no value). */
function elementValues(w: World, t: Tensor): number[] {
  const g = w.groups.find((x) => x.storage.id === t.storage);
  const byCell = new Map<number, number>();
  if (g) g.values.forEach((v, i) => byCell.set(g.cellIndex(i), cellNumber(v)));
  const n = numel(t.sizes);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(byCell.get(storageIndex(unravel(i, t.sizes), t)) ?? NaN);
  return out;
}

/** Elements of `target` (as indices) whose value differs before and after step `i`. */
export function changedElements(model: TraceModel, i: number, target: string): number[][] | null {
  const after = model.world(i);
  const r = resolve(after, target);
  if (!r || !('tensor' in r)) return null;
  const t = r.tensor;
  const now = elementValues(after, t);
  // before: the same cells (same storage, same geometry) one step earlier
  const before = i > 0 ? elementValues(model.world(i - 1), t) : now.map(() => NaN);
  const out: number[][] = [];
  now.forEach((v, k) => {
    const b = before[k];
    if (!(v === b || (Number.isNaN(v) && Number.isNaN(b)))) out.push(unravel(k, t.sizes));
  });
  return out;
}

const sameSet = (a: number[][], b: number[][]) => {
  const key = (xs: number[][]) => xs.map((x) => x.join(',')).sort().join(';');
  return key(a) === key(b);
};

export interface Answer {
  /** the step the question is about (the state right after its statement ran) */
  step: number;
  /** index into question.choices of the right answer */
  choice: number;
  /** what the trace says, for the page to show after the learner answers (`tensor([2., 4.])`) */
  computed: string;
}

/** Computes the answer from the trace; null when the trace cannot answer it (a lesson bug the tests catch). */
export function answer(model: TraceModel, q: LessonQuestion): Answer | null {
  const step = stepOfLine(model, q.line);
  if (step === null) return null;
  const w = model.world(step);
  const yesNo = (b: boolean): Answer => ({ step, choice: YES_NO.indexOf(b ? 'yes' : 'no'), computed: b ? 'yes' : 'no' });
  switch (q.rule.kind) {
    case 'raises': return yesNo(w.step.error !== null);
    case 'shares': {
      const a = resolve(w, q.rule.a), b = resolve(w, q.rule.b);
      if (!a || !b || !('tensor' in a) || !('tensor' in b)) return null;
      return yesNo(a.tensor.storage === b.tensor.storage);
    }
    case 'changed': {
      const got = changedElements(model, step, q.rule.target);
      if (!got) return null;
      const choice = q.choices.findIndex((c) => sameSet(parseIndexChoice(c), got));
      const computed = got.length ? got.map((ix) => `${q.rule.kind === 'changed' ? q.rule.target : ''}[${ix.join(', ')}]`).join(', ') : 'none';
      return choice < 0 ? null : { step, choice, computed };
    }
    case 'value': {
      const r = resolve(w, q.rule.expr);
      if (!r) return null;
      const text = 'tensor' in r ? model.reprOf(r.tensor) : r.text;
      if (text === undefined) return null;  // not fetched yet: reprsToLoad names it
      const choice = q.choices.findIndex((c) => c.trim() === text.trim());
      return choice < 0 ? null : { step, choice, computed: text };
    }
  }
}

/** The tensors whose reprs a "value" question needs and the page does not have yet (they are
 * fetched from the engine: SCHEMA.md Note [Reprs on demand]). */
export function reprsToLoad(model: TraceModel, q: LessonQuestion): Tensor[] {
  if (q.rule.kind !== 'value') return [];
  const step = stepOfLine(model, q.line);
  if (step === null) return [];
  const r = resolve(model.world(step), q.rule.expr);
  return r && 'tensor' in r && model.reprOf(r.tensor) === undefined ? [r.tensor] : [];
}

/** The tensor ids a note's highlight names resolve to at a step (for the memory view). */
export function highlightedTensors(w: World, names: string[]): Id[] {
  const out: Id[] = [];
  for (const n of names) {
    const r = resolve(w, n);
    if (r && 'tensor' in r) out.push(r.tensor.id);
    else {
      // a module or list: every tensor reachable under that name (`lin` → lin.weight, lin.bias)
      for (const [obj, paths] of w.names) {
        if (paths.some((p) => p.startsWith(`${n}.`) || p.startsWith(`${n}[`))) {
          const t = tensorOf(w, obj);
          if (t) out.push(t.id);
        }
      }
    }
  }
  return out;
}
