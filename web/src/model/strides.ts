// Stride arithmetic: which storage cell holds a tensor's logical element, exactly PyTorch's
// (sizes, strides, storage_offset) rule: cell = offset + Σ i_k · stride_k. Pure functions, no DOM.

export interface ViewGeometry {
  sizes: readonly number[];
  strides: readonly number[];
  storage_offset: number;
}

export function numel(sizes: readonly number[]): number {
  let n = 1;
  for (const s of sizes) n *= s;
  return n;
}

/** Storage cell of the logical element at `index` (one coordinate per dimension). */
export function storageIndex(index: readonly number[], g: ViewGeometry): number {
  if (index.length !== g.sizes.length) {
    throw new Error(`index has ${index.length} coordinates, tensor has ${g.sizes.length} dimensions`);
  }
  let k = g.storage_offset;
  for (let d = 0; d < index.length; d++) k += index[d] * g.strides[d];
  return k;
}

/** Row-major coordinates of the flat logical position `flat`. */
export function unravel(flat: number, sizes: readonly number[]): number[] {
  const idx = new Array<number>(sizes.length).fill(0);
  for (let d = sizes.length - 1; d >= 0; d--) {
    const s = sizes[d];
    idx[d] = s === 0 ? 0 : flat % s;
    flat = s === 0 ? 0 : Math.floor(flat / s);
  }
  return idx;
}

/** Storage cells of every logical element in row-major order (capped at `limit` elements). */
export function elementCells(g: ViewGeometry, limit = Infinity): number[] {
  const n = Math.min(numel(g.sizes), limit);
  const out = new Array<number>(n);
  const idx = new Array<number>(g.sizes.length).fill(0);
  let k = g.storage_offset;
  for (let e = 0; e < n; e++) {
    out[e] = k;
    // odometer increment, keeping k in step
    for (let d = g.sizes.length - 1; d >= 0; d--) {
      idx[d]++;
      k += g.strides[d];
      if (idx[d] < g.sizes[d]) break;
      k -= g.strides[d] * idx[d];
      idx[d] = 0;
    }
  }
  return out;
}

/** How many logical elements read each storage cell (cells not read are absent). */
export function coverage(g: ViewGeometry, limit = 1 << 20): Map<number, number> {
  const m = new Map<number, number>();
  for (const k of elementCells(g, limit)) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

/** Smallest and largest cell the view can touch (null for an empty tensor). */
export function extent(g: ViewGeometry): { min: number; max: number } | null {
  if (numel(g.sizes) === 0) return null;
  let min = g.storage_offset, max = g.storage_offset;
  g.sizes.forEach((s, d) => {
    const reach = (s - 1) * g.strides[d];
    if (reach < 0) min += reach;
    else max += reach;
  });
  return { min, max };
}

/** A dimension of size > 1 with stride 0: one cell repeated (what expand() makes). */
export function hasBroadcastDim(g: ViewGeometry): boolean {
  return g.sizes.some((s, d) => s > 1 && g.strides[d] === 0);
}

/** Some cell is read by more than one logical element (stride 0 or overlapping as_strided). */
export function isOverlapping(g: ViewGeometry): boolean {
  const n = numel(g.sizes);
  if (n <= 1) return false;
  const e = extent(g);
  if (e && e.max - e.min + 1 < n) return true; // pigeonhole
  const seen = new Set<number>();
  for (const k of elementCells(g, 1 << 20)) {
    if (seen.has(k)) return true;
    seen.add(k);
  }
  return false;
}

/** Row-major contiguity as PyTorch defines it (size-1 dims ignore their stride). */
export function isContiguous(g: ViewGeometry): boolean {
  let expected = 1;
  for (let d = g.sizes.length - 1; d >= 0; d--) {
    if (g.sizes[d] === 1) continue;
    if (g.strides[d] !== expected) return false;
    expected *= g.sizes[d];
  }
  return true;
}

export type ViewKind = 'contiguous' | 'strided' | 'broadcast' | 'overlapping';

/** One word for how a view reads its storage (the page badges tensors with it). */
export function viewKind(g: ViewGeometry): ViewKind {
  if (hasBroadcastDim(g)) return 'broadcast';
  if (isOverlapping(g)) return 'overlapping';
  return isContiguous(g) ? 'contiguous' : 'strided';
}

const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
export function subscript(n: number): string {
  return String(n).split('').map((c) => SUBSCRIPT[Number(c)]).join('');
}

export interface FormulaTerm {
  /** coordinate along this dimension */
  i: number;
  stride: number;
  dim: number;
}

/** The parts of `offset + i·stride₀ + j·stride₁ = k` for the element at `index`. */
export function formulaTerms(index: readonly number[], g: ViewGeometry): { offset: number; terms: FormulaTerm[]; cell: number } {
  const terms = index.map((i, dim) => ({ i, stride: g.strides[dim], dim }));
  return { offset: g.storage_offset, terms, cell: storageIndex(index, g) };
}

/** "2 + 1·3 + 0·1 = 5" for the element at `index` (the page shows it next to the symbolic form). */
export function formulaText(index: readonly number[], g: ViewGeometry): string {
  const { offset, terms, cell } = formulaTerms(index, g);
  const parts = [String(offset), ...terms.map((t) => `${t.i}·${t.stride}`)];
  return `${parts.join(' + ')} = ${cell}`;
}

/** "offset + i₀·stride₀ + i₁·stride₁" for a tensor of `ndim` dimensions. */
export function formulaSymbolic(ndim: number): string {
  const letters = ndim <= 3 ? ['i', 'j', 'k'] : Array.from({ length: ndim }, (_, d) => `i${subscript(d)}`);
  const parts = ['storage_offset'];
  for (let d = 0; d < ndim; d++) parts.push(`${letters[d]}·stride${subscript(d)}`);
  return parts.join(' + ');
}

/**
 * The logical indices of every element of `g` that reads storage cell `cell` (several for stride-0
 * and overlapping views), or null when the tensor is too large to enumerate (over `limit`).
 */
export function readersOf(g: ViewGeometry, cell: number, limit = 65536): number[][] | null {
  if (numel(g.sizes) > limit) return null;
  const out: number[][] = [];
  elementCells(g).forEach((k, flat) => {
    if (k === cell) out.push(unravel(flat, g.sizes));
  });
  return out;
}
