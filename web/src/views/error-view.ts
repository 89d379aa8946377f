// The error card shown above the memory panel on the step that raised: PyTorch's exact message,
// then a short plain-language explanation (model/explain.ts) and what to try instead.
import type { TraceError } from '../engine/trace';
import { explainError } from '../model/explain';
import { t, type Lang } from '../model/i18n';
import { h } from './dom';

/** Longer messages are shown clamped to a few lines, with a button for the rest. */
const LONG_MESSAGE = 160;

export class ErrorView {
  constructor(private readonly container: HTMLElement) {
    container.classList.add('error-card');
    container.setAttribute('role', 'alert');
    container.tabIndex = 0; // it may scroll (a long message in presentation mode): keyboards can too
  }

  /** `stale`: the error stopped the latest run before it started; the picture is an older run's.
   * `replInput`: the REPL input that raised it (its lines are not the editor's). */
  update(error: TraceError | null, lang: Lang, stale = false, sourceLine = '', replInput: string | null = null): void {
    const c = this.container;
    c.classList.toggle('shown', error !== null);
    if (!error) {
      c.replaceChildren();
      return;
    }
    const ex = explainError(error, lang, sourceLine);
    const message = `${error.type}: ${error.message}`;
    // PyTorch's exact words, a few lines of them until asked: the explanation and the picture matter more
    const long = message.length > LONG_MESSAGE;
    const more = long ? h('button', { type: 'button', class: 'more', 'aria-expanded': 'false' }, t(lang, 'error.fullMessage')) : null;
    more?.addEventListener('click', () => {
      const open = c.classList.toggle('full');
      more.setAttribute('aria-expanded', String(open));
      more.textContent = t(lang, open ? 'error.shortMessage' : 'error.fullMessage');
    });
    c.classList.remove('full');
    const parts: (HTMLElement | null)[] = [
      h('h3', {}, replInput !== null ? t(lang, 'error.replHeading', { type: error.type, input: replInput })
        : t(lang, 'error.heading', { type: error.type, line: error.line })),
      stale ? h('p', { class: 'stale-note' }, t(lang, 'error.stale', { line: error.line })) : null,
      h('p', { class: `pt-message${long ? ' clamped' : ''}` }, message),
      more,
      ex ? h('div', { class: 'explain-title' }, `${t(lang, 'error.explain')}: ${ex.title}`) : null,
      ex ? h('p', { class: 'explain-body' }, ex.body) : null,
      ex?.fix ? h('code', {}, ex.fix) : null,
    ];
    c.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
    c.dataset.explanation = ex?.id ?? '';
  }
}
