// Step controls: first/back/play/forward/last buttons, a timeline slider with marks on steps that
// raised or ran backward() and where REPL inputs begin, and the "Step n of N · line L" label.
import type { Trace } from '../engine/trace';
import { t, type Lang } from '../model/i18n';
import { endedBy, stepLegend } from '../model/step-legend';
import { nextIteration, passesOf } from '../model/navigation';
import { clear, h, s, setAttr, setText } from './dom';

// Icons as SVG paths (font glyphs like ⏮ are missing from many systems' fonts).
const ICONS = {
  first: 'M3 2h2v12H3z M14 2v12L6 8z',
  prev: 'M11 2v12L3 8z M12 2h2v12h-2z',
  next: 'M5 2v12l8-6z M2 2h2v12H2z',
  last: 'M2 2v12l8-6z M11 2h2v12h-2z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h4v12H3z M9 2h4v12H9z',
};
function icon(name: keyof typeof ICONS): SVGSVGElement {
  return s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', class: 'icon' }, s('path', { d: ICONS[name], fill: 'currentColor' }));
}

export interface StepperHandlers {
  first(): void;
  prev(): void;
  next(): void;
  last(): void;
  togglePlay(): void;
  goTo(step: number): void;
  nextIteration(): void;
}

export class StepperView {
  private readonly buttons: Record<'first' | 'prev' | 'play' | 'next' | 'last', HTMLButtonElement>;
  private readonly iteration: HTMLButtonElement;
  private readonly range: HTMLInputElement;
  private readonly marks: HTMLElement;
  private readonly label: HTMLElement;
  private readonly keys: HTMLElement;
  private readonly legend: HTMLElement;
  /** ticks on the timeline at every pass of the current statement (its loop's iterations) */
  private readonly passes: HTMLElement;
  private passesTrace: Trace | null = null;
  private passesLine = -1;
  private readonly passLayers = new Map<number, HTMLElement[]>();
  private markedTrace: Trace | null = null;

  constructor(container: HTMLElement, handlers: StepperHandlers) {
    const btn = (cls: keyof typeof ICONS, onClick: () => void) => {
      const b = h('button', { class: cls, type: 'button' }, icon(cls));
      b.addEventListener('click', onClick);
      return b;
    };
    this.buttons = {
      first: btn('first', handlers.first),
      prev: btn('prev', handlers.prev),
      play: btn('play', handlers.togglePlay),
      next: btn('next', handlers.next),
      last: btn('last', handlers.last),
    };
    this.iteration = h('button', { type: 'button', class: 'iteration', 'aria-keyshortcuts': 'N' }, '⟳');
    this.iteration.addEventListener('click', handlers.nextIteration);
    this.range = h('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, class: 'range' });
    this.range.addEventListener('input', () => handlers.goTo(Number(this.range.value)));
    this.marks = h('div', { class: 'marks', 'aria-hidden': 'true' });
    this.passes = h('div', { class: 'passes', 'aria-hidden': 'true' });
    this.label = h('div', { class: 'label', 'aria-live': 'polite' });
    this.keys = h('div', { class: 'keys' });
    this.legend = h('div', { class: 'step-legend' });
    container.append(
      this.buttons.first, this.buttons.prev, this.buttons.play, this.buttons.next, this.buttons.last, this.iteration,
      h('div', { class: 'timeline' }, this.range, this.marks, this.passes),
      this.label, this.legend, this.keys,
    );
  }

  update(trace: Trace | null, step: number, playing: boolean, lang: Lang): void {
    const n = trace?.steps.length ?? 0;
    const b = this.buttons;
    const labels: [HTMLButtonElement, string][] = [
      [b.first, t(lang, 'btn.first')], [b.prev, t(lang, 'btn.prev')], [b.next, t(lang, 'btn.next')], [b.last, t(lang, 'btn.last')],
      [b.play, t(lang, playing ? 'btn.pause' : 'btn.play')],
    ];
    // only what changed is written: an equal value rewritten still costs the page a restyle
    for (const [el, text] of labels) {
      setAttr(el, 'aria-label', text);
      setAttr(el, 'title', text);
    }
    if (this.drawnPlay !== `${lang}|${playing}`) {
      this.drawnPlay = `${lang}|${playing}`;
      b.play.replaceChildren(icon(playing ? 'pause' : 'play'), ` ${t(lang, playing ? 'btn.pause' : 'btn.play')}`);
      b.play.setAttribute('aria-pressed', String(playing));
    }
    setDisabled(b.first, n === 0 || step <= 0);
    setDisabled(b.prev, n === 0 || step <= 0);
    setDisabled(b.next, n === 0 || step >= n - 1);
    setDisabled(b.last, n === 0 || step >= n - 1);
    setDisabled(b.play, n < 2);
    const again = trace ? nextIteration(trace, step) : null;
    setDisabled(this.iteration, again === null);
    setText(this.iteration, `⟳ ${t(lang, 'btn.nextIteration')}`);
    setAttr(this.iteration, 'title', t(lang, 'btn.nextIteration.title'));
    if (this.range.max !== String(Math.max(0, n - 1))) this.range.max = String(Math.max(0, n - 1));
    if (this.range.value !== String(Math.max(0, step))) this.range.value = String(Math.max(0, step));
    setDisabled(this.range, n < 2);
    setAttr(this.range, 'aria-label', t(lang, 'step.timeline'));
    const label = n && step >= 0 ? stepLabel(trace!, step, lang) : '';
    setAttr(this.range, 'aria-valuetext', label);
    setText(this.label, label || t(lang, 'step.none'));
    this.label.dataset.step = String(step);
    this.drawLegend(trace, step, lang);
    this.drawPasses(trace, step);
    if (this.keysLang !== lang) this.drawKeys(lang);
    if (trace !== this.markedTrace) this.drawMarks(trace);
  }

  /** The keyboard help line, drawn once per language. On a touch screen the shortcuts are for
   * screen readers only (styles.css) and the line-number hint says tap. */
  private keysLang: Lang | null = null;
  private drawnPlay = '';
  private drawKeys(lang: Lang): void {
    this.keysLang = lang;
    this.keys.replaceChildren(
      h('span', { class: 'shortcuts' },
        h('kbd', {}, 'Ctrl'), '+', h('kbd', {}, 'Enter'), ` ${t(lang, 'keys.run')} · `,
        h('kbd', {}, '←'), h('kbd', {}, '→'), ` ${t(lang, 'keys.step')} · `, h('kbd', {}, 'Home'), h('kbd', {}, 'End'), ' · ',
        h('kbd', {}, 'Space'), ` ${t(lang, 'keys.play')} `, h('kbd', {}, 'Alt'), t(lang, 'keys.anywhere'), ' · ',
        h('kbd', {}, 'Esc'), h('kbd', {}, 'Tab'), ` ${t(lang, 'keys.leaveEditor')} · `, h('kbd', {}, 'P'), ` ${t(lang, 'btn.present')} · `,
        h('kbd', {}, 'N'), ` ${t(lang, 'btn.nextIteration')} · `),
      h('span', { class: 'gutter-hint pointer' }, t(lang, 'keys.gutter')),
      h('span', { class: 'gutter-hint touch' }, t(lang, 'keys.gutterTouch')),
    );
  }

  /** A loop's passes of the current statement as ticks on the timeline (at most a few hundred),
   * built once per line of a trace: stepping through a loop swaps between a few prebuilt layers. */
  private drawPasses(trace: Trace | null, step: number): void {
    if (trace !== this.passesTrace) {
      this.passesTrace = trace;
      this.passLayers.clear();
    }
    const p = trace && trace.steps.length > 1 ? passesOf(trace, step) : null;
    const line = p && p.steps.length > 1 ? trace!.steps[step].line : -1;
    if (line === this.passesLine) return;
    this.passesLine = line;
    if (line < 0) {
      clear(this.passes);
      return;
    }
    let layer = this.passLayers.get(line);
    if (!layer) {
      const n = trace!.steps.length;
      const stride = Math.ceil(p!.steps.length / 300);
      layer = p!.steps.filter((_, k) => k % stride === 0).map((i) => h('span', { class: 'pass', style: `left: ${(i / (n - 1)) * 100}%` }));
      this.passLayers.set(line, layer);
    }
    this.passes.replaceChildren(...layer);
  }

  /** The swatches match the editor's line marks (styles.css: .cm-step-line, .cm-next-line). */
  private drawLegend(trace: Trace | null, step: number, lang: Lang): void {
    const l = stepLegend(trace, step);
    const pass = trace ? passesOf(trace, step) : null;
    if (!l) {
      this.legend.replaceChildren();
      return;
    }
    const ran = l.input !== null
      ? t(lang, l.raised && !l.caught ? 'legend.replRaised' : 'legend.replJustRun', { input: l.input, type: l.raised ?? '' })
      : l.raised && l.caught ? t(lang, 'legend.caught', { line: l.justRun, type: l.raised })
        : l.raised ? t(lang, 'legend.raised', { line: l.justRun, type: l.raised })
          : t(lang, 'legend.justRun', { line: l.justRun });
    const next = l.nextInput !== null ? t(lang, 'legend.replNext', { input: l.nextInput })
      : l.next === null ? t(lang, l.input !== null ? 'legend.replEnd' : 'legend.end') : t(lang, 'legend.next', { line: l.next });
    this.legend.replaceChildren(
      h('span', { class: 'item' }, h('span', { class: `swatch ${l.raised && !l.caught ? 'raised' : 'just-run'}`, 'aria-hidden': 'true' }),
        ran,
        pass && pass.steps.length > 1 ? h('b', { class: 'pass-count' }, ` · ${t(lang, 'legend.pass', { n: pass.index + 1, total: pass.steps.length })}`) : null),
      h('span', { class: 'item' }, h('span', { class: `swatch ${l.next === null && l.nextInput === null ? 'end' : 'next'}`, 'aria-hidden': 'true' }), next),
    );
  }

  private drawMarks(trace: Trace | null): void {
    this.markedTrace = trace;
    clear(this.marks);
    const n = trace?.steps.length ?? 0;
    if (!trace || n < 2) return;
    trace.steps.forEach((s, i) => {
      const kind = s.error ? (endedBy(trace, i) ? 'error' : 'caught') : s.backward ? 'backward' : null;
      if (kind) this.marks.append(h('span', { class: `mark ${kind}`, style: `left: ${(i / (n - 1)) * 100}%` }));
      // where each REPL input's steps begin (after the program's)
      if (s.repl && trace.steps[i - 1]?.repl?.entry !== s.repl.entry) {
        this.marks.append(h('span', { class: 'mark repl', style: `left: ${(i / (n - 1)) * 100}%` }));
      }
    });
  }
}

/** "Step n of N · line L", or the REPL input the step ran. */
function stepLabel(trace: Trace, step: number, lang: Lang): string {
  const s = trace.steps[step], total = trace.steps.length;
  return s.repl ? t(lang, 'step.replLabel', { n: step + 1, total, input: s.repl.input })
    : t(lang, 'step.label', { n: step + 1, total, line: s.line });
}

function setDisabled(el: HTMLButtonElement | HTMLInputElement, on: boolean): void {
  if (el.disabled !== on) el.disabled = on;
}
