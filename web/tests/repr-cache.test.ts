// ReprCache: the page's copy of the repr texts the engine formats on demand (SCHEMA.md Note
// [Reprs on demand]). One request per batch of missing refs, none for known or loading ones, and
// a run the engine no longer holds (fetch answers null) or a failed fetch leaves refs unknown.
import { describe, expect, it } from 'vitest';
import { attachReprs, ReprCache } from '../src/engine/repr-cache';

function counting(answer: (refs: number[]) => string[] | null) {
  const calls: number[][] = [];
  const cache = new ReprCache(async (refs) => {
    calls.push(refs);
    return answer(refs);
  });
  return { cache, calls };
}

describe('ReprCache', () => {
  it('fetches the missing refs once, in one request', async () => {
    const { cache, calls } = counting((refs) => refs.map((r) => `tensor(${r})`));
    expect(cache.get(3)).toBeUndefined();
    expect(await cache.load([3, 5, 3])).toBe(true);
    expect(cache.get(3)).toBe('tensor(3)');
    expect(cache.get(5)).toBe('tensor(5)');
    expect(await cache.load([5, 7])).toBe(true);
    expect(calls).toEqual([[3, 5], [7]]);
    expect(await cache.load([3])).toBe(false);  // nothing new to learn
    expect(calls.length).toBe(2);
  });

  it('shares a request already in flight', async () => {
    const { cache, calls } = counting((refs) => refs.map(String));
    const [a, b] = await Promise.all([cache.load([1, 2]), cache.load([2])]);
    expect([a, b]).toEqual([true, true]);
    expect(calls).toEqual([[1, 2]]);
  });

  it('leaves refs unknown when the engine has moved on or failed', async () => {
    const gone = counting(() => null);
    expect(await gone.cache.load([1])).toBe(false);
    expect(gone.cache.get(1)).toBeUndefined();
    const failing = new ReprCache(async () => { throw new Error('worker died'); });
    expect(await failing.load([1])).toBe(false);
    expect(failing.get(1)).toBeUndefined();
  });

  it('starts from known texts, and rides on a trace without being part of its data', () => {
    const cache = new ReprCache(async () => null, new Map([[4, 'tensor([1.])']]));
    expect(cache.get(4)).toBe('tensor([1.])');
    const trace = { steps: [] as unknown[] };
    attachReprs(trace, cache);
    expect((trace as { reprs?: ReprCache }).reprs).toBe(cache);
    expect(JSON.stringify(trace)).toBe('{"steps":[]}');
    expect({ ...trace }).toEqual({ steps: [] });
  });
});
