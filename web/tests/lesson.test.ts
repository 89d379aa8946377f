// The lesson format's parser (model/lesson.ts) and lesson links (model/lesson-link.ts).
import { describe, expect, it } from 'vitest';
import { isLesson, LessonFormatError, parseIndexChoice, parseLesson, YES_NO } from '../src/model/lesson';
import { formatLessonHash, parseLessonHash } from '../src/model/lesson-link';
import { loadProgress, recordAnswer, recordStep } from '../src/model/lesson-progress';

const SRC = `# title: Views share memory
# title.zh: 视图共享内存
# intro: First paragraph.
# intro: Second \`paragraph\`.
# intro.zh: 第一段。
import torch

a = torch.zeros(4)
# ask: Does v share?
# ask.zh: v 共用吗？
# answer: shares(v, a)
v = a.view(2, 2)
# a plain comment stays in the program
# ask: Which change?
# answer: changed(a)
# choices: none | a[1] | a[0], a[1]
v[0, 1] = 5
# note(a, v): Cell 1.
# note.zh(a, v): 第 1 个单元。
# note: A second note without highlight.
print(a)
`;

describe('lesson format', () => {
  const l = parseLesson(SRC);

  it('reads title and introduction in both languages', () => {
    expect(l.title).toEqual({ en: 'Views share memory', 'zh-CN': '视图共享内存' });
    expect(l.intro.en).toEqual(['First paragraph.', 'Second `paragraph`.']);
    expect(l.intro['zh-CN']).toEqual(['第一段。']);
  });

  it('strips lesson lines and keeps the program and its plain comments', () => {
    expect(l.code).toBe('import torch\n\na = torch.zeros(4)\nv = a.view(2, 2)\n# a plain comment stays in the program\nv[0, 1] = 5\nprint(a)\n');
  });

  it('attaches questions and notes to the next statement, by line in the stripped program', () => {
    const lines = l.code.split('\n');
    expect(l.questions.map((q) => lines[q.line - 1])).toEqual(['v = a.view(2, 2)', 'v[0, 1] = 5']);
    expect(l.questions[0].rule).toEqual({ kind: 'shares', a: 'v', b: 'a' });
    expect(l.questions[0].choices).toBe(YES_NO);
    expect(l.questions[1].choices).toEqual(['none', 'a[1]', 'a[0], a[1]']);
    expect(l.questions[1].text).toEqual({ en: 'Which change?', 'zh-CN': 'Which change?' }); // falls back to English
    expect(l.notes).toEqual([
      { line: 7, highlight: ['a', 'v'], text: { en: 'Cell 1.', 'zh-CN': '第 1 个单元。' } },
      { line: 7, highlight: [], text: { en: 'A second note without highlight.', 'zh-CN': 'A second note without highlight.' } },
    ]);
  });

  it('reads element lists in choices', () => {
    expect(parseIndexChoice('none')).toEqual([]);
    expect(parseIndexChoice('w[0, 2], w[1, 1]')).toEqual([[0, 2], [1, 1]]);
  });

  it('refuses malformed lessons with the reason', () => {
    expect(() => parseLesson('import torch\n')).toThrow(LessonFormatError);
    expect(() => parseLesson('# title: t\n# answer: maybe(a)\nx = 1\n')).toThrow(/unknown answer/);
    expect(() => parseLesson('# title: t\n# ask: q\nx = 1\n')).toThrow(/both/);
    expect(() => parseLesson('# title: t\n# ask: q\n# answer: value(x)\nx = 1\n')).toThrow(/choices/);
    expect(() => parseLesson('# title: t\nx = 1\n# note: dangling\n')).toThrow(/no statement/);
  });

  it('tells lessons from plain programs', () => {
    expect(isLesson(SRC)).toBe(true);
    expect(isLesson('import torch\n# a title: no\n')).toBe(false);
  });
});

describe('lesson links', () => {
  it('round-trips a course lesson link and a shared lesson', () => {
    expect(parseLessonHash(formatLessonHash({ lesson: { kind: 'course', slug: 'views_share_storage' }, step: 3, lang: 'zh-CN' })))
      .toEqual({ lesson: { kind: 'course', slug: 'views_share_storage' }, step: 3, lang: 'zh-CN' });
    expect(parseLessonHash(formatLessonHash({ lesson: { kind: 'shared', source: SRC } }))).toEqual({ lesson: { kind: 'shared', source: SRC } });
  });

  it('is not a lesson link otherwise, and ignores bad parts', () => {
    expect(parseLessonHash('#code=abc&step=2')).toBeNull();
    expect(parseLessonHash('#lesson=../x')).toBeNull();
    expect(parseLessonHash('#lesson-src=_w')).toBeNull();
    expect(parseLessonHash('#lesson=a&step=-1&lang=fr')).toEqual({ lesson: { kind: 'course', slug: 'a' } });
  });
});

describe('lesson progress', () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  };

  it('keeps the furthest step, done at the last one, and first answers', () => {
    const s = store();
    recordStep(s, 'x', 3, 10);
    recordStep(s, 'x', 1, 10);
    expect(loadProgress(s).x).toEqual({ reached: 3, done: false, answers: {} });
    recordStep(s, 'x', 9, 10);
    recordAnswer(s, 'x', 0, false);
    recordAnswer(s, 'x', 0, true);
    expect(loadProgress(s).x).toEqual({ reached: 9, done: true, answers: { 0: false } });
  });

  it('survives garbage in storage', () => {
    const s = store();
    s.setItem('tensorplay.v1.lessons', '[1,2');
    expect(loadProgress(s)).toEqual({});
  });
});
