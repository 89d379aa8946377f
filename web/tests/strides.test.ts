import { describe, expect, it } from 'vitest';
import {
  coverage, elementCells, extent, formulaSymbolic, formulaText, hasBroadcastDim, isContiguous, isOverlapping,
  numel, storageIndex, unravel, viewKind,
} from '../src/model/strides';

const g = (sizes: number[], strides: number[], storage_offset = 0) => ({ sizes, strides, storage_offset });

describe('stride maths', () => {
  it('finds the storage cell of a logical element: offset + Σ i_k·stride_k', () => {
    expect(storageIndex([1, 2], g([2, 3], [3, 1]))).toBe(5);
    expect(storageIndex([2, 1], g([3, 2], [1, 3]))).toBe(5); // transpose
    expect(storageIndex([1], g([2], [3], 1))).toBe(4); // y[:, 1]
    expect(storageIndex([], g([], [], 7))).toBe(7); // 0-d
    expect(() => storageIndex([0], g([2, 2], [2, 1]))).toThrow(/2 dimensions/);
  });

  it('enumerates cells in row-major order for any strides', () => {
    expect(elementCells(g([2, 3], [3, 1]))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(elementCells(g([3, 2], [1, 3]))).toEqual([0, 3, 1, 4, 2, 5]);
    expect(elementCells(g([2, 3], [0, 1]))).toEqual([0, 1, 2, 0, 1, 2]); // expand
    expect(elementCells(g([3, 3], [1, 1]))).toEqual([0, 1, 2, 1, 2, 3, 2, 3, 4]); // sliding window
    expect(elementCells(g([2, 2, 2], [4, 2, 1], 1))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(elementCells(g([3], [-1], 2))).toEqual([2, 1, 0]);
    expect(elementCells(g([2, 0], [1, 1]))).toEqual([]);
    expect(elementCells(g([4], [1]), 2)).toEqual([0, 1]);
  });

  it('agrees with storageIndex(unravel(i)) for every element', () => {
    const geo = g([2, 3, 4], [1, 8, 2], 3);
    const cells = elementCells(geo);
    cells.forEach((k, i) => expect(storageIndex(unravel(i, geo.sizes), geo)).toBe(k));
    expect(numel(geo.sizes)).toBe(24);
  });

  it('counts how often each cell is read', () => {
    expect([...coverage(g([2, 3], [0, 1])).entries()]).toEqual([[0, 2], [1, 2], [2, 2]]);
    expect(coverage(g([3, 3], [1, 1])).get(2)).toBe(3);
    expect(coverage(g([2], [3], 1))).toEqual(new Map([[1, 1], [4, 1]]));
  });

  it('classifies views', () => {
    expect(viewKind(g([2, 3], [3, 1]))).toBe('contiguous');
    expect(viewKind(g([3, 2], [1, 3]))).toBe('strided');
    expect(viewKind(g([2, 3], [0, 1]))).toBe('broadcast');
    expect(viewKind(g([3, 3], [1, 1]))).toBe('overlapping');
    expect(hasBroadcastDim(g([1, 3], [0, 1]))).toBe(false); // size-1 stride-0 repeats nothing
    expect(isOverlapping(g([2], [3], 1))).toBe(false);
    expect(isContiguous(g([1, 3], [99, 1]))).toBe(true);
    expect(extent(g([3], [-2], 6))).toEqual({ min: 2, max: 6 });
    expect(extent(g([0], [1]))).toBeNull();
  });

  it('writes the formula with numbers and symbols', () => {
    expect(formulaText([1, 2], g([2, 3], [3, 1], 2))).toBe('2 + 1·3 + 2·1 = 7');
    expect(formulaText([], g([], [], 4))).toBe('4 = 4');
    expect(formulaSymbolic(2)).toBe('storage_offset + i·stride₀ + j·stride₁');
    expect(formulaSymbolic(4)).toBe('storage_offset + i₀·stride₀ + i₁·stride₁ + i₂·stride₂ + i₃·stride₃');
  });
});

describe('readersOf', () => {
  it('lists every element reading a cell, also through stride 0, and gives up on huge tensors', async () => {
    const { readersOf } = await import('../src/model/strides');
    const t = { sizes: [2, 3], strides: [1, 2], storage_offset: 0 }; // a transposed 3×2
    expect(readersOf(t, 3)).toEqual([[1, 1]]);
    expect(readersOf(t, 9)).toEqual([]);
    const e = { sizes: [2, 3], strides: [0, 1], storage_offset: 0 }; // expand(2, 3)
    expect(readersOf(e, 1)).toEqual([[0, 1], [1, 1]]);
    expect(readersOf({ sizes: [1000, 1000], strides: [1000, 1], storage_offset: 0 }, 5)).toBeNull();
  });
});
