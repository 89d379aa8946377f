// The lesson format (examples/README.md): a Python program that runs unchanged in PyTorch, whose
// lesson text lives in `# key(args): text` comment lines. Parsing strips those lines, so the page
// shows and runs the bare program; notes and questions keep the line (in the stripped program) of
// the statement they sit above. Pure: no DOM, no engine.
import type { Lang } from './i18n';

export type Bilingual = Record<Lang, string>;

export interface LessonNote {
  /** 1-based line in `Lesson.code` of the statement the note belongs to */
  line: number;
  text: Bilingual;
  /** names (or expressions such as `a.grad`) of the diagram elements to highlight */
  highlight: string[];
}

/** How the page computes a question's answer from the trace (never stored in the lesson). */
export type AnswerRule =
  /** do the two tensors read the same storage after the step? choices: yes / no */
  | { kind: 'shares'; a: string; b: string }
  /** does the statement raise? choices: yes / no */
  | { kind: 'raises' }
  /** which elements of the tensor differ before and after the step? choices: `a[0], a[2] | none` */
  | { kind: 'changed'; target: string }
  /** what is the value after the step (Python's repr)? choices: reprs */
  | { kind: 'value'; expr: string };

export interface LessonQuestion {
  line: number;
  text: Bilingual;
  rule: AnswerRule;
  /** the choices' texts; for shares/raises the keys 'yes' and 'no' (the page translates them) */
  choices: string[];
}

export interface Lesson {
  title: Bilingual;
  /** paragraphs */
  intro: Record<Lang, string[]>;
  /** the program without its lesson comments: what the page shows and runs */
  code: string;
  notes: LessonNote[];
  questions: LessonQuestion[];
}

export class LessonFormatError extends Error {
  override name = 'LessonFormatError';
}

const DIRECTIVE = /^\s*#\s*(title|intro|note|ask|answer|choices)(?:\.(en|zh))?(?:\(([^)]*)\))?:(?: (.*))?$/;
export const YES_NO = ['yes', 'no'];

/** Is this source a lesson (has a `# title:` line)? Plain programs are not. */
export function isLesson(source: string): boolean {
  return source.split('\n').some((l) => /^\s*#\s*title(?:\.(?:en|zh))?:/.test(l));
}

function langOf(tag: string | undefined): Lang {
  return tag === 'zh' ? 'zh-CN' : 'en';
}

interface Pending {
  notes: { text: Partial<Bilingual>; highlight: string[] }[];
  ask: Partial<Bilingual> | null;
  rule: AnswerRule | null;
  choices: string[] | null;
}

function parseRule(text: string, at: number): AnswerRule {
  const m = /^(shares|raises|changed|value)\(([^)]*)\)$/.exec(text.trim());
  if (!m) throw new LessonFormatError(`line ${at}: unknown answer "${text}" (shares(a, b), raises(), changed(a) or value(expr))`);
  const args = m[2].split(',').map((s) => s.trim()).filter((s) => s !== '');
  const want = { shares: 2, raises: 0, changed: 1, value: 1 }[m[1] as AnswerRule['kind']];
  if (args.length !== want) throw new LessonFormatError(`line ${at}: ${m[1]}() takes ${want} argument(s)`);
  switch (m[1]) {
    case 'shares': return { kind: 'shares', a: args[0], b: args[1] };
    case 'raises': return { kind: 'raises' };
    case 'changed': return { kind: 'changed', target: args[0] };
    default: return { kind: 'value', expr: args[0] };
  }
}

/** Parses a lesson; throws LessonFormatError (with the line) on a malformed one. */
export function parseLesson(source: string): Lesson {
  const title: Partial<Bilingual> = {};
  const intro: Record<Lang, string[]> = { en: [], 'zh-CN': [] };
  const code: string[] = [];
  const notes: LessonNote[] = [];
  const questions: LessonQuestion[] = [];
  let pending: Pending = { notes: [], ask: null, rule: null, choices: null };
  const lines = source.replace(/\r\n?/g, '\n').split('\n');

  const attach = (line: number) => {
    for (const n of pending.notes) {
      notes.push({ line, highlight: n.highlight, text: { en: n.text.en ?? n.text['zh-CN'] ?? '', 'zh-CN': n.text['zh-CN'] ?? n.text.en ?? '' } });
    }
    if (pending.ask || pending.rule) {
      if (!pending.ask || !pending.rule) throw new LessonFormatError(`line ${line}: a question needs both "# ask:" and "# answer:"`);
      const rule = pending.rule;
      const choices = rule.kind === 'shares' || rule.kind === 'raises' ? YES_NO : pending.choices;
      if (!choices || choices.length < 2) throw new LessonFormatError(`line ${line}: ${rule.kind}() needs "# choices: a | b"`);
      questions.push({ line, rule, choices, text: { en: pending.ask.en ?? pending.ask['zh-CN'] ?? '', 'zh-CN': pending.ask['zh-CN'] ?? pending.ask.en ?? '' } });
    }
    pending = { notes: [], ask: null, rule: null, choices: null };
  };

  lines.forEach((raw, i) => {
    const m = DIRECTIVE.exec(raw);
    if (!m) {
      code.push(raw);
      const t = raw.trim();
      if (t !== '' && !t.startsWith('#')) attach(code.length);
      return;
    }
    const [, key, tag, args, text = ''] = m;
    const lang = langOf(tag);
    const at = i + 1;
    switch (key) {
      case 'title': title[lang] = text.trim(); break;
      case 'intro': intro[lang].push(text.trim()); break;
      case 'note': {
        const highlight = (args ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
        // the .zh line of a note pairs with the note just before it when that one has no Chinese yet
        const last = pending.notes[pending.notes.length - 1];
        if (last && last.text[lang] === undefined) {
          last.text[lang] = text.trim();
          if (!last.highlight.length) last.highlight = highlight;
        } else pending.notes.push({ text: { [lang]: text.trim() }, highlight });
        break;
      }
      case 'ask': (pending.ask ??= {})[lang] = text.trim(); break;
      case 'answer': pending.rule = parseRule(text, at); break;
      case 'choices': pending.choices = text.split('|').map((s) => s.trim()).filter((s) => s !== ''); break;
    }
  });
  if (pending.notes.length || pending.ask || pending.rule) throw new LessonFormatError('a note or question at the end has no statement after it');
  if (!title.en && !title['zh-CN']) throw new LessonFormatError('a lesson needs a "# title:" line');
  // drop the blank lines the stripped header leaves at the top, keeping line numbers consistent
  let lead = 0;
  while (lead < code.length && code[lead].trim() === '') lead++;
  const shift = (l: number) => l - lead;
  return {
    title: { en: title.en ?? title['zh-CN'] ?? '', 'zh-CN': title['zh-CN'] ?? title.en ?? '' },
    intro: { en: intro.en.length ? intro.en : intro['zh-CN'], 'zh-CN': intro['zh-CN'].length ? intro['zh-CN'] : intro.en },
    code: code.slice(lead).join('\n'),
    notes: notes.map((n) => ({ ...n, line: shift(n.line) })),
    questions: questions.map((q) => ({ ...q, line: shift(q.line) })),
  };
}

/** `a[0, 1], a[2] | none` choice text → the element indices it names (`none` → no element). */
export function parseIndexChoice(text: string): number[][] {
  if (text.trim().toLowerCase() === 'none') return [];
  const out: number[][] = [];
  const re = /\[([^\]]*)\]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1].split(',').map((s) => Number(s.trim())));
  return out;
}
