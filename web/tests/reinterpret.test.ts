// view(dtype) on the page: a storage's cells read back as another dtype, as PyTorch prints them.
import { describe, expect, it } from 'vitest';
import { reinterpret } from '../src/model/reinterpret';

describe('reinterpret', () => {
  it('reads float32 cells as int32 bits and as int16 halves (little-endian)', () => {
    // torch.tensor([1.0, -2.0, 0.5]).view(torch.int32) → [1065353216, -1073741824, 1056964608]
    expect(reinterpret([1, -2, 0.5], 'float32', 'int32')).toEqual([1065353216, -1073741824, 1056964608]);
    // .view(torch.int16): each float split in (low, high) halves
    expect(reinterpret([1, -2], 'float32', 'int16')).toEqual([0, 16256, 0, -16384]);
  });

  it('reads wider elements across cells, and int64 as exact integers', () => {
    expect(reinterpret([0, 1072693248], 'int32', 'float64')).toEqual([1]);
    expect(reinterpret([1, 0], 'float64', 'int64')).toEqual([4607182418800017408n, 0n]);
    expect(reinterpret(['inf', 'nan'], 'float32', 'int32')).toEqual([2139095040, 2143289344]);
    // bytes of float32 [1, 2] as one float64 (Python: struct.unpack('<d', struct.pack('<ff', 1, 2))); 3 is a partial element
    expect(reinterpret([1, 2, 3], 'float32', 'float64')).toEqual([2.000000473111868]);
  });

  it('gives up on dtypes it cannot lay out', () => {
    expect(reinterpret([1], 'float16', 'int16')).toBeNull();
  });
});
