// What a step changed, as the keys of the things drawn for it, most important first, so the
// panels can scroll them into view: a tensor flagged by the error, tensors this step created,
// tensors whose version went up, storages whose cells were written, and names (re)bound.
import type { Id } from '../engine/trace';
import type { World } from './world';

/** Memory-panel keys: `t<id>` for a tensor's card, `s<id>` for a storage's strip of cells. */
export function changedMemoryKeys(w: World, flagged: ReadonlySet<Id> = new Set()): string[] {
  const keys: string[] = [];
  const add = (k: string) => {
    if (!keys.includes(k)) keys.push(k);
  };
  for (const id of flagged) if (w.tensors.has(id)) add(`t${id}`);
  const named = (id: Id) => {
    const t = w.tensors.get(id);
    return t !== undefined && w.tensorNames(t).length > 0;
  };
  // named tensors before the unnamed ones they bring along (a view's _base, a grad)
  const created = [...w.changes.created].sort((a, b) => Number(named(b)) - Number(named(a)));
  for (const id of created) add(`t${id}`);
  for (const id of w.changes.bumped) add(`t${id}`);
  for (const id of w.changes.written.keys()) add(`s${id}`);
  for (const v of w.step.variables) {
    if (!w.changes.rebound.has(v.name)) continue;
    const tensor = w.objects.get(v.object)?.tensor;
    if (tensor !== undefined) add(`t${tensor}`);
  }
  return keys;
}

/** Graph keys (`t<id>` tensor boxes, `n<id>` nodes): flagged nodes, then new tensors and their grad_fn. */
export function changedGraphKeys(w: World, flaggedNodes: ReadonlySet<Id> = new Set()): string[] {
  const keys = [...flaggedNodes].map((id) => `n${id}`);
  for (const id of w.changes.created) {
    const t = w.tensors.get(id);
    if (t?.grad_fn != null) keys.push(`n${t.grad_fn}`);
    keys.push(`t${id}`);
  }
  for (const id of w.changes.bumped) keys.push(`t${id}`);
  return keys;
}
