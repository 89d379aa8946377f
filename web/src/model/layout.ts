// Layout decisions that do not need the DOM: how a tensor's logical elements are arranged as a
// grid (n-d → labelled 2-D blocks), which storage cells a strip shows when it is large
// (summarised like PyTorch's repr, with the rest on demand), and row wrapping of strips.
import { type ViewGeometry, storageIndex } from './strides';

/** Above this many elements a storage strip or tensor grid is drawn summarised. */
export const SUMMARY_THRESHOLD = 256;
/** Elements shown at each end of a summarised dimension (PyTorch shows 3). */
export const EDGE_ITEMS = 3;

export type Slot = { kind: 'cell'; index: number } | { kind: 'gap'; hidden: number };

/**
 * Storage cells a strip shows: all of them up to `threshold`; beyond it the first `head` and the
 * last `tail`, with a gap counting the hidden ones. `available` limits the cells we have values for.
 */
export function stripSlots(numel: number, expanded: boolean, threshold = SUMMARY_THRESHOLD, head = 48, tail = 16): Slot[] {
  if (expanded || numel <= threshold) return Array.from({ length: numel }, (_, i) => ({ kind: 'cell', index: i }));
  const slots: Slot[] = [];
  for (let i = 0; i < head; i++) slots.push({ kind: 'cell', index: i });
  slots.push({ kind: 'gap', hidden: numel - head - tail });
  for (let i = numel - tail; i < numel; i++) slots.push({ kind: 'cell', index: i });
  return slots;
}

/** Indices along one dimension: all, or the first/last `edge` with a gap (-1) between. */
export function dimIndices(size: number, summarise: boolean, edge = EDGE_ITEMS): number[] {
  if (!summarise || size <= 2 * edge) return Array.from({ length: size }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < edge; i++) out.push(i);
  out.push(-1);
  for (let i = size - edge; i < size; i++) out.push(i);
  return out;
}

export type GridCell = { kind: 'element'; index: number[]; cell: number } | { kind: 'ellipsis' };

export interface GridBlock {
  /** "[0, :, :]" for the leading coordinates of an n-d tensor; "" for ≤ 2-D */
  label: string;
  rows: GridCell[][];
}

/**
 * Arranges a tensor's logical elements for drawing: a 0-d tensor is one cell, 1-D one row, 2-D
 * rows × columns, and n-D a list of 2-D blocks labelled with the leading coordinates. Each
 * element carries its storage cell. Large tensors are summarised unless `expanded`.
 */
export function tensorGrid(g: ViewGeometry, numel: number, expanded = false, threshold = SUMMARY_THRESHOLD): GridBlock[] {
  const summarise = !expanded && numel > threshold;
  const nd = g.sizes.length;
  const el = (index: number[]): GridCell => ({ kind: 'element', index, cell: storageIndex(index, g) });
  if (nd === 0) return [{ label: '', rows: [[el([])]] }];
  if (numel === 0) return [{ label: '', rows: [] }];
  const rowsOf = (lead: number[]): GridCell[][] => {
    if (nd === 1) return [dimIndices(g.sizes[0], summarise).map((j) => (j < 0 ? { kind: 'ellipsis' } : el([j])))];
    const rows: GridCell[][] = [];
    for (const i of dimIndices(g.sizes[nd - 2], summarise)) {
      const cols = dimIndices(g.sizes[nd - 1], summarise);
      if (i < 0) rows.push(cols.map(() => ({ kind: 'ellipsis' })));
      else rows.push(cols.map((j) => (j < 0 ? { kind: 'ellipsis' } : el([...lead, i, j]))));
    }
    return rows;
  };
  if (nd <= 2) return [{ label: '', rows: rowsOf([]) }];
  // leading coordinates, odometer over dims 0..nd-3 (summarised per dimension)
  const leadDims = g.sizes.slice(0, nd - 2).map((s) => dimIndices(s, summarise, 1));
  const blocks: GridBlock[] = [];
  const pos = new Array<number>(leadDims.length).fill(0);
  const maxBlocks = expanded ? 4096 : 24;
  for (;;) {
    const lead = pos.map((p, d) => leadDims[d][p]);
    if (lead.includes(-1)) {
      if (blocks.length === 0 || blocks[blocks.length - 1].label !== '…') blocks.push({ label: '…', rows: [] });
    } else {
      blocks.push({ label: `[${lead.join(', ')}, :, :]`, rows: rowsOf(lead) });
    }
    if (blocks.length >= maxBlocks) {
      blocks.push({ label: '…', rows: [] });
      break;
    }
    let d = pos.length - 1;
    while (d >= 0 && ++pos[d] >= leadDims[d].length) pos[d--] = 0;
    if (d < 0) break;
  }
  return blocks;
}

/** A colour for a tensor, stable across steps (derived from its id), distinct for neighbours. */
export function tensorHue(id: number): number {
  return Math.round((id * 137.508) % 360); // golden angle
}

export function tensorColor(id: number, lightness = 45): string {
  return `hsl(${tensorHue(id)} 70% ${lightness}%)`;
}

/** Formats one cell value compactly: integers as is, floats with up to 4 significant decimals. */
export function formatCell(v: number | string, dtype: string): string {
  if (typeof v === 'string') return v;
  if (dtype === 'bool') return v ? 'True' : 'False';
  if (Number.isInteger(v)) return dtype.includes('float') || dtype.startsWith('complex') ? `${v}.` : String(v);
  const a = Math.abs(v);
  if (a !== 0 && (a < 1e-3 || a >= 1e5)) return v.toExponential(2);
  return String(Number(v.toFixed(4)));
}
