// The property lists on a card: `.shape (2, 3)`, `.stride() (3, 1)`…, and numpy's view of an array.
import type { Tensor } from '../engine/trace';
import { h } from './dom';

export function tuple(xs: number[]): string {
  return xs.length === 1 ? `(${xs[0]},)` : `(${xs.join(', ')})`;
}

const ITEMSIZE: Record<string, number> = {
  float16: 2, float32: 4, float64: 8, uint8: 1, int8: 1, int16: 2, int32: 4, int64: 8, bool: 1,
};

/** Property rows `key value` (a third entry is a class: `bumped` rows get the bumped tooltip). */
export function propList(rows: [string, string, string?][], bumpedTitle: string): HTMLElement {
  const props = h('div', { class: 'props' });
  for (const [k, v, cls] of rows) {
    props.append(h('div', { class: `prop${cls ? ` ${cls}` : ''}`, 'data-prop': k, title: cls === 'bumped' ? bumpedTitle : `${k} = ${v}` },
      h('span', { class: 'k' }, k), h('span', { class: 'v' }, v)));
  }
  return props;
}

/** What numpy shows for an array: byte strides, numpy dtype names, the offset into the buffer. */
export function arrayProps(tensor: Tensor): HTMLElement {
  const size = ITEMSIZE[tensor.dtype] ?? 1;
  return propList([
    ['.shape', tuple(tensor.sizes)],
    ['.strides', tuple(tensor.strides.map((st) => st * size))],
    ['.dtype', tensor.dtype],
    ['.itemsize', String(size)],
    ['byte offset', String(tensor.storage_offset * size)],
  ], '');
}
