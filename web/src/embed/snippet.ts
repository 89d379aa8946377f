// The two forms of an embed, for the page's Embed button: the element (one script tag, the program
// as the element's text, so the article reads without JavaScript) and the iframe (for hosts that
// allow no scripts). `site` is the folder the playground is served from (absolute).
import type { Lang } from '../model/i18n';
import { formatHash } from '../model/persist';

export interface EmbedSpec {
  site: string;
  code: string;
  step?: number;
  lang: Lang;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function elementSnippet(s: EmbedSpec): string {
  const attrs = [`lang="${s.lang}"`, ...(s.step !== undefined ? [`step="${s.step}"`] : [])].join(' ');
  return `<script type="module" src="${escapeHtml(new URL('tensor-playground.js', s.site).href)}"></script>\n`
    + `<tensor-playground ${attrs}>\n<pre>\n${escapeHtml(s.code.replace(/\n+$/, ''))}\n</pre>\n</tensor-playground>\n`;
}

export function iframeSnippet(s: EmbedSpec): string {
  const src = new URL('embed.html', s.site).href + formatHash({ code: s.code, step: s.step, lang: s.lang });
  return `<iframe src="${escapeHtml(src)}" title="tensorplay" width="100%" height="560" style="border: 0; max-width: 100%" loading="lazy"></iframe>\n`;
}
