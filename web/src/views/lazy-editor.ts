// The editor as the page first paints it: a plain <textarea> holding the learner's code, replaced
// by CodeMirror (editor-view.ts, ~85 % of the page's JavaScript) once that chunk has arrived. The
// page is usable before: the code shows, can be edited and run (Ctrl+Enter), and whatever was
// typed in the textarea is what CodeMirror starts from, so no keystroke is lost. Same surface as
// EditorView_, so the page does not care which of the two it holds.
import type { EditorMarks, EditorView_ } from './editor-view';
import { h } from './dom';

export interface EditorHandlers {
  onRun: () => void;
  onChange: (code: string) => void;
  label: string;
  onGutterLine?: (line: number) => void;
  readOnly?: boolean;
  /** CodeMirror's chunk is fetched (and replaces the shell) only once this settles. */
  loadAfter?: Promise<unknown>;
}

export class LazyEditor {
  private real: EditorView_ | null = null;
  private readonly shell: HTMLTextAreaElement;
  private marks: EditorMarks | null = null;
  /** a lesson's program is read-only until "try it yourself" (applied to whichever editor is up) */
  private readOnly: boolean | null = null;
  /** Settles when CodeMirror has replaced the shell (or failed to load: the shell stays). */
  readonly loaded: Promise<void>;

  constructor(container: HTMLElement, doc: string, handlers: EditorHandlers) {
    this.shell = h('textarea', {
      class: 'editor-shell', spellcheck: 'false', autocapitalize: 'off', autocomplete: 'off',
      'aria-label': handlers.label, 'aria-describedby': 'editor-help', readonly: handlers.readOnly === true,
    });
    this.shell.value = doc;
    this.shell.addEventListener('input', () => handlers.onChange(this.shell.value));
    this.shell.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
        e.preventDefault();
        handlers.onRun();
      }
    });
    container.append(this.shell);
    const after = handlers.loadAfter ?? Promise.resolve();
    this.loaded = after.then(() => {}, () => {}).then(() => import('./editor-view')).then(({ EditorView_ }) => {
      const root = this.shell.getRootNode() as Document | ShadowRoot;
      const focused = root.activeElement === this.shell;
      const code = this.shell.value;
      this.shell.remove();
      this.real = new EditorView_(container, code, handlers);
      if (this.marks) this.real.update(this.marks);
      if (this.readOnly !== null) this.real.setReadOnly(this.readOnly);
      if (focused) this.real.focus();
    }, () => {
      // the chunk failed to load (offline without a cache): the textarea keeps working
    });
  }

  get code(): string {
    return this.real ? this.real.code : this.shell.value;
  }

  setCode(code: string): void {
    if (this.real) this.real.setCode(code);
    else this.shell.value = code;
  }

  setReadOnly(on: boolean): void {
    this.readOnly = on;
    this.shell.readOnly = on;
    this.real?.setReadOnly(on);
  }

  update(marks: EditorMarks): void {
    this.marks = marks;
    this.real?.update(marks);
  }

  focus(): void {
    if (this.real) this.real.focus();
    else this.shell.focus();
  }

  get hasFocus(): boolean {
    if (this.real) return this.real.hasFocus;
    return (this.shell.getRootNode() as Document | ShadowRoot).activeElement === this.shell;
  }
}
