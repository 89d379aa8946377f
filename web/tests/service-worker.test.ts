// site-build/service-worker.ts: which files a reader on Save-Data does not download at install.
import { describe, expect, it } from 'vitest';

import { laterFiles } from '../site-build/service-worker';

describe('laterFiles', () => {
  it('is the full engine module, not the core one or anything else', () => {
    const list = [
      'index.html',
      'assets/tensorplay-D0QDlh93.wasm',
      'assets/tensorplay-core-CDue-Lkz.wasm',
      'assets/engine.worker-Ab12.js',
      'assets/tensorplay-playground-x1.js',
      'tutorial/index.html',
    ];
    expect(laterFiles(list)).toEqual(['assets/tensorplay-D0QDlh93.wasm']);
  });
});
