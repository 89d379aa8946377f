// Which cells of a storage each tensor reads, for its lane in the storage strip: exact counts up to
// EXACT_COVERAGE elements (overlapping views read a cell several times), a span beyond. Pure.
import type { Tensor } from '../engine/trace';
import { coverage, isContiguous, numel } from './strides';

/** Exact per-cell counts up to this many elements; bigger tensors use their extent. */
const EXACT_COVERAGE = 65536;

/**
 * How many of the tensor's elements read each cell of a storage whose elements are
 * `cellBytes` wide. A tensor reinterpreting the bytes with another dtype (`view(torch.int16)` on a
 * float32 storage) counts in its own elements: its offset and strides are in those, so they are
 * mapped through bytes. `ratio` > 1: one element of it spans that many cells; < 1: a cell holds
 * 1/ratio of its elements.
 */
export function cellCoverage(tensor: Tensor, cellBytes: number): { cov: (cell: number) => number | null; ratio: number } {
  const own = laneCoverage(tensor);
  const ratio = cellBytes > 0 ? tensor.element_size / cellBytes : 1;
  if (ratio === 1 || !Number.isFinite(ratio)) return { cov: own, ratio: 1 };
  if (ratio > 1) return { cov: (cell) => own(Math.floor(cell / ratio)), ratio };
  const per = Math.round(1 / ratio);
  return {
    cov: (cell) => {
      let n = 0;
      for (let k = 0; k < per; k++) {
        const c = own(cell * per + k);
        if (c === null) return null;
        n += c;
      }
      return n;
    },
    ratio,
  };
}

/** Per cell, in the tensor's own elements: how many of them read it (null: somewhere in its extent). */
export function laneCoverage(tensor: Tensor): (cell: number) => number | null {
  const n = numel(tensor.sizes);
  if (n <= EXACT_COVERAGE) {
    const m = coverage(tensor, EXACT_COVERAGE);
    return (cell) => m.get(cell) ?? 0;
  }
  const lo = tensor.storage_offset;
  if (isContiguous(tensor)) return (cell) => (cell >= lo && cell < lo + n ? 1 : 0);
  let min = lo, max = lo;
  tensor.sizes.forEach((sz, d) => {
    const r = (sz - 1) * tensor.strides[d];
    if (r < 0) min += r;
    else max += r;
  });
  return (cell) => (cell >= min && cell <= max ? null : 0);
}
