// The playground inside an embed: the page's own views (editor, stepper, memory, console, graph)
// and AppState, laid out compactly for an article column, for one program. Unlike the page it never
// stops another run (the engine is shared by every embed on the page), has no REPL (the worker's
// session belongs to whichever embed ran last) and keeps nothing in localStorage (the article
// holds the program).
import type { Id } from '../engine/trace';
import type { WorkerHost } from '../engine/worker-host';
import { AppState, type State } from '../model/app-state';
import { t, type Lang, type MessageKey } from '../model/i18n';
import { formatHash } from '../model/persist';
import { ConsoleView } from '../views/console-view';
import { h } from '../views/dom';
import { ErrorView } from '../views/error-view';
import { GraphView } from '../views/graph-view';
import { LazyEditor } from '../views/lazy-editor';
import { MemoryView } from '../views/memory-view';
import { StepperView } from '../views/stepper-view';
import type { Panel } from './panels';


export interface PlayerOptions {
  code: string;
  lang: Lang;
  step?: number;
  readOnly: boolean;
  panels: ReadonlySet<Panel>;
  /** the full playground, for the "open" link (absolute; the embed may be on another site) */
  playgroundUrl: string;
}

const PLAY_MS = 900;

export class Player {
  readonly state: AppState;
  private host: WorkerHost | null = null;
  private readonly editor: LazyEditor | null = null;
  private readonly memory: MemoryView | null = null;
  private readonly graph: GraphView | null = null;
  private readonly console: ConsoleView | null = null;
  private readonly stepper: StepperView;
  private readonly errorCard: ErrorView;
  private readonly status: HTMLElement;
  private readonly runBtn: HTMLButtonElement;
  private readonly open: HTMLAnchorElement;
  private readonly titles: [HTMLElement, MessageKey][] = [];
  private pendingStep: number | undefined;
  private playTimer = 0;
  private runSerial = 0;
  /** Resolves after each finished run (tests and the element's `ran` event). */
  onRan: () => void = () => {};

  constructor(root: HTMLElement, private readonly opts: PlayerOptions) {
    const L = opts.lang;
    this.state = new AppState(L);
    this.pendingStep = opts.step;
    const panel = (key: Panel, titleKey: MessageKey) => {
      const title = h('h2', {}, t(L, titleKey));
      this.titles.push([title, titleKey]);
      return h('section', { class: `panel ${key === 'code' ? 'editor' : key}`, 'data-panel': key }, title);
    };
    this.status = h('span', { class: 'tp-status', role: 'status' }, t(L, 'embed.waiting'));
    this.runBtn = h('button', { type: 'button', class: 'run', disabled: true, hidden: opts.readOnly }, `▶ ${t(L, 'btn.run')}`);
    this.runBtn.addEventListener('click', () => void this.run());
    this.open = h('a', { class: 'tp-open', target: '_blank', rel: 'noopener' }, `${t(L, 'embed.open')} ↗`);
    const stepperBody = h('div', { class: 'stepper' });
    const errorEl = h('div', { class: 'tp-error' });
    const grid = h('div', { class: 'tp-grid' });

    if (opts.panels.has('code')) {
      const p = panel('code', 'panel.editor');
      const body = h('div', { class: 'panel-body' });
      p.append(body);
      grid.append(p);
      this.editor = new LazyEditor(body, opts.code, {
        onRun: () => void this.run(), onChange: () => this.markEdited(), label: t(L, 'panel.editor'),
        onGutterLine: (line) => this.runToLine(line), readOnly: opts.readOnly,
      });
    }
    if (opts.panels.has('memory')) {
      const p = panel('memory', 'panel.memory');
      const body = h('div', { class: 'panel-body' });
      p.append(body);
      grid.append(p);
      this.memory = new MemoryView(body);
    }
    if (opts.panels.has('console')) {
      const p = panel('console', 'panel.console');
      grid.append(p);
      this.console = new ConsoleView(p, async () => {}, () => this.state.last());
    }
    if (opts.panels.has('graph')) {
      const p = panel('graph', 'panel.graph');
      const body = h('div', { style: 'display: contents' });
      p.append(body);
      grid.append(p);
      this.graph = new GraphView(body);
    }
    root.replaceChildren(h('div', { class: 'tp', lang: L, 'aria-label': t(L, 'embed.label'), role: 'group' },
      h('div', { class: 'tp-bar' }, h('span', { class: 'tp-brand' }, 'tensorplay'), this.status, this.open, this.runBtn),
      h('div', { class: 'panel stepper-panel' }, stepperBody),
      errorEl, grid));
    this.stepper = new StepperView(stepperBody, {
      first: () => this.state.first(), prev: () => this.state.prev(), next: () => this.state.next(),
      last: () => this.state.last(), togglePlay: () => this.togglePlay(), goTo: (n) => this.state.goTo(n),
      nextIteration: () => {},
    });
    this.errorCard = new ErrorView(errorEl);
    root.addEventListener('keydown', (e) => this.onKey(e));
    this.state.subscribe((s, prev) => this.redraw(s, prev));
    this.redraw(this.state.state, null);
    this.updateOpenLink();
  }

  get code(): string {
    return this.editor?.code ?? this.opts.code;
  }

  /** Attaches the shared engine and runs the program once. */
  async attach(engine: Promise<WorkerHost>): Promise<void> {
    this.state.setStatus({ kind: 'loading' });
    try {
      this.host = await engine;
    } catch (e) {
      this.state.setStatus({ kind: 'load-failed', message: (e as Error).message ?? String(e) });
      return;
    }
    this.runBtn.disabled = false;
    await this.run();
  }

  async run(): Promise<void> {
    if (!this.host) return;
    this.stopPlay();
    const serial = ++this.runSerial;
    this.state.setStatus({ kind: 'running' });
    const outcome = await this.host.run(this.code, (needed) => {
      if (serial === this.runSerial) this.state.setStatus({ kind: 'running', loadingFull: needed });
    });
    if (serial !== this.runSerial) return;
    if (outcome.kind === 'stopped') this.state.setStatus({ kind: 'stopped', ms: outcome.ms });
    else if (outcome.kind === 'failure') this.state.setStatus({ kind: 'engine-failure', fatal: outcome.fatal, name: outcome.name, message: outcome.message });
    else {
      const step = this.pendingStep;
      this.pendingStep = undefined;
      this.state.loadTrace(outcome.trace, Math.round(outcome.ms), step);
    }
    this.onRan();
  }

  private markEdited(): void {
    this.updateOpenLink();
  }

  private updateOpenLink(): void {
    const s = this.state.state;
    this.open.href = this.opts.playgroundUrl + formatHash({ code: this.code, step: s.model ? s.step : this.pendingStep, lang: s.lang });
  }

  private runToLine(line: number): void {
    const trace = this.state.state.model?.trace;
    if (!trace) return;
    for (let i = 0; i < trace.steps.length; i++) {
      const k = (this.state.state.step + 1 + i) % trace.steps.length;
      if (trace.steps[k].line === line) return this.state.goTo(k);
    }
  }

  private togglePlay(): void {
    if (this.state.state.playing) return this.stopPlay();
    this.state.play();
    this.playTimer = window.setInterval(() => {
      if (!this.state.tick()) this.stopPlay();
    }, PLAY_MS);
  }

  private stopPlay(): void {
    clearInterval(this.playTimer);
    this.state.pause();
  }

  /** Arrow keys step while the focus is in this embed but not in its editor. */
  private onKey(e: KeyboardEvent): void {
    const target = e.composedPath()[0] as HTMLElement | undefined;
    const typing = this.editor?.hasFocus || target?.closest?.('input, select, textarea, .cm-editor') != null;
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter' && !this.opts.readOnly) {
      e.preventDefault();
      void this.run();
      return;
    }
    if (typing && !e.altKey) return;
    const s = this.state;
    const act: Record<string, () => unknown> = { ArrowRight: () => s.next(), ArrowLeft: () => s.prev(), Home: () => s.first(), End: () => s.last() };
    const fn = act[e.key];
    if (fn) {
      e.preventDefault();
      fn();
    }
  }

  private statusText(s: State): { text: string; error: boolean } {
    const L = s.lang, st = s.status;
    switch (st.kind) {
      case 'loading': return { text: t(L, 'app.loading'), error: false };
      case 'ready': return { text: t(L, 'app.ready'), error: false };
      case 'running': return { text: st.loadingFull ? t(L, 'app.loadingFull', { name: st.loadingFull }) : t(L, 'app.running'), error: false };
      case 'ran': return st.error
        ? { text: t(L, 'app.ranError', { line: st.error.line, type: st.error.type }), error: true }
        : { text: t(L, 'app.ran', { steps: st.steps, ms: st.ms }), error: false };
      case 'engine-failure': {
        const key = st.name === 'FullModuleUnavailable' ? 'app.fullModuleUnavailable' : st.fatal ? 'app.engineFailed' : 'app.engineRefused';
        return { text: t(L, key, { name: st.name, message: st.message }), error: true };
      }
      case 'stopped': return { text: t(L, 'app.stoppedNoTrace', { s: (st.ms / 1000).toFixed(1) }), error: false };
      case 'load-failed': return { text: t(L, 'app.loadFailed', { message: st.message }), error: true };
    }
  }

  private redraw(s: State, prev: State | null): void {
    const L = s.lang;
    if (prev) {
      const st = this.statusText(s);
      this.status.textContent = st.text;
      this.status.classList.toggle('error', st.error);
    }
    const model = s.model;
    const trace = model?.trace ?? null;
    const world = model && s.step >= 0 ? model.world(s.step) : null;
    const step = world?.step ?? null;
    const changed = !prev || prev.model !== model || prev.step !== s.step;
    if (changed) {
      const runError = s.status.kind === 'ran' ? s.status.error : null;
      const shown = step?.error && model && s.step === model.errorStep() ? step.error : (trace && trace.steps.length === 0 ? trace.error : null);
      const nodes = new Set<Id>(shown?.node_ids ?? []);
      this.editor?.update({
        step: step ? { line: step.line, endLine: step.end_line } : null,
        next: trace?.steps[s.step + 1]?.line ?? null,
        error: runError ? { line: runError.line, text: t(L, 'error.inEditor', { type: runError.type }) } : null,
      });
      this.errorCard.update(shown, L, false, shown ? (trace?.source ?? '').split('\n')[shown.line - 1] ?? '' : '');
      this.memory?.update(world, L, { tensors: new Set<Id>(shown?.tensor_ids ?? []), nodes });
      if (this.graph) {
        this.graph.animate = !s.playing;
        void this.graph.update(world, L, nodes);
      }
      if (prev && model) this.updateOpenLink();
    }
    this.stepper.update(trace, s.step, s.playing, L);
    if (changed || prev?.repl !== s.repl) this.console?.update(model, s.step, s.repl, L);
    for (const [el, key] of this.titles) el.textContent = t(L, key);
  }
}
