import { describe, expect, it } from 'vitest';
import {
  STORAGE_KEY, decodeBase64Url, encodeBase64Url, formatHash, initialState, loadSaved, parseHash, save, type KeyValueStore,
} from '../src/model/persist';

class MapStore implements KeyValueStore {
  m = new Map<string, string>();
  getItem(k: string) { return this.m.get(k) ?? null; }
  setItem(k: string, v: string) { this.m.set(k, v); }
}

describe('URL and localStorage state', () => {
  const code = 'import torch\nx = torch.arange(6.)  # 张量 ✓\nprint(x)\n';

  it('round-trips unicode programs through base64url', () => {
    const enc = encodeBase64Url(code);
    expect(enc).not.toMatch(/[+/=]/);
    expect(decodeBase64Url(enc)).toBe(code);
  });

  it('round-trips a share link', () => {
    const h = formatHash({ code, step: 3, lang: 'zh-CN' });
    expect(parseHash(h)).toEqual({ code, step: 3, lang: 'zh-CN' });
  });

  it('reads the language from any Chinese or English tag', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-cn', 'zh-Hans-CN', 'zh_TW']) expect(parseHash(`#lang=${tag}`)).toEqual({ lang: 'zh-CN' });
    for (const tag of ['en', 'en-GB', 'EN-us']) expect(parseHash(`#lang=${tag}`)).toEqual({ lang: 'en' });
    expect(parseHash('#lang=zhx')).toEqual({});
  });

  it('ignores malformed link parts', () => {
    expect(parseHash('#code=%%%&step=-2&lang=fr')).toEqual({});
    expect(parseHash('#code=_w&step=1.5')).toEqual({}); // invalid utf-8, non-integer step
    expect(parseHash('')).toEqual({});
  });

  it('keeps very long programs out of links', () => {
    expect(formatHash({ code: 'x'.repeat(20000), step: 1 })).toBe('#step=1');
  });

  it('saves and restores the last edit, surviving garbage', () => {
    const s = new MapStore();
    save(s, { code, lang: 'en' });
    expect(loadSaved(s)).toEqual({ code, lang: 'en' });
    s.setItem(STORAGE_KEY, '{not json');
    expect(loadSaved(s)).toEqual({});
    const throwing: KeyValueStore = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); } };
    expect(loadSaved(throwing)).toEqual({});
    expect(() => save(throwing, { code })).not.toThrow();
  });

  it('prefers a link over the saved edit over the default', () => {
    const s = new MapStore();
    expect(initialState('', s, 'default').code).toBe('default');
    save(s, { code: 'mine' });
    expect(initialState('', s, 'default').code).toBe('mine');
    expect(initialState(formatHash({ code: 'linked', step: 2 }), s, 'default')).toMatchObject({ code: 'linked', step: 2 });
  });
});
