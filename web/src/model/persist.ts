// What survives a reload or travels in a share link: the program text, the step being shown and
// the language. URL hash = `#code=<base64url(utf-8)>&step=N&lang=xx`; localStorage keeps the last
// edit. No DOM: the storage and the location string are passed in.
import { isLang, langFromTag, type Lang } from './i18n';

export interface SharedState {
  code?: string;
  step?: number;
  lang?: Lang;
}

/** The part of Web Storage we use (window.localStorage in the page, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const STORAGE_KEY = 'tensorplay.v1';
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

export function loadSaved(store: KeyValueStore): SharedState {
  try {
    const raw = store.getItem(STORAGE_KEY);
    if (!raw) return {};
    const o = JSON.parse(raw) as Record<string, unknown>;
    const out: SharedState = {};
    if (typeof o.code === 'string') out.code = o.code;
    if (isLang(o.lang as string)) out.lang = o.lang as Lang;
    return out;
  } catch {
    return {};
  }
}

export function save(store: KeyValueStore, s: SharedState): void {
  try {
    store.setItem(STORAGE_KEY, JSON.stringify({ code: s.code, lang: s.lang }));
  } catch {
    // quota exceeded or storage disabled: the page keeps working without persistence
  }
}

/** Link first (someone shared it), then the learner's own last edit, then the default lesson. */
export function initialState(hash: string, store: KeyValueStore, defaultCode: string): Required<Pick<SharedState, 'code'>> & SharedState {
  const fromLink = parseHash(hash);
  const saved = loadSaved(store);
  return {
    code: fromLink.code ?? saved.code ?? defaultCode,
    step: fromLink.step,
    lang: fromLink.lang ?? saved.lang,
  };
}
