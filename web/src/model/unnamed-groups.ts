// Which storage groups the memory panel draws when many unnamed tensors are alive. Pure.
import type { Id } from '../engine/trace';
import type { StorageGroup, World } from './world';

/** Unnamed storages drawn at most (the newest): enough to see a loop's saved tensors pile up. */
export const UNNAMED_SHOWN = 12;

/**
 * A long autograd chain or a training loop keeps hundreds of unnamed tensors alive (saved for
 * backward): drawn all, they bury the picture and make every step slow. Groups a name reaches,
 * groups this step changed and the `shown` newest others are drawn; the rest are counted.
 */
export function withoutOldUnnamed(w: World, sorted: StorageGroup[], shown = UNNAMED_SHOWN): { groups: StorageGroup[]; hidden: number } {
  const gradsOfNamed = new Set<Id>();
  for (const tt of w.tensors.values()) if (tt.grad !== null && w.tensorNames(tt).length) gradsOfNamed.add(tt.grad);
  const named = (g: StorageGroup) => g.tensors.some((tt) => w.tensorNames(tt).length || gradsOfNamed.has(tt.id)) ||
    g.tensors.length === 0 || w.changes.written.has(g.storage.id) || g.tensors.some((tt) => w.changes.created.has(tt.id));
  const unnamed = sorted.filter((g) => !named(g));
  if (unnamed.length <= shown) return { groups: sorted, hidden: 0 };
  const dropped = new Set(unnamed.slice(0, unnamed.length - shown));
  return { groups: sorted.filter((g) => !dropped.has(g)), hidden: dropped.size };
}
