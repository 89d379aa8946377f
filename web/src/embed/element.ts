// <tensor-playground>: a live playground inside any article, added with one
//   <script type="module" src="…/tensor-playground.js"></script>
// The program is the element's own text, from a child <pre> or <script type="text/x-python">, so
// the article still reads without JavaScript. Attributes (all optional):
//   lang="en|zh-CN"   (else the nearest lang="" of the article, else the browser's)
//   step="N"          the step shown first (0-based, as in share links)
//   readonly          shown and stepped, never edited (no Run button)
//   panels="code memory console graph"   which panels show, in this order of preference
//   height="32rem"    a fixed height (panels scroll inside); default: as tall as its content
//   theme="light|dark"  else the reader's light or dark preference
// It lives in a shadow root (the article's styles do not reach in, its own do not leak out), runs
// once it is near the viewport (IntersectionObserver), and shares one engine and one worker with
// every other embed on the page (shared-engine.ts).
import appCss from '../styles.css?inline';
import { langFromTag, type Lang } from '../model/i18n';
import embedCss from './embed.css?inline';
import { parsePanels, programText } from './attributes';
import { Player } from './player';
import { sharedEngine, siteUrl } from './shared-engine';

/** Starts an embed this far before it scrolls into view, so it is drawn when the reader arrives. */
const START_MARGIN = '300px 0px';

let sheets: CSSStyleSheet[] | null = null;
/** The page's stylesheet, scoped to the shadow root (its :root variables become :host's), and the embed's own. */
function styleSheets(): CSSStyleSheet[] {
  if (!sheets) {
    sheets = [appCss.replace(/:root\b/g, ':host'), embedCss].map((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
  }
  return sheets;
}

export class TensorPlayground extends HTMLElement {
  player: Player | null = null;
  private observer: IntersectionObserver | null = null;
  /** Resolves after the first run (or a load failure); for tests and pages that want to know. */
  readonly ran: Promise<void>;
  private resolveRan: () => void = () => {};

  constructor() {
    super();
    this.ran = new Promise((r) => (this.resolveRan = r));
  }

  connectedCallback(): void {
    if (this.player) return;
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = styleSheets();
    const height = this.getAttribute('height');
    if (height) this.style.setProperty('--tp-height', /^\d+$/.test(height) ? `${height}px` : height);
    const source = this.querySelector('script[type="text/x-python"], pre')?.textContent ?? this.textContent ?? '';
    const lang: Lang = langFromTag(this.getAttribute('lang')) ?? langFromTag(this.closest('[lang]')?.getAttribute('lang'))
      ?? langFromTag(navigator.language) ?? 'en';
    const step = Number(this.getAttribute('step'));
    const mount = document.createElement('div');
    shadow.replaceChildren(mount);
    this.player = new Player(mount, {
      code: programText(source),
      lang,
      step: this.hasAttribute('step') && Number.isInteger(step) && step >= 0 ? step : undefined,
      readOnly: this.hasAttribute('readonly'),
      panels: parsePanels(this.getAttribute('panels')),
      playgroundUrl: siteUrl('../index.html'),
    });
    this.player.onRan = () => {
      this.dataset.ran = 'true';
      this.resolveRan();
      this.dispatchEvent(new CustomEvent('tensorplay-ran', { bubbles: true }));
    };
    // started near the viewport only: an article with ten embeds downloads nothing until the first shows
    this.observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      this.observer?.disconnect();
      this.observer = null;
      void this.player?.attach(sharedEngine());
    }, { rootMargin: START_MARGIN });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
    this.observer = null;
  }
}

if (!customElements.get('tensor-playground')) customElements.define('tensor-playground', TensorPlayground);

declare global {
  interface HTMLElementTagNameMap {
    'tensor-playground': TensorPlayground;
  }
}
