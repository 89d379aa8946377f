// Wires the page: builds the panel frame, owns the engine host, turns user input (buttons, keys,
// timeline, REPL) into AppState transitions, and redraws every view from the current step's
// snapshot (never re-executing the program).
import type { WorkerHost } from './engine/worker-host';
import type { PrefetchOutcome } from './engine/prefetch-full';
import type { Id } from './engine/trace';
import { AppState, type State } from './model/app-state';
import { LANGS, langFromTag, t, type Lang, type MessageKey } from './model/i18n';
import { isLesson } from './model/lesson';
import { formatLessonHash, parseLessonHash } from './model/lesson-link';
import { formatHash, initialState, keepDraft, loadSaved, parseHash, save, type SavedState } from './model/persist';
import { COURSE } from './lessons/course';
import { LessonView } from './views/lesson-view';
import { nextIteration, stepAtLine } from './model/navigation';
import { ConsoleView } from './views/console-view';
import { h } from './views/dom';
import { LazyEditor } from './views/lazy-editor';
import { openEmbedDialog } from './embed/embed-dialog';
import { ErrorView } from './views/error-view';
import { GraphView, PRESENTATION_TEXT_SCALE } from './views/graph-view';
import { MemoryView } from './views/memory-view';
import { StepperView } from './views/stepper-view';

const PLAY_MS = 900;
/** A request still running after this long shows the Stop button (shorter runs would only flash it). */
const STOP_AFTER_MS = 300;

const DEFAULT_CODE = COURSE[0]?.lesson.code ?? 'import torch\n\na = torch.tensor([1.0, 2.0, 3.0])\nb = a.view(3, 1)\n';

export interface Diagnostics {
  readyMs: number;
  lastRunMs: number;
  lastRedrawMs: number;
  maxRedrawMs: number;
  redraws: number;
  memoryMs?: number;
  editorMs?: number;
  graphMs?: number;
  /** the full engine's prefetch (main.ts, engine/prefetch-full.ts) */
  prefetch?: 'waiting' | PrefetchOutcome;
}

export class App {
  readonly state: AppState;
  readonly diagnostics: Diagnostics = { readyMs: 0, lastRunMs: 0, lastRedrawMs: 0, maxRedrawMs: 0, redraws: 0 };
  private host: WorkerHost | null = null;
  private readonly els: Record<string, HTMLElement> = {};
  private readonly editor: LazyEditor;
  private readonly stepper: StepperView;
  private readonly memory: MemoryView;
  private readonly graph: GraphView;
  private readonly console: ConsoleView;
  private readonly errorCard: ErrorView;
  private readonly lesson: LessonView;
  private playTimer = 0;
  private saveTimer = 0;
  private urlTimer = 0;
  private pendingStep: number | undefined;
  /** Counts runs, so that a run superseded by a newer one does not touch the page when it settles. */
  private runSerial = 0;
  /** Requests sent to the engine and not yet answered; the Stop button shows while this is > 0. */
  private inFlight = 0;
  private stopTimer = 0;
  /** The graph panel's latest update (it awaits the lazily loaded layout library once). */
  pendingGraph: Promise<void> = Promise.resolve();

  /** `editorAfter`: when CodeMirror may load and replace the editor's textarea (LazyEditor's loadAfter). */
  constructor(root: HTMLElement, { editorAfter }: { editorAfter?: Promise<unknown> } = {}) {
    // a lesson link (#lesson=… or a teacher's #lesson-src=…) opens that lesson once the engine is
    // ready; until then the editor shows the learner's own program (never overwritten by a lesson)
    const lessonLink = parseLessonHash(location.hash);
    const init = lessonLink ? { ...initialState('', window.localStorage, DEFAULT_CODE), step: undefined } : initialState(location.hash, window.localStorage, DEFAULT_CODE);
    this.lessonLink = lessonLink;
    const lang: Lang = lessonLink?.lang ?? init.lang ?? langFromTag(navigator.language) ?? 'en';
    this.state = new AppState(lang);
    this.pendingStep = init.step;
    document.documentElement.lang = lang;

    const panel = (key: string, titleKey: MessageKey, extraClass = '') => {
      const title = h('h2', { id: `${key}-title` }, t(lang, titleKey));
      const el = h('section', { class: `panel ${key} ${extraClass}`, 'aria-labelledby': `${key}-title` }, title);
      this.els[`${key}Title`] = title;
      return el;
    };
    const runBtn = h('button', { class: 'run', type: 'button', id: 'run', disabled: true }, `▶ ${t(lang, 'btn.run')}`);
    const lessons = h('select', { id: 'lessons', 'aria-label': t(lang, 'btn.example') },
      h('option', { value: '' }, `${t(lang, 'btn.example')}…`),
      ...COURSE.map((l, i) => h('option', { value: String(i) }, `${i + 1}. ${l.lesson.title[lang]}`)));
    const stopBtn = h('button', { class: 'stop', type: 'button', id: 'stop', hidden: true }, `■ ${t(lang, 'btn.stop')}`);
    const share = h('button', { type: 'button', id: 'share' }, t(lang, 'btn.share'));
    const embed = h('button', { type: 'button', id: 'embed', 'aria-haspopup': 'dialog' }, t(lang, 'btn.embed'));
    embed.addEventListener('click', () => openEmbedDialog({
      site: new URL('./', location.href.replace(/#.*$/, '')).href, code: this.editor.code,
      step: this.state.state.model ? this.state.state.step : undefined, lang: this.state.state.lang,
    }, this.state.state.lang));
    const langBtn = h('button', { type: 'button', id: 'lang' }, t(lang, 'btn.lang'));
    const status = h('div', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' }, t(lang, 'app.loading'));
    const restore = h('button', { type: 'button', id: 'restore-draft', hidden: init.setAside === undefined }, t(lang, 'draft.restore'));
    restore.addEventListener('click', () => {
      const draft = this.setAside ?? init.setAside;
      if (draft === undefined) return;
      this.editor.setReadOnly(false);
      this.editor.setCode(draft);
      restore.hidden = true;
      void this.run();
    });
    const tagline = h('span', { class: 'tagline' }, t(lang, 'app.tagline'));
    Object.assign(this.els, { runBtn, stopBtn, lessons, share, embed, langBtn, status, tagline, restore });

    const editorPanel = panel('editor', 'panel.editor');
    const editorBody = h('div', { class: 'panel-body' });
    // Tab indents in the editor; CodeMirror's Esc-then-Tab is the one way out (said here and in the key hints)
    const editorHelp = h('p', { id: 'editor-help', class: 'visually-hidden' }, t(lang, 'editor.help'));
    this.els.editorHelp = editorHelp;
    editorPanel.append(editorBody, editorHelp);
    const consolePanel = panel('console', 'panel.console');
    const lessonPanel = h('section', { class: 'panel lesson', id: 'lesson', 'aria-labelledby': 'lesson-title' });
    const stepperPanel = h('section', { class: 'panel stepper-panel', 'aria-label': t(lang, 'panel.steps') });
    this.els.stepperPanel = stepperPanel;
    const stepperBody = h('div', { class: 'stepper' });
    const presentBtn = h('button', { type: 'button', id: 'present', class: 'present', 'aria-pressed': 'false', 'aria-keyshortcuts': 'P' }, t(lang, 'btn.present'));
    presentBtn.addEventListener('click', () => this.togglePresentation());
    this.els.presentBtn = presentBtn;
    stepperPanel.append(stepperBody, presentBtn);
    const errorEl = h('div', { id: 'error-card' });
    const memoryPanel = panel('memory', 'panel.memory');
    const memoryBody = h('div', { class: 'panel-body', id: 'memory' });
    memoryPanel.append(memoryBody);
    const graphPanel = panel('graph', 'panel.graph');
    const graphBody = h('div', { id: 'graph', style: 'display: contents' });
    graphPanel.append(graphBody);

    root.replaceChildren(this.els.app = h('div', { class: 'app' },
      h('header', { class: 'topbar' }, h('h1', {}, 'tensorplay'), tagline, status, restore, lessons, share, embed, langBtn, stopBtn, runBtn),
      h('main', { class: 'main' },
        h('div', { class: 'left' }, lessonPanel, editorPanel, consolePanel),
        this.els.right = h('div', { class: 'right' }, stepperPanel, errorEl, memoryPanel, graphPanel))));

    this.editor = new LazyEditor(editorBody, init.code, {
      onRun: () => void this.run(),
      onChange: (code) => this.scheduleSave(code),
      onGutterLine: (line) => this.runToLine(line),
      label: t(lang, 'panel.editor'),
      loadAfter: editorAfter,
    });
    this.stepper = new StepperView(stepperBody, {
      first: () => this.state.first(), prev: () => this.state.prev(), next: () => this.state.next(),
      last: () => this.state.last(), togglePlay: () => this.togglePlay(), goTo: (n) => this.state.goTo(n),
      nextIteration: () => this.nextIteration(),
    });
    this.memory = new MemoryView(memoryBody);
    this.graph = new GraphView(graphBody);
    this.console = new ConsoleView(consolePanel, (line) => this.exec(line), () => this.state.last());
    this.errorCard = new ErrorView(errorEl);

    runBtn.addEventListener('click', () => void this.run());
    stopBtn.addEventListener('click', () => this.stop());
    lessons.addEventListener('change', () => {
      const l = COURSE[Number(lessons.value)];
      if (l) this.lesson.open({ kind: 'course', slug: l.slug });
      lessons.value = '';
    });
    share.addEventListener('click', () => void this.copyLink());
    langBtn.addEventListener('click', () => {
      const next = LANGS[(LANGS.indexOf(this.state.state.lang) + 1) % LANGS.length];
      this.state.setLang(next);
      this.persist({ code: this.editor.code, lang: next });
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
    this.state.subscribe((s, prev) => this.redraw(s, prev));
    this.redraw(this.state.state, null);
    // subscribed after redraw: the panel highlights cards the memory view has just drawn
    this.lesson = new LessonView(lessonPanel, {
      state: this.state,
      openProgram: (code, o) => this.openProgram(code, o.step, o.readOnly),
      code: () => this.editor.code,
      setHash: (hash) => history.replaceState(null, '', hash),
      leaveLesson: () => this.leaveLesson(),
      memoryRoot: memoryBody,
    });
    window.addEventListener('hashchange', () => {
      const link = parseLessonHash(location.hash);
      if (link && this.host) {
        if (link.lang && link.lang !== this.state.state.lang) this.state.setLang(link.lang);
        this.lesson.open(link.lesson, link.step);
      }
    });
  }

  private lessonLink: ReturnType<typeof parseLessonHash>;

  /** Shows a lesson's (or the learner's) program and runs it. The learner's own program is
   * never lost: while a lesson holds the editor it is not saved over their last edit. */
  private openProgram(code: string, step: number | undefined, readOnly: boolean): void {
    if (!readOnly && this.editor.code === code && this.state.state.model) {
      // "try it yourself": the lesson's program becomes the learner's; their previous edit is kept aside
      const saved = loadSaved(window.localStorage).code;
      if (saved !== undefined && saved !== code) {
        keepDraft(window.localStorage, saved);
        this.els.restore.hidden = false;
        this.setAside = saved;
      }
      this.editor.setReadOnly(false);
      this.persist({ code, lang: this.state.state.lang });
      this.scheduleUrl();
      return;
    }
    this.editor.setReadOnly(readOnly);
    this.editor.setCode(code);
    this.pendingStep = step;
    void this.run();
  }

  private setAside: string | undefined;

  private leaveLesson(): void {
    this.editor.setReadOnly(false);
    this.editor.setCode(loadSaved(window.localStorage).code ?? DEFAULT_CODE);
    void this.run();
  }

  /** The address bar for the current step: the lesson's link while a lesson holds the editor. */
  private hashFor(step: number | undefined): string {
    return this.lesson?.hash(step, this.state.state.lang) ?? formatHash({ code: this.editor.code, step, lang: this.state.state.lang });
  }

  /** Attaches the loaded engine and runs the program once. */
  async attach(hostPromise: Promise<WorkerHost>): Promise<void> {
    try {
      this.host = await hostPromise;
    } catch (e) {
      this.state.setStatus({ kind: 'load-failed', message: (e as Error).message ?? String(e) });
      return;
    }
    this.diagnostics.readyMs = performance.now();
    (this.els.runBtn as HTMLButtonElement).disabled = false;
    this.els.status.dataset.ready = 'true';
    this.state.setStatus({ kind: 'ready' });
    const link = this.lessonLink;
    this.lessonLink = null;
    if (link) {
      const problem = this.lesson.open(link.lesson, link.step);
      if (problem === null) return;
      this.els.status.textContent = t(this.state.state.lang, 'lesson.bad', { message: problem });
    }
    await this.run();
  }

  async run(): Promise<void> {
    if (!this.host) return;
    this.stopPlay();
    const code = this.editor.code;
    this.persist({ code, lang: this.state.state.lang });
    // Note [Run while running]: a second Run stops the first and starts again rather than queueing.
    // The learner pressed Run because they want to see the code now in the editor; the older run's
    // result would be stale when it arrived, and queueing behind a run that may take minutes would
    // look exactly like the freeze this avoids. (REPL lines do queue: they continue the world.)
    this.host.stop();
    const serial = ++this.runSerial;
    this.state.setStatus({ kind: 'running' });
    const outcome = await this.track(this.host.run(code, (needed) => {
      if (serial === this.runSerial) this.state.setStatus({ kind: 'running', loadingFull: needed });
    }));
    if (serial !== this.runSerial) return;
    if (outcome.kind === 'stopped') {
      this.state.setStatus({ kind: 'stopped', ms: outcome.ms });
      return;
    }
    if (outcome.kind === 'failure') {
      this.state.setStatus({ kind: 'engine-failure', fatal: outcome.fatal, name: outcome.name, message: outcome.message, line: outcome.line });
      return;
    }
    this.diagnostics.lastRunMs = outcome.ms;
    const step = this.pendingStep;
    this.pendingStep = undefined;
    this.lesson.onRun(code);
    this.state.loadTrace(outcome.trace, Math.round(outcome.ms), step);
    history.replaceState(null, '', this.hashFor(this.state.state.step));
  }

  private async exec(line: string): Promise<void> {
    if (!this.host) return;
    // a REPL input that needs the full module says so while it downloads, then the status is back
    const before = this.state.state.status;
    let loading = false;
    const outcome = await this.track(this.host.exec(line, (needed) => {
      loading = true;
      this.state.setStatus({ kind: 'running', loadingFull: needed });
    }));
    if (loading && this.state.state.status.kind === 'running') this.state.setStatus(before);
    if (outcome.kind === 'stopped') {
      this.state.setStatus({ kind: 'stopped', ms: outcome.ms });
      return;
    }
    if (outcome.kind === 'failure') {
      this.state.setStatus({ kind: 'engine-failure', fatal: outcome.fatal, name: outcome.name, message: outcome.message, line: outcome.line });
      return;
    }
    this.state.addRepl(line, outcome.result);
  }

  /** Ends the run (or REPL line) in flight; the page keeps the code and the last trace. */
  stop(): void {
    this.host?.stop();
  }

  /** Shows the Stop button while `p` is pending for longer than STOP_AFTER_MS. */
  private async track<T>(p: Promise<T>): Promise<T> {
    if (this.inFlight++ === 0) this.stopTimer = window.setTimeout(() => this.showStop(true), STOP_AFTER_MS);
    try {
      return await p;
    } finally {
      if (--this.inFlight === 0) {
        clearTimeout(this.stopTimer);
        this.showStop(false);
      }
    }
  }

  private showStop(on: boolean): void {
    this.els.stopBtn.hidden = !on;
  }

  private togglePlay(): void {
    if (this.state.state.playing) this.stopPlay();
    else {
      this.state.play();
      this.playTimer = window.setInterval(() => {
        if (!this.state.tick()) this.stopPlay();
      }, PLAY_MS);
    }
  }

  private stopPlay(): void {
    clearInterval(this.playTimer);
    this.state.pause();
  }

  /** Clicking a line number shows the state after that line next ran (the program is not re-run). */
  runToLine(line: number): void {
    const trace = this.state.state.model?.trace;
    if (!trace || this.state.state.stale) return;
    const i = stepAtLine(trace, this.state.state.step, line);
    if (i !== null) this.state.goTo(i);
  }

  nextIteration(): void {
    const trace = this.state.state.model?.trace;
    const i = trace ? nextIteration(trace, this.state.state.step) : null;
    if (i !== null) this.state.goTo(i);
  }

  /** Presentation mode: large type, code and memory side by side, the page's chrome down to the stepper. */
  togglePresentation(on = !this.els.app.classList.contains('presenting')): void {
    this.els.app.classList.toggle('presenting', on);
    this.els.presentBtn.setAttribute('aria-pressed', String(on));
    this.graph.setTextScale(on ? PRESENTATION_TEXT_SCALE : 1);
    this.relabel(this.state.state.lang);
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    const typing = this.editor.hasFocus || target?.closest('input, select, textarea, .cm-editor') !== null;
    if (e.key === 'Escape' && !this.els.stopBtn.hidden) {
      e.preventDefault();
      this.stop();
      return;
    }
    if (e.key === 'Escape' && !typing && this.els.app.classList.contains('presenting')) {
      e.preventDefault();
      this.togglePresentation(false);
      return;
    }
    if (!typing && !e.altKey && !e.ctrlKey && !e.metaKey && (e.key === 'n' || e.key === 'N')) {
      e.preventDefault();
      this.nextIteration();
      return;
    }
    if (!typing && !e.altKey && !e.ctrlKey && !e.metaKey && (e.key === 'p' || e.key === 'P')) {
      e.preventDefault();
      this.togglePresentation();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      void this.run();
      return;
    }
    if (typing && !e.altKey) return;
    const s = this.state;
    const act: Record<string, () => void> = {
      ArrowRight: () => s.next(), ArrowLeft: () => s.prev(), Home: () => s.first(), End: () => s.last(),
    };
    if (!typing) act[' '] = () => this.togglePlay();
    const fn = act[e.key];
    if (fn && !(target instanceof HTMLButtonElement && e.key === ' ')) {
      e.preventDefault();
      fn();
    }
  }

  /** The address bar follows the step, but not on every key repeat (replaceState is not free). */
  private scheduleUrl(): void {
    clearTimeout(this.urlTimer);
    this.urlTimer = window.setTimeout(() => {
      history.replaceState(null, '', this.hashFor(this.state.state.step));
    }, 400);
  }

  private scheduleSave(code: string): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = window.setTimeout(() => this.persist({ code, lang: this.state.state.lang }), 300);
  }

  /** Saves the learner's edit with the program the address bar holds (see persist.initialState). */
  private persist(s: SavedState): void {
    // a lesson's program is not the learner's: keep their last edit, follow only the language
    if (this.lesson?.ownsEditor) {
      save(window.localStorage, { ...loadSaved(window.localStorage), lang: s.lang });
      return;
    }
    save(window.localStorage, { ...s, base: parseHash(location.hash).code });
  }

  private async copyLink(): Promise<void> {
    // a program written in the lesson format is shared as a lesson (a teacher's own lesson)
    const code = this.editor.code;
    const hash = this.lesson.hash(this.state.state.step, this.state.state.lang)
      ?? (isLesson(code) ? formatLessonHash({ lesson: { kind: 'shared', source: code }, lang: this.state.state.lang }) : this.hashFor(this.state.state.step));
    history.replaceState(null, '', hash);
    try {
      await navigator.clipboard.writeText(location.href);
      this.els.share.textContent = t(this.state.state.lang, 'btn.shared');
      setTimeout(() => (this.els.share.textContent = t(this.state.state.lang, 'btn.share')), 1500);
    } catch {
      // clipboard refused (permissions): the address bar holds the link anyway
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
        const key = st.name === 'FullModuleUnavailable' ? 'app.fullModuleUnavailable'
          : !st.fatal ? 'app.engineRefused' : st.line ? 'app.engineFailedAt' : 'app.engineFailed';
        return { text: t(L, key, { name: st.name, message: st.message, line: st.line ?? 0 }), error: true };
      }
      case 'stopped': return { text: t(L, s.model ? 'app.stopped' : 'app.stoppedNoTrace', { s: (st.ms / 1000).toFixed(1) }), error: false };
      case 'load-failed': return { text: t(L, 'app.loadFailed', { message: st.message }), error: true };
    }
  }

  private redraw(s: State, prev: State | null): void {
    const t0 = performance.now();
    const L = s.lang;
    if (!prev || prev.lang !== L) this.relabel(L);
    const model = s.model;
    const trace = model?.trace ?? null;
    const world = model && s.step >= 0 ? model.world(s.step) : null;
    const step = world?.step ?? null;
    const changedStep = !prev || prev.model !== model || prev.step !== s.step || prev.lang !== L || prev.stale !== s.stale;

    if (model && changedStep && s.step >= 0) {
      // Graphs are laid out on demand: only the steps next to this one, in idle time (laying out
      // every step's graph kept the main thread busy for seconds after a long run).
      const here = s.step;
      this.graph.warm(function* () {
        for (const i of [here + 1, here - 1]) if (i >= 0 && i < model.stepCount) yield model.world(i);
      });
    }
    if (changedStep) {
      // one error, shown once: the card beside the picture (on the step that raised it, or for a
      // run that never started), a mark on its line in the editor, the traceback in the console
      const runError = s.status.kind === 'ran' ? s.status.error : null;
      const uncaughtHere = model && s.step >= 0 ? model.uncaughtAt(s.step) : null;
      const shownError = s.stale ?? uncaughtHere ?? (trace && trace.steps.length === 0 ? trace.error : null);
      const marks = {
        tensors: new Set<Id>(s.stale ? [] : shownError?.tensor_ids ?? []),
        nodes: new Set<Id>(s.stale ? [] : shownError?.node_ids ?? []),
      };
      const te = performance.now();
      this.editor.update({
        // a REPL input's step ran no line of the editor
        step: step && !s.stale && !step.repl ? { line: step.line, endLine: step.end_line } : null,
        next: s.stale || step?.repl ? null : trace?.steps[s.step + 1]?.line || null,
        error: runError ? { line: runError.line, text: t(L, 'error.inEditor', { type: runError.type }) } : null,
      });
      this.diagnostics.editorMs = performance.now() - te;
      this.els.right.classList.toggle('stale', s.stale !== null);
      const source = s.stale ? this.editor.code : step?.repl ? step.repl.input : trace?.source ?? '';
      this.errorCard.update(shownError, L, s.stale !== null, shownError ? source.split('\n')[shownError.line - 1] ?? '' : '',
        !s.stale && step?.repl ? step.repl.input : null);
      const tm = performance.now();
      this.memory.update(world, L, marks);
      this.diagnostics.memoryMs = performance.now() - tm;
      this.graph.animate = !s.playing;
      // a backward step or an autograd error is about the graph: give it the room
      this.els.right.classList.toggle('graph-focus', Boolean(step?.backward) || marks.nodes.size > 0);
      const tg = performance.now();
      this.pendingGraph = this.graph.update(world, L, marks.nodes);
      this.diagnostics.graphMs = performance.now() - tg;
    }
    // after the editor: CodeMirror reads the page's selection as it updates, which costs a fresh
    // layout if anything was written before it in this redraw
    const status = this.statusText(s);
    if (this.els.status.textContent !== status.text) this.els.status.textContent = status.text;
    this.els.status.classList.toggle('error', status.error);
    this.els.status.classList.toggle('notice', s.status.kind === 'stopped');
    this.stepper.update(trace, s.step, s.playing, L);
    if (changedStep || prev?.repl !== s.repl) this.console.update(model, s.step, s.repl, L);
    if (prev && prev.step !== s.step && model) this.scheduleUrl();
    const ms = performance.now() - t0;
    this.diagnostics.lastRedrawMs = ms;
    this.diagnostics.maxRedrawMs = Math.max(this.diagnostics.maxRedrawMs, ms);
    this.diagnostics.redraws++;
  }

  private relabel(L: Lang): void {
    document.documentElement.lang = L;
    const titles: [string, MessageKey][] = [['editorTitle', 'panel.editor'], ['consoleTitle', 'panel.console'], ['memoryTitle', 'panel.memory'], ['graphTitle', 'panel.graph']];
    for (const [k, key] of titles) this.els[k].textContent = t(L, key);
    this.els.runBtn.textContent = `▶ ${t(L, 'btn.run')}`;
    this.els.runBtn.title = t(L, 'btn.run.title');
    this.els.runBtn.setAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
    this.els.stopBtn.textContent = `■ ${t(L, 'btn.stop')}`;
    this.els.stopBtn.title = t(L, 'btn.stop.title');
    this.els.stopBtn.setAttribute('aria-keyshortcuts', 'Escape');
    this.els.share.textContent = t(L, 'btn.share');
    this.els.embed.textContent = t(L, 'btn.embed');
    this.els.embed.title = t(L, 'btn.embed.title');
    this.els.langBtn.textContent = t(L, 'btn.lang');
    const presenting = this.els.app?.classList.contains('presenting') ?? false;
    this.els.presentBtn.textContent = t(L, presenting ? 'btn.presentExit' : 'btn.present');
    this.els.presentBtn.title = t(L, presenting ? 'btn.presentExit.title' : 'btn.present.title');
    this.els.tagline.textContent = t(L, 'app.tagline');
    this.els.restore.textContent = t(L, 'draft.restore');
    this.els.restore.title = t(L, 'draft.restore.title');
    this.els.editorHelp.textContent = t(L, 'editor.help');
    this.els.stepperPanel.setAttribute('aria-label', t(L, 'panel.steps'));
    const options = [...(this.els.lessons as HTMLSelectElement).options];
    options[0].textContent = `${t(L, 'btn.example')}…`;
    COURSE.forEach((l, i) => { if (options[i + 1]) options[i + 1].textContent = `${i + 1}. ${l.lesson.title[L]}`; });
  }
}
