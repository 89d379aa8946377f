// The values a tensor reads when it views a storage's bytes as another dtype (`x.view(torch.int32)`
// on a float32 storage): the storage's cells written into bytes as the storage's dtype, read back
// as the tensor's, little-endian as every machine PyTorch runs on here. Pure.
import { cellNumber, type CellValue } from '../engine/trace';

type Array = Float32Array | Float64Array | Int8Array | Uint8Array | Int16Array | Int32Array | BigInt64Array;
const ARRAYS: Record<string, (b: ArrayBuffer) => Array> = {
  float32: (b) => new Float32Array(b), float64: (b) => new Float64Array(b), int8: (b) => new Int8Array(b),
  uint8: (b) => new Uint8Array(b), bool: (b) => new Uint8Array(b), int16: (b) => new Int16Array(b),
  int32: (b) => new Int32Array(b), int64: (b) => new BigInt64Array(b),
};
const SIZES: Record<string, number> = { float32: 4, float64: 8, int8: 1, uint8: 1, bool: 1, int16: 2, int32: 4, int64: 8 };

/** `values` (every cell of a storage of dtype `from`) read as dtype `to`, or null when either
 * dtype is one this page cannot reinterpret (float16, bfloat16, complex). */
export function reinterpret(values: readonly CellValue[], from: string, to: string): (number | bigint)[] | null {
  if (!ARRAYS[from] || !ARRAYS[to]) return null;
  const buffer = new ArrayBuffer(values.length * SIZES[from]);
  const cells = ARRAYS[from](buffer);
  values.forEach((v, i) => {
    const n = cellNumber(v);
    if (cells instanceof BigInt64Array) cells[i] = BigInt(Math.trunc(n));
    else cells[i] = n;
  });
  // whole elements of the new dtype only (a trailing partial one is not readable)
  const whole = buffer.byteLength - (buffer.byteLength % SIZES[to]);
  return [...ARRAYS[to](buffer.slice(0, whole))];
}
