// A learner's progress through the course, kept in localStorage only: the furthest step reached in
// each lesson and whether it was reached to the end, and each question's first answer. Pure (the
// store is passed in).
import type { KeyValueStore } from './persist';

export const PROGRESS_KEY = 'tensorplay.v1.lessons';

export interface LessonProgress {
  /** furthest step index reached */
  reached: number;
  /** reached the last step */
  done: boolean;
  /** question index → was the first answer right */
  answers: Record<number, boolean>;
}

export type Progress = Record<string, LessonProgress>;

export function loadProgress(store: KeyValueStore): Progress {
  try {
    const o = JSON.parse(store.getItem(PROGRESS_KEY) ?? '{}') as unknown;
    if (typeof o !== 'object' || o === null || Array.isArray(o)) return {};
    const out: Progress = {};
    for (const [k, v] of Object.entries(o as Record<string, Partial<LessonProgress>>)) {
      if (typeof v !== 'object' || v === null) continue;
      out[k] = {
        reached: typeof v.reached === 'number' ? v.reached : 0,
        done: v.done === true,
        answers: typeof v.answers === 'object' && v.answers !== null ? v.answers : {},
      };
    }
    return out;
  } catch {
    return {};
  }
}

function write(store: KeyValueStore, p: Progress): void {
  try {
    store.setItem(PROGRESS_KEY, JSON.stringify(p));
  } catch {
    // storage full or disabled: progress is a convenience
  }
}

/** Records that `step` of `stepCount` was shown. */
export function recordStep(store: KeyValueStore, slug: string, step: number, stepCount: number): Progress {
  const p = loadProgress(store);
  const cur = p[slug] ?? { reached: 0, done: false, answers: {} };
  p[slug] = { ...cur, reached: Math.max(cur.reached, step), done: cur.done || (stepCount > 0 && step >= stepCount - 1) };
  write(store, p);
  return p;
}

/** Records a question's first answer (later answers do not overwrite it). */
export function recordAnswer(store: KeyValueStore, slug: string, question: number, right: boolean): Progress {
  const p = loadProgress(store);
  const cur = p[slug] ?? { reached: 0, done: false, answers: {} };
  if (!(question in cur.answers)) cur.answers = { ...cur.answers, [question]: right };
  p[slug] = cur;
  write(store, p);
  return p;
}
