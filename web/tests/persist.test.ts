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

  it('after a reload, an edit made on top of the address bar\'s program wins over it; another link sets it aside', async () => {
    const { loadDraft } = await import('../src/model/persist');
    const s = new Map<string, string>() as unknown as KeyValueStore;
    Object.assign(s, { getItem: (k: string) => (s as unknown as Map<string, string>).get(k) ?? null, setItem: (k: string, v: string) => void (s as unknown as Map<string, string>).set(k, v) });
    const link = formatHash({ code: 'a = 1', step: 3 });
    save(s, { code: 'a = 1\nb = 2', base: 'a = 1' });
    expect(initialState(link, s, 'default')).toEqual({ code: 'a = 1\nb = 2', lang: undefined });
    // someone else's program in the link: it opens, and the edit is kept aside, not lost
    const other = formatHash({ code: 'z = 9', step: 1 });
    const init = initialState(other, s, 'default');
    expect(init).toMatchObject({ code: 'z = 9', step: 1, setAside: 'a = 1\nb = 2' });
    expect(loadDraft(s)).toBe('a = 1\nb = 2');
    // the edit equal to the link: nothing to decide
    save(s, { code: 'z = 9', base: 'z = 9' });
    expect(initialState(other, s, 'default')).toEqual({ code: 'z = 9', step: 1, lang: undefined });
  });
});
