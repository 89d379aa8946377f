// Accessibility: axe finds no critical or serious violation in either language (lessons, an error,
// presentation mode), and a keyboard-only walk works: leave the editor (Esc, then Tab), reach the
// names, a tensor's elements (one tab stop per tensor, arrows inside), the graph, with focus visible.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openWithCode, sharedBrowser } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
const shared = sharedBrowser();

async function axeViolations(page) {
  // Evaluated through the DevTools protocol, not as a <script> tag: the page's CSP allows no
  // inline script, and axe is a test tool, not part of the page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  return found;
}

for (const lang of ['en', 'zh-CN']) {
  test(`axe: no critical or serious violation, ${lang}`, async () => {
    for (const [file, step] of [['12_clone_detach_data.py'], ['06_expand_writes.py'], ['05_view_needs_compatible_strides.py'], ['09_requires_grad_leaves.py', 11], ['16_saved_tensor_modified.py']]) {
      const code = readFileSync(join(EXAMPLES, file), 'utf8');
      const { page, problems } = await openWithCode(shared.browser, code, { lang, step, reducedMotion: 'reduce' });
      await page.evaluate(() => window.__tensorplay.pendingGraph);
      assert.deepEqual(await axeViolations(page), [], `${file}`);
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('p');
      assert.deepEqual(await axeViolations(page), [], `${file}, presentation mode`);
      assert.deepEqual(problems, []);
      await page.close();
    }
  });
}

test('keyboard only: leave the editor with Esc then Tab; one tab stop per tensor; the graph; focus always visible', async () => {
  const code = 'import torch\n\nx = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x.view(3, 1)\nz = (y * 2).sum()\n';
  const { page, problems } = await openWithCode(shared.browser, code, { reducedMotion: 'reduce' });
  await page.evaluate(() => window.__tensorplay.pendingGraph);
  const inEditor = () => page.evaluate(() => Boolean(document.activeElement?.closest('.cm-editor')));
  await page.click('.cm-content');
  await page.keyboard.press('Tab');
  assert.equal(await inEditor(), true, 'Tab indents: the editor keeps focus');
  await page.keyboard.press('Control+z');
  assert.equal(await page.evaluate(() => window.__tensorplay.editor.code), code);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  assert.equal(await inEditor(), false, 'Esc then Tab leaves the editor');
  assert.match(await page.getAttribute('.cm-content', 'aria-describedby'), /editor-help/);
  assert.match(await page.textContent('#editor-help'), /press Esc, then Tab/);

  // walk the page with Tab: what gets focus, and does it show?
  const seen = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    seen.push(await page.evaluate(() => {
      const el = document.activeElement;
      const cs = getComputedStyle(el);
      const visible = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
      const kind = el.matches('.el') ? `el:${el.dataset.t}` : el.matches('.cell') ? `cell:${el.dataset.s}` : el.matches('.name-chip') ? `name:${el.dataset.name}`
        : el.matches('.graph-body') ? 'graph' : el.id ? `#${el.id}` : el.className || el.tagName;
      return { kind, visible, inEditor: Boolean(el.closest('.cm-editor')) };
    }));
  }
  // one round of the page (Tab wraps around through the browser's own UI, shown as BODY)
  const round = seen.slice(0, seen.findIndex((s, i) => i > 0 && s.kind === seen[0].kind)).filter((s) => s.kind !== 'BODY');
  assert.ok(round.length > 10, `a full round: ${seen.map((s) => s.kind).join(', ')}`);
  const kinds = round.map((s) => s.kind);
  for (const want of ['name:x', 'name:y', 'graph', '#present']) assert.ok(kinds.includes(want), `${want} reachable: ${kinds.join(', ')}`);
  const elStops = kinds.filter((k) => k.startsWith('el:'));
  assert.ok(elStops.length >= 2, 'tensor elements are reachable');
  assert.equal(new Set(elStops).size, elStops.length, `one tab stop per tensor, not per element: ${kinds.join(', ')}`);
  const unseen = round.filter((s) => !s.visible && !s.inEditor).map((s) => s.kind);
  assert.deepEqual(unseen, [], 'every focused element shows its focus');

  // inside a tensor, arrows move between its elements and do not step the program
  const step = await page.evaluate(() => window.__tensorplay.state.state.step);
  await page.focus('.card .el[tabindex="0"]');
  const first = await page.evaluate(() => document.activeElement.dataset.index);
  await page.keyboard.press('ArrowRight');
  const second = await page.evaluate(() => document.activeElement.dataset.index);
  assert.notEqual(second, first);
  assert.equal(await page.evaluate(() => window.__tensorplay.state.state.step), step);
  // the formula names the storage cell and its value, wherever the strip is scrolled
  assert.match(await page.textContent('.formula'), /element \[[0-9, ]+\] lives in cell \d+, which holds 2\.\)$/);
  // Enter on a name jumps to its card
  await page.focus('.name-chip[data-name="y"]');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.matches('.card')), true);
  // the graph announces its nodes
  assert.match(await page.textContent('#graph-description'), /SumBackward0/);
  assert.deepEqual(problems, []);
  await page.close();
});
