// Lanes in the storage strip: which cells a tensor reads, in the storage's cells even when the
// tensor reads the bytes as another dtype (view(dtype)). Hand-built tensor metadata.
import { describe, expect, it } from 'vitest';
import type { Tensor } from '../src/engine/trace';
import { cellCoverage } from '../src/model/lane-coverage';

const tensor = (sizes: number[], strides: number[], storage_offset: number, element_size: number): Tensor =>
  ({ sizes, strides, storage_offset, element_size } as Tensor);
const lane = (t: Tensor, cellBytes: number, cells: number) => {
  const c = cellCoverage(t, cellBytes);
  return { ratio: c.ratio, cells: [...Array(cells).keys()].map((i) => c.cov(i)) };
};

describe('cellCoverage', () => {
  it('counts reads per cell for the storage\'s own dtype (expand reads a cell three times)', () => {
    expect(lane(tensor([3], [1], 1, 4), 4, 5)).toEqual({ ratio: 1, cells: [0, 1, 1, 1, 0] });
    expect(lane(tensor([3, 2], [0, 1], 0, 4), 4, 3)).toEqual({ ratio: 1, cells: [3, 3, 0] });
  });

  it('maps a narrower dtype through bytes: int16 elements 2..5 of a float32 storage are cells 1 and 2', () => {
    // x = torch.zeros(4); y = x.view(torch.int16)[2:6]
    expect(lane(tensor([4], [1], 2, 2), 4, 4)).toEqual({ ratio: 0.5, cells: [0, 2, 2, 0] });
  });

  it('maps a wider dtype through bytes: one float64 element spans two float32 cells', () => {
    // x = torch.zeros(6); y = x.view(torch.float64)[1:]
    expect(lane(tensor([2], [1], 1, 8), 4, 6)).toEqual({ ratio: 2, cells: [0, 0, 1, 1, 1, 1] });
  });
});
