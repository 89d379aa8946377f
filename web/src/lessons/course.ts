// The course: every examples/NN_slug.py, in file-name order, parsed as a lesson (Vite inlines the
// files at build time).
import { parseLesson, type Lesson } from '../model/lesson';

const files = import.meta.glob('../../../examples/*.py', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface CourseLesson {
  slug: string;
  /** the file's text, lesson comments included */
  source: string;
  lesson: Lesson;
}

export const COURSE: CourseLesson[] = Object.entries(files)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, source]) => ({ slug: path.replace(/^.*\//, '').replace(/\.py$/, '').replace(/^\d+_/, ''), source, lesson: parseLesson(source) }));

export function courseLesson(slug: string): CourseLesson | undefined {
  return COURSE.find((l) => l.slug === slug);
}
