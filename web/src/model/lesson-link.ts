// Links that open a lesson: `#lesson=<slug>&step=N&lang=xx` for a lesson of the course, and
// `#lesson-src=<base64url(lesson text)>&step=N&lang=xx` for a teacher's own lesson (the whole
// lesson travels in the link; no server). Pure.
import { langFromTag, type Lang } from './i18n';
import { decodeBase64Url, encodeBase64Url } from './persist';

export type LessonRef = { kind: 'course'; slug: string } | { kind: 'shared'; source: string };

export interface LessonLink {
  lesson: LessonRef;
  step?: number;
  lang?: Lang;
}

export function parseLessonHash(hash: string): LessonLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  let lesson: LessonRef | null = null;
  const slug = params.get('lesson');
  const src = params.get('lesson-src');
  if (slug && /^[a-z0-9_]+$/.test(slug)) lesson = { kind: 'course', slug };
  else if (src) {
    try {
      lesson = { kind: 'shared', source: decodeBase64Url(src) };
    } catch {
      return null;
    }
  }
  if (!lesson) return null;
  const out: LessonLink = { lesson };
  const step = Number(params.get('step'));
  if (params.has('step') && Number.isInteger(step) && step >= 0) out.step = step;
  const lang = langFromTag(params.get('lang'));
  if (lang) out.lang = lang;
  return out;
}

export function formatLessonHash(l: LessonLink): string {
  const params = new URLSearchParams();
  if (l.lesson.kind === 'course') params.set('lesson', l.lesson.slug);
  else params.set('lesson-src', encodeBase64Url(l.lesson.source));
  if (l.step !== undefined) params.set('step', String(l.step));
  if (l.lang) params.set('lang', l.lang);
  return '#' + params.toString();
}
