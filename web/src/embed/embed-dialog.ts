// The page's Embed button opens this dialog: both forms of an embed for the current program and
// step, each with a Copy button (a <dialog>: Esc and the Close button dismiss it, focus returns).
import { t, type Lang } from '../model/i18n';
import { h } from '../views/dom';
import { elementSnippet, iframeSnippet, type EmbedSpec } from './snippet';

export function openEmbedDialog(spec: EmbedSpec, lang: Lang): HTMLDialogElement {
  const copyRow = (labelText: string, text: string, id: string) => {
    const area = h('textarea', { id, readonly: true, rows: 6, spellcheck: 'false', class: 'embed-code' });
    area.value = text;
    const btn = h('button', { type: 'button', class: 'embed-copy', 'data-copies': id, autofocus: id === 'embed-element' }, t(lang, 'embed.copy'));
    btn.addEventListener('click', async () => {
      area.select();
      try {
        await navigator.clipboard.writeText(text);
        btn.textContent = t(lang, 'embed.copied');
        setTimeout(() => (btn.textContent = t(lang, 'embed.copy')), 1500);
      } catch {
        // clipboard refused: the text is selected for Ctrl+C
      }
    });
    return h('div', { class: 'embed-form' }, h('label', { for: id }, labelText), area, btn);
  };
  const close = h('button', { type: 'button', class: 'embed-close' }, t(lang, 'embed.close'));
  const dialog = h('dialog', { class: 'embed-dialog', 'aria-labelledby': 'embed-title' },
    h('h2', { id: 'embed-title' }, t(lang, 'embed.dialogTitle')),
    h('p', {}, t(lang, 'embed.note', { step: (spec.step ?? 0) + 1 })),
    copyRow(t(lang, 'embed.element'), elementSnippet(spec), 'embed-element'),
    copyRow(t(lang, 'embed.iframe'), iframeSnippet(spec), 'embed-iframe'),
    close);
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
