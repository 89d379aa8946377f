// The console: the program's output exactly as printed up to the current step (the current
// statement's output highlighted), warnings and tracebacks styled apart, then the REPL inputs up to
// the current step (they are steps of the timeline too) and an input line that runs in the same
// session (Enter runs, ↑/↓ recall).
import type { ReplEntry } from '../model/app-state';
import { classifyChunks } from '../model/console';
import { t, type Lang } from '../model/i18n';
import type { TraceModel } from '../model/world';
import { h, setAttr, setText } from './dom';
import { nextFrame } from './frame';

export class ConsoleView {
  private readonly out: HTMLPreElement;
  private readonly input: HTMLInputElement;
  private readonly label: HTMLLabelElement;
  private readonly history: string[] = [];
  private cursor = 0;
  private busy = false;

  private readonly afterEnd: HTMLElement;
  private readonly toEnd: HTMLButtonElement;

  constructor(container: HTMLElement, private readonly onExec: (line: string) => Promise<void>, onToEnd: () => void = () => {}) {
    this.out = h('pre', { class: 'console-out', 'aria-live': 'polite', 'aria-atomic': 'false', tabindex: 0 });
    this.input = h('input', { type: 'text', id: 'repl-input', autocomplete: 'off', spellcheck: 'false' });
    this.label = h('label', { for: 'repl-input' }, '>>>');
    this.toEnd = h('button', { type: 'button', class: 'to-end' });
    this.toEnd.addEventListener('click', onToEnd);
    this.afterEnd = h('div', { class: 'repl-after-end', hidden: true }, h('span', {}), this.toEnd);
    const body = h('div', { class: 'panel-body' }, this.out);
    container.append(body, this.afterEnd, h('div', { class: 'repl' }, this.label, this.input));
    this.input.addEventListener('keydown', (e) => this.key(e));
  }

  private async key(e: KeyboardEvent): Promise<void> {
    if (e.key === 'ArrowUp' && this.cursor > 0) {
      this.input.value = this.history[--this.cursor];
      e.preventDefault();
    } else if (e.key === 'ArrowDown') {
      this.cursor = Math.min(this.cursor + 1, this.history.length);
      this.input.value = this.history[this.cursor] ?? '';
      e.preventDefault();
    } else if (e.key === 'Enter' && !this.busy) {
      const line = this.input.value;
      if (!line.trim()) return;
      this.history.push(line);
      this.cursor = this.history.length;
      this.input.value = '';
      this.busy = true;
      try {
        await this.onExec(line);
      } finally {
        this.busy = false;
      }
    }
  }

  /** the output drawn last, as markup */
  private shown = '';

  update(model: TraceModel | null, step: number, repl: readonly ReplEntry[], lang: Lang): void {
    setAttr(this.input, 'aria-label', t(lang, 'console.repl'));
    const parts: HTMLElement[] = [];
    if (model) {
      for (const run of classifyChunks(model.outputUpTo(step))) {
        const cls = run.kind === 'stdout' && run.step === step ? 'stdout current' : run.kind;
        parts.push(h('span', { class: cls, 'data-step': run.step }, run.text));
      }
    }
    // REPL inputs are steps after the program's: each shows from its first step on (its output so
    // far while stepping through it), and new input is taken only at the last step, so the console
    // never shows a later world beside an earlier picture
    const atEnd = !model || model.stepCount === 0 || step >= model.stepCount - 1;
    if (this.input.disabled !== !atEnd) this.input.disabled = !atEnd;
    setAttr(this.input, 'placeholder', t(lang, atEnd ? 'console.placeholder' : 'console.placeholderEarlier'));
    // the banner only where REPL lines lie ahead on the timeline; otherwise the closed input says it
    if (this.afterEnd.hidden !== (atEnd || repl.length === 0)) this.afterEnd.hidden = atEnd || repl.length === 0;
    setText(this.afterEnd.firstElementChild!, t(lang, 'console.afterEnd'));
    setText(this.toEnd, t(lang, 'console.toEnd'));
    for (const e of repl) {
      const last = e.firstStep + e.steps - 1;
      if (!atEnd && step < Math.min(e.firstStep, last)) break;
      const done = atEnd || step >= last;
      const current = e.steps > 0 && step >= e.firstStep && step <= last;
      parts.push(h('span', { class: current ? 'input current-input' : 'input' }, `>>> ${e.input}\n`));
      const stdout = done ? e.stdout : stepsOutput(model, e.firstStep, step);
      if (stdout) parts.push(h('span', { class: 'stdout' }, stdout));
      if (!done) continue;
      if (e.echo) parts.push(h('span', { class: 'echo' }, e.echo.endsWith('\n') ? e.echo : e.echo + '\n'));
      for (const run of classifyChunks([{ stream: 'stderr', text: e.stderr, step: -1 }])) {
        parts.push(h('span', { class: run.kind }, run.text));
      }
    }
    // a step that printed nothing leaves the console as it was (no restyle, no layout)
    const html = parts.map((p) => p.outerHTML).join('');
    if (html === this.shown) return;
    this.shown = html;
    this.out.replaceChildren(...parts);
    // scrolled in the next frame: reading scrollHeight now would force a layout of the whole page
    const scroller = this.out.parentElement;
    if (scroller) nextFrame(this, () => {
      const bottom = scroller.scrollHeight;
      return () => void (scroller.scrollTop = bottom);
    });
  }

  /** The whole console text (tests and e2e read it). */
  get text(): string {
    return this.out.textContent ?? '';
  }
}

/** What steps `from`..`to` of the timeline printed to stdout (a REPL input part-way through). */
function stepsOutput(model: TraceModel | null, from: number, to: number): string {
  let text = '';
  for (let i = from; model && i <= to; i++) text += model.trace.steps[i]?.stdout ?? '';
  return text;
}
