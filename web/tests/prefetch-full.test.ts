// The full engine is prefetched only on a connection that welcomes it (prefetch-full.ts).
import { describe, expect, it } from 'vitest';
import { prefetchWelcome } from '../src/engine/prefetch-full';

describe('prefetchWelcome', () => {
  it('prefetches when the browser says nothing about the connection, or it is fast', () => {
    expect(prefetchWelcome(undefined)).toBe(true);
    expect(prefetchWelcome({})).toBe(true);
    expect(prefetchWelcome({ saveData: false, effectiveType: '4g' })).toBe(true);
    expect(prefetchWelcome({ effectiveType: '3g' })).toBe(true);
  });

  it('never on Save-Data or a 2G connection', () => {
    expect(prefetchWelcome({ saveData: true, effectiveType: '4g' })).toBe(false);
    expect(prefetchWelcome({ effectiveType: '2g' })).toBe(false);
    expect(prefetchWelcome({ effectiveType: 'slow-2g' })).toBe(false);
  });
});
