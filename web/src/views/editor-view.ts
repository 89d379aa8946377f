// The program editor: CodeMirror 6 with Python highlighting, Ctrl/Cmd+Enter to run, the current
// statement's lines highlighted and the failing line marked with its error message below it.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { pythonLanguage } from '@codemirror/lang-python';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, StateEffect, StateField, type Range } from '@codemirror/state';
import {
  Decoration, type DecorationSet, EditorView, WidgetType, drawSelection, highlightSpecialChars, keymap, lineNumbers,
} from '@codemirror/view';
import { reducedMotion } from './scroll';
import { nextFrame, type Writer } from './frame';

/** Room kept under a failing line for the error message drawn below it. */
const ERROR_WIDGET_PX = 48;

export interface EditorMarks {
  /** 1-based lines of the current statement (inclusive), or null */
  step: { line: number; endLine: number } | null;
  /** 1-based first line of the statement that runs next, or null */
  next?: number | null;
  error: { line: number; text: string } | null;
}

const setMarks = StateEffect.define<EditorMarks>();

class ErrorWidget extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: ErrorWidget): boolean {
    return other.text === this.text;
  }
  toDOM(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'cm-error-widget';
    div.setAttribute('role', 'note');
    div.textContent = this.text; // text only: the message comes from the program's run
    return div;
  }
}

function decorationsFor(state: EditorState, marks: EditorMarks): DecorationSet {
  const ranges: Range<Decoration>[] = [];
  const doc = state.doc;
  const valid = (n: number) => n >= 1 && n <= doc.lines;
  if (marks.step && valid(marks.step.line)) {
    const end = Math.min(Math.max(marks.step.endLine, marks.step.line), doc.lines);
    for (let n = marks.step.line; n <= end; n++) {
      if (marks.error && marks.error.line === n) continue;
      ranges.push(Decoration.line({ class: 'cm-step-line' }).range(doc.line(n).from));
    }
  }
  const stepLines = marks.step ? [marks.step.line, Math.max(marks.step.endLine, marks.step.line)] : [0, -1];
  if (marks.next && valid(marks.next) && (marks.next < stepLines[0] || marks.next > stepLines[1]) && marks.error?.line !== marks.next) {
    ranges.push(Decoration.line({ class: 'cm-next-line' }).range(doc.line(marks.next).from));
  }
  if (marks.error && valid(marks.error.line)) {
    const line = doc.line(marks.error.line);
    ranges.push(Decoration.line({ class: 'cm-error-line' }).range(line.from));
    ranges.push(Decoration.widget({ widget: new ErrorWidget(marks.error.text), block: true, side: 1 }).range(line.to));
  }
  return Decoration.set(ranges, true);
}

const marksField = StateField.define<{ marks: EditorMarks; deco: DecorationSet }>({
  create: () => ({ marks: { step: null, error: null }, deco: Decoration.none }),
  update(value, tr) {
    let marks = value.marks;
    for (const e of tr.effects) if (e.is(setMarks)) marks = e.value;
    if (tr.docChanged && marks === value.marks) {
      // editing invalidates the run's marks: they describe a program that no longer exists
      marks = { step: null, error: null };
    }
    if (marks === value.marks && !tr.docChanged) return value;
    return { marks, deco: decorationsFor(tr.state, marks) };
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.deco),
});

// tabindex: the code stays focusable (and its scroller reachable by keyboard) when read-only, where
// CodeMirror drops contenteditable; when editable it is the tab stop it already was
const readOnlyExt = (on: boolean) => [EditorState.readOnly.of(on), EditorView.contentAttributes.of({ 'aria-readonly': String(on), tabindex: '0' })];

export class EditorView_ {
  private readonly view: EditorView;
  /** a lesson's program is shown read-only until the learner chooses "try it yourself" */
  private readonly readOnly = new Compartment();

  constructor(container: HTMLElement, doc: string, handlers: {
    onRun: () => void; onChange: (code: string) => void; label: string;
    /** a line number in the gutter was clicked: "run to line" */
    onGutterLine?: (line: number) => void;
    /** shown, stepped, never edited (an embed's read-only attribute) */
    readOnly?: boolean;
  }) {
    const runKey = { key: 'Mod-Enter', run: () => (handlers.onRun(), true), preventDefault: true };
    this.view = new EditorView({
      parent: container,
      state: EditorState.create({
        doc,
        extensions: [
          lineNumbers({
            domEventHandlers: {
              mousedown: (view, block) => {
                if (!handlers.onGutterLine) return false;
                handlers.onGutterLine(view.state.doc.lineAt(block.from).number);
                return true;
              },
            },
          }),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          pythonLanguage, // the language alone: python() adds completion sources that pull in @codemirror/autocomplete
          keymap.of([runKey, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          marksField,
          this.readOnly.of(readOnlyExt(false)),
          EditorState.tabSize.of(4),
          EditorView.lineWrapping,
          ...(handlers.readOnly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []),
          EditorView.contentAttributes.of({ 'aria-label': handlers.label, 'aria-describedby': 'editor-help' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) handlers.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
  }

  get code(): string {
    return this.view.state.doc.toString();
  }

  setCode(code: string): void {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: code } });
  }

  setReadOnly(on: boolean): void {
    this.view.dispatch({ effects: this.readOnly.reconfigure(readOnlyExt(on)) });
  }

  update(marks: EditorMarks): void {
    this.view.dispatch({ effects: setMarks.of(marks) });
    const target = marks.error?.line ?? marks.step?.line;
    // measured in the next frame, with the page's other readers (no forced layout in a redraw)
    if (target && target <= this.view.state.doc.lines) nextFrame(this, () => this.planShowLine(target, marks.error?.line === target ? ERROR_WIDGET_PX : 0));
  }

  /**
   * Scrolls the editor alone so the line is visible. CodeMirror's scrollIntoView also scrolls the
   * page, which in the one-column layout dragged the teacher back to the editor on every step.
   */
  private planShowLine(line: number, extraBelow: number): Writer | undefined {
    const view = this.view;
    const scroller = view.scrollDOM;
    if (typeof scroller.scrollTo !== 'function' || line > view.state.doc.lines) return;
    const block = view.lineBlockAt(view.state.doc.line(line).from);
    const docOffset = view.documentTop - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const top = docOffset + block.top, bottom = docOffset + block.bottom + extraBelow;
    const margin = Math.min(48, scroller.clientHeight / 4);
    let next = scroller.scrollTop;
    if (top < next + margin) next = top - margin;
    else if (bottom > next + scroller.clientHeight - margin) next = Math.min(top - margin, bottom - scroller.clientHeight + margin);
    if (Math.abs(next - scroller.scrollTop) < 1) return;
    return () => void scroller.scrollTo({ top: Math.max(0, next), behavior: reducedMotion() ? 'auto' : 'smooth' });
  }

  focus(): void {
    this.view.focus();
  }

  get hasFocus(): boolean {
    return this.view.hasFocus;
  }
}
