// What survives a reload or travels in a share link: the program text, the step being shown and
// the language. URL hash = `#code=<base64url(utf-8)>&step=N&lang=xx`; localStorage keeps the last
// edit. No DOM: the storage and the location string are passed in.
import { isLang, langFromTag, type Lang } from './i18n';

export interface SharedState {
  code?: string;
  step?: number;
  lang?: Lang;
}

/** What localStorage keeps: the learner's last edit, and the program in the address bar it was
 * made from (so a reload can tell an older link from a newer shared one). */
export interface SavedState {
  code?: string;
  lang?: Lang;
  /** the program the address bar held when this edit was saved */
  base?: string;
}

/** The part of Web Storage we use (window.localStorage in the page, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const STORAGE_KEY = 'tensorplay.v1';
/** An edit set aside when a link opened a different program (restorable, never overwritten by typing). */
export const DRAFT_KEY = 'tensorplay.v1.draft';
/** Programs larger than this are not put in links (browsers cap URL length). */
export const MAX_LINK_CODE_BYTES = 16 * 1024;

export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeBase64Url(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Reads `#code=…&step=…&lang=…`; ignores (never throws on) malformed parts. */
export function parseHash(hash: string): SharedState {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out: SharedState = {};
  const code = params.get('code');
  if (code) {
    try {
      out.code = decodeBase64Url(code);
    } catch {
      // a truncated or hand-edited link: keep the rest
    }
  }
  const step = Number(params.get('step'));
  if (params.has('step') && Number.isInteger(step) && step >= 0) out.step = step;
  const lang = langFromTag(params.get('lang'));
  if (lang) out.lang = lang;
  return out;
}

export function formatHash(s: SharedState): string {
  const params = new URLSearchParams();
  if (s.code !== undefined && new TextEncoder().encode(s.code).length <= MAX_LINK_CODE_BYTES) {
    params.set('code', encodeBase64Url(s.code));
  }
  if (s.step !== undefined) params.set('step', String(s.step));
  if (s.lang) params.set('lang', s.lang);
  return '#' + params.toString();
}

export function loadSaved(store: KeyValueStore): SavedState {
  try {
    const raw = store.getItem(STORAGE_KEY);
    if (!raw) return {};
    const o = JSON.parse(raw) as Record<string, unknown>;
    const out: SavedState = {};
    if (typeof o.code === 'string') out.code = o.code;
    if (isLang(o.lang as string)) out.lang = o.lang as Lang;
    if (typeof o.base === 'string') out.base = o.base;
    return out;
  } catch {
    return {};
  }
}

export function save(store: KeyValueStore, s: SavedState): void {
  try {
    store.setItem(STORAGE_KEY, JSON.stringify({ code: s.code, lang: s.lang, base: s.base }));
  } catch {
    // quota exceeded or storage disabled: the page keeps working without persistence
  }
}

export function loadDraft(store: KeyValueStore): string | null {
  try {
    return store.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
}

export function keepDraft(store: KeyValueStore, code: string): void {
  try {
    store.setItem(DRAFT_KEY, code);
  } catch {
    // as in save()
  }
}

export interface InitialState extends SharedState {
  code: string;
  /** the learner's edit was set aside because the link opened a different program */
  setAside?: string;
}

/**
 * Which program a page load shows; the learner's edit is never lost:
 * - no link: their last edit (or the default lesson);
 * - a link to the very program their last edit started from: the edit (it is newer; the link's
 *   step no longer fits it);
 * - a link to another program (someone shared it): that program, and their edit is set aside in
 *   its own slot, for the page to offer back.
 */
export function initialState(hash: string, store: KeyValueStore, defaultCode: string): InitialState {
  const fromLink = parseHash(hash);
  const saved = loadSaved(store);
  const lang = fromLink.lang ?? saved.lang;
  if (fromLink.code === undefined || saved.code === undefined || saved.code === fromLink.code) {
    return { code: fromLink.code ?? saved.code ?? defaultCode, step: fromLink.step, lang };
  }
  if (saved.base === fromLink.code) return { code: saved.code, lang };
  keepDraft(store, saved.code);
  return { code: fromLink.code, step: fromLink.step, lang, setAside: saved.code };
}
