import { describe, expect, it } from 'vitest';
import { dimIndices, formatCell, stripSlots, tensorColor, tensorGrid } from '../src/model/layout';

const g = (sizes: number[], strides: number[], storage_offset = 0) => ({ sizes, strides, storage_offset });

describe('layout', () => {
  it('summarises long strips with a counted gap', () => {
    expect(stripSlots(5, false)).toHaveLength(5);
    const s = stripSlots(1000, false, 256, 4, 2);
    expect(s).toEqual([
      { kind: 'cell', index: 0 }, { kind: 'cell', index: 1 }, { kind: 'cell', index: 2 }, { kind: 'cell', index: 3 },
      { kind: 'gap', hidden: 994 }, { kind: 'cell', index: 998 }, { kind: 'cell', index: 999 },
    ]);
    expect(stripSlots(1000, true)).toHaveLength(1000);
  });

  it('picks PyTorch-style edge items', () => {
    expect(dimIndices(4, true)).toEqual([0, 1, 2, 3]);
    expect(dimIndices(10, true)).toEqual([0, 1, 2, -1, 7, 8, 9]);
    expect(dimIndices(10, false)).toHaveLength(10);
  });

  it('lays out 0-d, 1-d and 2-d tensors with their storage cells', () => {
    expect(tensorGrid(g([], [], 3), 1)).toEqual([{ label: '', rows: [[{ kind: 'element', index: [], cell: 3 }]] }]);
    const t = tensorGrid(g([3, 2], [1, 3]), 6);
    expect(t).toHaveLength(1);
    expect(t[0].rows.map((r) => r.map((c) => (c.kind === 'element' ? c.cell : -1)))).toEqual([[0, 3], [1, 4], [2, 5]]);
    const one = tensorGrid(g([2], [3], 1), 2);
    expect(one[0].rows[0].map((c) => (c.kind === 'element' ? c.index : null))).toEqual([[0], [1]]);
  });

  it('splits n-d tensors into labelled 2-d blocks', () => {
    const b = tensorGrid(g([2, 2, 3], [6, 3, 1]), 12);
    expect(b.map((x) => x.label)).toEqual(['[0, :, :]', '[1, :, :]']);
    const last = b[1].rows[1][2];
    expect(last.kind === 'element' && last.cell).toBe(11);
  });

  it('summarises big tensors and never lays out millions of cells', () => {
    const big = tensorGrid(g([1000, 1000], [1000, 1]), 1e6);
    expect(big[0].rows).toHaveLength(7);
    expect(big[0].rows[3].every((c) => c.kind === 'ellipsis')).toBe(true);
    const nd = tensorGrid(g([50, 50, 4, 4], [800, 16, 4, 1]), 40000);
    expect(nd.length).toBeLessThan(30);
    expect(nd.some((x) => x.label === '…')).toBe(true);
  });

  it('formats cells compactly and colours tensors stably', () => {
    expect(formatCell(1, 'float32')).toBe('1.');
    expect(formatCell(3, 'int64')).toBe('3');
    expect(formatCell(0.7310585975646973, 'float32')).toBe('0.7311');
    expect(formatCell(1, 'bool')).toBe('True');
    expect(formatCell('nan', 'float32')).toBe('nan');
    expect(formatCell(1e-7, 'float32')).toBe('1.00e-7');
    expect(tensorColor(3)).toBe(tensorColor(3));
    expect(tensorColor(3)).not.toBe(tensorColor(4));
  });
});
