// Every lesson of the course through the real WebAssembly engine: the program the page runs (lesson
// lines stripped) prints exactly the lesson's golden .out, every question's rule picks exactly one
// of its choices from the trace at its step, and every note lands on a step with the names it
// highlights present. Needs the wasm build (build/wasm).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@wasm/tensorplay.mjs';
import { parseLesson, YES_NO, type Lesson } from '../src/model/lesson';
import { answer, changedElements, highlightedTensors, stepOfLine } from '../src/model/lesson-answer';
import { TraceModel } from '../src/model/world';
import { loadEngine, repo, traceWithReprs } from './wasm-module';

const dir = new URL('examples/', repo);
const files = readdirSync(dir).filter((f) => f.endsWith('.py')).sort();
const course = files.map((f) => ({
  file: f,
  lesson: parseLesson(readFileSync(new URL(f, dir), 'utf8')),
  out: readFileSync(new URL(f.replace(/\.py$/, '.out'), dir), 'utf8'),
  err: existsSync(new URL(f.replace(/\.py$/, '.err'), dir)) ? readFileSync(new URL(f.replace(/\.py$/, '.err'), dir), 'utf8').trim() : null,
}));

let session: Session;
const models = new Map<string, TraceModel>();
const run = (file: string, l: Lesson) => {
  let m = models.get(file);
  if (!m) models.set(file, (m = new TraceModel(traceWithReprs(session, l.code))));
  return m;
};

beforeAll(async () => {
  session = new (await loadEngine()).Session();
});

describe('the course', () => {
  it('has at least 20 lessons, each with a title and introduction in both languages and 1-2 questions', () => {
    expect(course.length).toBeGreaterThanOrEqual(20);
    for (const { file, lesson } of course) {
      expect(lesson.title.en, file).not.toBe(lesson.title['zh-CN']);
      expect(lesson.intro.en.length, file).toBeGreaterThan(0);
      expect(lesson.intro['zh-CN'].join(''), file).toMatch(/[\u4e00-\u9fff]/);
      expect(lesson.intro['zh-CN'], file).not.toEqual(lesson.intro.en);
      expect(lesson.questions.length, file).toBeGreaterThanOrEqual(1);
      expect(lesson.questions.length, file).toBeLessThanOrEqual(2);
      expect(lesson.notes.length, file).toBeGreaterThanOrEqual(1);
      for (const x of [...lesson.notes, ...lesson.questions]) expect(x.text['zh-CN'], file).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.each(course.map((c) => [c.file, c] as const))('%s: the page\'s program prints the golden output', (file, c) => {
    const m = run(file, c.lesson);
    expect(m.trace.stdout).toBe(c.out);
    if (c.err === null) expect(m.trace.error).toBeNull();
    else expect(m.trace.stderr.trimEnd().split('\n').pop()).toBe(c.err);
  });

  it.each(course.map((c) => [c.file, c] as const))('%s: every question is answered by its trace, and notes find their step', (file, c) => {
    const m = run(file, c.lesson);
    for (const q of c.lesson.questions) {
      const step = stepOfLine(m, q.line);
      expect(step, `${file} line ${q.line} has a step`).not.toBeNull();
      expect(step!, 'asked before a step, so not on the first one').toBeGreaterThan(0);
      const a = answer(m, q);
      expect(a, `${file}: "${q.text.en}" is answered from the trace`).not.toBeNull();
      // exactly one choice is right: the rule's computed value matches one choice only
      expect(a!.choice).toBeGreaterThanOrEqual(0);
      if (q.choices !== YES_NO) expect(new Set(q.choices).size).toBe(q.choices.length);
      if (q.rule.kind === 'changed') {
        expect(changedElements(m, a!.step, q.rule.target)).not.toBeNull();
      }
    }
    for (const n of c.lesson.notes) {
      const step = stepOfLine(m, n.line);
      expect(step, `${file}: note "${n.text.en}" has a step`).not.toBeNull();
      if (n.highlight.length) expect(highlightedTensors(m.world(step!), n.highlight).length, `${file}: ${n.highlight.join(',')} resolve`).toBeGreaterThan(0);
    }
  });
});
