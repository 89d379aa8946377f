// The lesson panel beside the code: title, introduction, the step notes of the step being shown
// (with the cards they mention highlighted in the memory picture), "predict, then run" questions
// asked just before their step and checked against the trace, the lesson list with progress,
// next/previous, links, and "try it yourself". It drives the page only through LessonHost.
import type { AppState, State } from '../model/app-state';
import { t, type Lang } from '../model/i18n';
import { parseLesson, YES_NO, type Lesson, type LessonQuestion } from '../model/lesson';
import { answer, highlightedTensors, reprsToLoad, stepOfLine, type Answer } from '../model/lesson-answer';
import { formatLessonHash, type LessonRef } from '../model/lesson-link';
import { loadProgress, recordAnswer, recordStep } from '../model/lesson-progress';
import type { TraceModel } from '../model/world';
import { COURSE, courseLesson } from '../lessons/course';
import { h } from './dom';

/** What the lesson panel needs from the page. */
export interface LessonHost {
  readonly state: AppState;
  /** shows `code` in the editor (read-only or not), runs it, then shows `step` */
  openProgram(code: string, opts: { step?: number; readOnly: boolean }): void;
  /** the program in the editor */
  code(): string;
  /** sets the address bar (replaceState) */
  setHash(hash: string): void;
  /** the learner left the lesson: give them their own program back */
  leaveLesson(): void;
  /** the memory picture's root, for highlighting the cards a note mentions */
  readonly memoryRoot: HTMLElement;
}

interface Active {
  ref: LessonRef;
  lesson: Lesson;
  /** index in COURSE, or -1 for a shared lesson */
  index: number;
  /** question index → the choice the learner picked */
  picked: Map<number, number>;
  /** the learner pressed "try it yourself": the editor is theirs */
  trying: boolean;
}

/** Inline `code` spans in lesson prose, as text nodes (lesson text never becomes markup). */
function prose(text: string): (Node | string)[] {
  return text.split('`').map((part, i) => (i % 2 ? h('code', {}, part) : part));
}

export class LessonView {
  private active: Active | null = null;
  private readonly root: HTMLElement;
  private lang: Lang;
  private lastKey = '';

  constructor(root: HTMLElement, private readonly host: LessonHost) {
    this.root = root;
    this.lang = host.state.state.lang;
    root.hidden = true;
    host.state.subscribe((s, prev) => this.onState(s, prev));
  }

  get isActive(): boolean {
    return this.active !== null;
  }

  /** The lesson is open and its program is not being edited: the page keeps the learner's own code aside. */
  get ownsEditor(): boolean {
    return this.active !== null && !this.active.trying;
  }

  /** The address of the lesson at this step (null when no lesson is open). */
  hash(step: number | undefined, lang: Lang): string | null {
    if (!this.active || this.active.trying) return null;
    return formatLessonHash({ lesson: this.active.ref, step, lang });
  }

  /** Opens a lesson of the course or a shared one; returns an error message when it cannot. */
  open(ref: LessonRef, step?: number): string | null {
    let lesson: Lesson;
    let index = -1;
    try {
      if (ref.kind === 'course') {
        const c = courseLesson(ref.slug);
        if (!c) return `no lesson "${ref.slug}"`;
        lesson = c.lesson;
        index = COURSE.indexOf(c);
      } else lesson = parseLesson(ref.source);
    } catch (e) {
      return (e as Error).message;
    }
    this.active = { ref, lesson, index, picked: new Map(), trying: false };
    this.root.hidden = false;
    this.lastKey = '';
    // a lesson starts at its first step (a plain program opens at its end)
    this.host.openProgram(lesson.code, { step: step ?? 0, readOnly: true });
    this.render(this.host.state.state);
    return null;
  }

  close(): void {
    this.active = null;
    this.root.hidden = true;
    this.host.leaveLesson();
  }

  /** After a run: a program that is no longer the lesson's ends the lesson (its lines no longer match). */
  onRun(code: string): void {
    if (this.active && code !== this.active.lesson.code) {
      this.active = null;
      this.root.hidden = true;
    }
  }

  private model(): TraceModel | null {
    const s = this.host.state.state;
    return s.model && !s.stale ? s.model : null;
  }

  private onState(s: State, prev: State | null): void {
    if (!this.active) return;
    const key = `${s.lang}|${s.step}|${s.model ? s.model.stepCount : -1}|${s.stale ? 1 : 0}`;
    if (key === this.lastKey && prev?.model === s.model) {
      this.highlight(s);
      return;
    }
    this.lastKey = key;
    if (s.model && this.active.index >= 0) recordStep(window.localStorage, COURSE[this.active.index].slug, s.step, s.model.stepCount);
    const langChanged = this.lang !== s.lang;
    this.lang = s.lang;
    if (langChanged) {
      const hash = this.hash(s.step, s.lang);
      if (hash) this.host.setHash(hash);
    }
    this.render(s, langChanged);
  }

  private qText(q: LessonQuestion, i: number): string {
    const c = q.choices[i];
    if (q.choices === YES_NO) return t(this.lang, c === 'yes' ? 'lesson.yes' : 'lesson.no');
    return c === 'none' ? t(this.lang, 'lesson.none') : c;
  }

  private answerText(q: LessonQuestion, a: Answer): string {
    return q.choices === YES_NO ? this.qText(q, a.choice) : a.computed === 'none' ? t(this.lang, 'lesson.none') : a.computed;
  }

  private render(s: State, langChanged = false): void {
    const a = this.active;
    if (!a) return;
    const L = this.lang;
    const focusInside = this.root.contains(document.activeElement);
    const focusId = focusInside ? (document.activeElement as HTMLElement).id : '';
    const progress = loadProgress(window.localStorage);
    const head = h('div', { class: 'lesson-head' },
      h('p', { class: 'lesson-pos' }, a.index >= 0 ? t(L, 'lesson.of', { n: a.index + 1, total: COURSE.length }) : t(L, 'lesson.shared')),
      h('h2', { id: 'lesson-title', class: 'lesson-title' }, a.lesson.title[L]));
    const nav = h('div', { class: 'lesson-nav' });
    const link = (i: number, label: string, id: string) => h('a', { class: 'lesson-step-btn', id, href: formatLessonHash({ lesson: { kind: 'course', slug: COURSE[i].slug }, lang: L }) }, label);
    if (a.index > 0) nav.append(link(a.index - 1, t(L, 'lesson.prev'), 'lesson-prev'));
    if (a.index >= 0 && a.index < COURSE.length - 1) nav.append(link(a.index + 1, t(L, 'lesson.next'), 'lesson-next'));
    const list = h('details', { class: 'lesson-list' }, h('summary', {}, t(L, 'lesson.list')),
      h('ol', {}, ...COURSE.map((c, i) => {
        const done = progress[c.slug]?.done;
        return h('li', { class: i === a.index ? 'current' : '' },
          h('a', { href: formatLessonHash({ lesson: { kind: 'course', slug: c.slug }, lang: L }), 'aria-current': i === a.index ? 'page' : undefined }, c.lesson.title[L]),
          done ? h('span', { class: 'lesson-done' }, ` ✓ ${t(L, 'lesson.done')}`) : null);
      })));
    const tryBtn = h('button', { type: 'button', id: 'lesson-try', title: t(L, 'lesson.try.title') }, t(L, 'lesson.try'));
    tryBtn.addEventListener('click', () => this.tryIt());
    const shareBtn = h('button', { type: 'button', id: 'lesson-share', title: t(L, 'lesson.share.title') }, t(L, 'lesson.share'));
    shareBtn.addEventListener('click', () => void this.share(shareBtn));
    const closeBtn = h('button', { type: 'button', id: 'lesson-close' }, t(L, 'lesson.close'));
    closeBtn.addEventListener('click', () => this.close());
    nav.append(list, tryBtn, shareBtn, closeBtn);
    if (a.trying) tryBtn.disabled = true;

    const intro = h('div', { class: 'lesson-intro' }, ...a.lesson.intro[L].map((p) => h('p', {}, ...prose(p))));
    const live = h('div', { class: 'lesson-live', 'aria-live': 'polite' });
    const model = this.model();
    if (model) {
      this.renderStep(model, s.step, live);
      this.loadAnswerReprs(model);
    }
    const wasOpen = (this.root.querySelector('details.lesson-list') as HTMLDetailsElement | null)?.open ?? false;
    list.open = wasOpen;
    this.root.replaceChildren(head, nav, h('div', { class: 'lesson-body' }, intro, live));
    if (focusId) document.getElementById(focusId)?.focus();
    this.highlight(s);
  }

  /** A "value" question's answer is a repr the engine formats on demand: fetch the missing
   * ones, then draw again (once: a repr the engine cannot give leaves the question out). */
  private loadAnswerReprs(model: TraceModel): void {
    const a = this.active;
    if (!a) return;
    const tensors = a.lesson.questions.flatMap((q) => reprsToLoad(model, q));
    if (!tensors.length) return;
    void model.loadReprs(tensors).then((got) => {
      if (got && this.active === a && this.model() === model) this.render(this.host.state.state);
    });
  }

  private renderStep(model: TraceModel, step: number, live: HTMLElement): void {
    const a = this.active!;
    const L = this.lang;
    a.lesson.questions.forEach((q, qi) => {
      const qs = stepOfLine(model, q.line);
      if (qs === null) return;
      const ans = answer(model, q);
      if (!ans) return;
      if (step === qs - 1 || (qs === 0 && step === 0 && !a.picked.has(qi))) {
        if (a.picked.has(qi)) return;
        const box = h('fieldset', { class: 'lesson-question', id: `lesson-q${qi}` },
          h('legend', {}, t(L, 'lesson.predict')),
          h('p', { class: 'q-text' }, ...prose(q.text[L])),
          h('p', { class: 'q-hint' }, t(L, 'lesson.predict.hint')));
        const choices = h('div', { class: 'q-choices' });
        q.choices.forEach((_, ci) => {
          const b = h('button', { type: 'button', class: 'q-choice', id: `lesson-q${qi}-c${ci}` }, this.qText(q, ci));
          b.addEventListener('click', () => this.pick(qi, ci, ans));
          choices.append(b);
        });
        box.append(choices);
        live.append(box);
      } else if (step === qs) {
        const picked = a.picked.get(qi);
        const verdict = picked === undefined
          ? h('p', { class: 'q-verdict skipped' }, t(L, 'lesson.skipped', { answer: this.answerText(q, ans) }))
          : h('p', { class: `q-verdict ${picked === ans.choice ? 'right' : 'wrong'}`, id: `lesson-verdict${qi}`, tabindex: -1 },
            h('strong', {}, t(L, picked === ans.choice ? 'lesson.right' : 'lesson.wrong')), ' ',
            t(L, 'lesson.trace', { answer: this.answerText(q, ans) }));
        live.append(h('div', { class: 'lesson-answered' }, h('p', { class: 'q-text' }, ...prose(q.text[L])), verdict));
      }
    });
    for (const n of a.lesson.notes) {
      if (stepOfLine(model, n.line) !== step) continue;
      live.append(h('aside', { class: 'lesson-note', 'aria-label': t(L, 'lesson.note'), 'data-highlight': n.highlight.join(' ') },
        h('p', {}, ...prose(n.text[L]))));
    }
  }

  private pick(qi: number, ci: number, ans: Answer): void {
    const a = this.active;
    if (!a || a.picked.has(qi)) return;
    a.picked.set(qi, ci);
    if (a.index >= 0) recordAnswer(window.localStorage, COURSE[a.index].slug, qi, ci === ans.choice);
    this.host.state.goTo(ans.step);
    document.getElementById(`lesson-verdict${qi}`)?.focus();
  }

  /** Highlights the cards (and name tags) the notes of this step mention. */
  private highlight(s: State): void {
    const root = this.host.memoryRoot;
    for (const el of root.querySelectorAll('.lesson-hl')) el.classList.remove('lesson-hl');
    const model = this.model();
    if (!this.active || !model || s.step < 0) return;
    const names = [...this.root.querySelectorAll<HTMLElement>('.lesson-note[data-highlight]')]
      .flatMap((n) => (n.dataset.highlight ?? '').split(' ').filter((x) => x));
    if (!names.length) return;
    const w = model.world(s.step);
    for (const id of highlightedTensors(w, names)) root.querySelector(`[data-card="t${id}"]`)?.classList.add('lesson-hl');
    for (const n of names) root.querySelector(`.name-chip[data-name="${CSS.escape(n)}"]`)?.classList.add('lesson-hl');
  }

  private tryIt(): void {
    const a = this.active;
    if (!a) return;
    a.trying = true;
    this.host.openProgram(this.host.code(), { step: this.host.state.state.step, readOnly: false });
    this.render(this.host.state.state);
  }

  private async share(btn: HTMLElement): Promise<void> {
    const a = this.active;
    if (!a) return;
    const hash = formatLessonHash({ lesson: a.ref, step: this.host.state.state.step, lang: this.lang });
    this.host.setHash(hash);
    try {
      await navigator.clipboard.writeText(location.href);
      btn.textContent = t(this.lang, 'btn.shared');
      setTimeout(() => (btn.textContent = t(this.lang, 'lesson.share')), 1500);
    } catch {
      // clipboard refused: the address bar holds the link
    }
  }
}
