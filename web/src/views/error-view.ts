// The error card shown above the memory panel on the step that raised: PyTorch's exact message,
// then a short plain-language explanation (model/explain.ts) and what to try instead.
import type { TraceError } from '../engine/trace';
import { explainError } from '../model/explain';
import { t, type Lang } from '../model/i18n';
import { h } from './dom';

export class ErrorView {
  constructor(private readonly container: HTMLElement) {
    container.classList.add('error-card');
    container.setAttribute('role', 'alert');
  }

  update(error: TraceError | null, lang: Lang): void {
    const c = this.container;
    c.classList.toggle('shown', error !== null);
    if (!error) {
      c.replaceChildren();
      return;
    }
    const ex = explainError(error, lang);
    const parts: (HTMLElement | null)[] = [
      h('h3', {}, t(lang, 'error.heading', { type: error.type, line: error.line })),
      h('p', { class: 'pt-message' }, `${error.type}: ${error.message}`),
      ex ? h('div', { class: 'explain-title' }, `${t(lang, 'error.explain')}: ${ex.title}`) : null,
      ex ? h('p', { class: 'explain-body' }, ex.body) : null,
      ex?.fix ? h('code', {}, ex.fix) : null,
    ];
    c.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
    c.dataset.explanation = ex?.id ?? '';
  }
}
