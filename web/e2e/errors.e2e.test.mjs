// Errors that teach without taking over: shown once (the card with the picture, a mark on the
// line), the flagged tensor in view, a caught exception is a normal step, and a SyntaxError keeps
// the last good picture (dimmed) instead of wiping it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openWithCode, sharedBrowser } from './harness.mjs';

const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
const shared = sharedBrowser();

test('an uncaught error is shown once, with the picture, and its tensor is in view', async () => {
  for (const [file, lang] of [['05_view_needs_compatible_strides.py', 'en'], ['05_view_needs_compatible_strides.py', 'zh-CN'], ['16_saved_tensor_modified.py', 'en'], ['16_saved_tensor_modified.py', 'zh-CN']]) {
    const code = readFileSync(join(EXAMPLES, file), 'utf8');
    const { page, problems } = await openWithCode(shared.browser, code, { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce', lang });
    const message = await page.evaluate(() => window.__tensorplay.state.state.model.trace.error.message);
    // PyTorch's message appears once outside the console (whose traceback is the program's own stderr)
    const places = await page.evaluate((m) => {
      const probe = m.slice(0, 30);
      return [...document.querySelectorAll('body *')].filter((el) => !el.closest('.console') && el.children.length === 0 &&
        el.textContent.includes(probe) && el.getClientRects().length > 0).map((el) => el.className);
    }, message);
    assert.equal(places.length, 1, `message shown in: ${places.join(', ')}`);
    assert.match(places[0], /pt-message/);
    assert.match(await page.textContent('.cm-error-widget'), lang === 'en' ? /^⚠ RuntimeError: explained with the picture$/ : /^⚠ RuntimeError：详见图示$/, file);
    assert.equal(await page.locator('.cm-error-line').count(), 1);
    // the fix names the learner's own tensor: `v = t.view(6)` → t, the transposed one, not its base x
    if (file.startsWith('04')) assert.match(await page.textContent('#error-card code'), /^t\.reshape\(\.\.\.\)/);
    // the tensor the error is about is marked and inside the memory panel's view (the engine names
    // it for the saved-tensor error; its view() error names none yet)
    const flagged = await page.evaluate(() => window.__tensorplay.state.state.model.trace.error.tensor_ids.length);
    if (file.startsWith('06')) assert.ok(flagged > 0, 'the saved-tensor error names its tensor');
    if (flagged) await page.waitForFunction(() => {
      const card = document.querySelector('#memory .card.error');
      const m = document.getElementById('memory');
      if (!card) return false;
      const p = m.getBoundingClientRect(), r = card.getBoundingClientRect();
      return r.top >= p.top - 1 && r.top < p.top + m.clientHeight - 40;
    }, undefined, { timeout: 2000 });
    // the autograd node the error names is in the graph panel's view once the backward flow ends
    // (in presentation mode, where the large graph does not fit its panel)
    if (file.startsWith('06')) {
      await page.click('#present');
      await page.waitForSelector('.graph-body[data-frame="0"]', { timeout: 5000 });
      await page.waitForSelector('.graph-body[data-frame="done"]', { timeout: 15000 });
      assert.ok(await page.$eval('.graph-body', (b) => b.scrollWidth > b.clientWidth), 'the graph is wider than its panel');
      await page.waitForFunction(() => {
        const n = document.querySelector('.gnode.flagged');
        const b = document.querySelector('.graph-body');
        if (!n) return false;
        const p = b.getBoundingClientRect(), r = n.getBoundingClientRect();
        return r.left >= p.left - 1 && r.right <= p.right + 1 && r.top >= p.top - 1 && r.bottom <= p.bottom + 1;
      }, undefined, { timeout: 3000 });
      await page.click('#present');
    }
    // the long message is clamped, and the whole of it is one click away
    const clamped = await page.$eval('#error-card .pt-message', (p) => p.scrollHeight > p.clientHeight + 2);
    if (clamped) {
      await page.click('#error-card .more');
      assert.equal(await page.$eval('#error-card .pt-message', (p) => p.scrollHeight <= p.clientHeight + 2), true);
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a caught exception is a normal step: the page opens at the end, with no error card', async () => {
  const code = 'import torch\nx = torch.arange(6).view(2, 3)\ntry:\n    v = x.t().view(6)\nexcept RuntimeError as e:\n    print("caught")\ny = x + 1\n';
  const { page, problems } = await openWithCode(shared.browser, code);
  assert.equal(await page.evaluate(() => window.__tensorplay.state.state.step), 4, 'opens on the last step');
  assert.match(await page.textContent('#status'), /^Ran 5 steps/);
  assert.equal(await page.isVisible('#error-card'), false);
  assert.equal(await page.locator('.cm-error-line').count(), 0);
  assert.equal(await page.locator('.stepper .mark.error').count(), 0);
  assert.equal(await page.locator('.stepper .mark.caught').count(), 1);
  await page.evaluate(() => window.__tensorplay.state.goTo(2));
  assert.match(await page.textContent('.step-legend'), /^line 4 raised RuntimeError and the program caught it/);
  assert.equal(await page.isVisible('#error-card'), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('after a SyntaxError the last good picture stays, dimmed, and the error says so', async () => {
  const good = 'import torch\nx = torch.ones(3)\ny = x.view(3, 1)\n';
  const { page, problems } = await openWithCode(shared.browser, good);
  const cards = await page.locator('#memory .card').count();
  assert.ok(cards >= 2);
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('z = (y +\n');
  await page.click('#run');
  await page.waitForFunction(() => window.__tensorplay.state.state.stale !== null);
  assert.equal(await page.locator('#memory .card').count(), cards, 'the picture is still there');
  assert.equal(await page.$eval('.right', (r) => r.classList.contains('stale')), true);
  assert.ok(await page.$eval('#memory', (m) => Number(getComputedStyle(m).opacity)) < 0.6, 'dimmed');
  assert.match(await page.textContent('#error-card'), /SyntaxError[\s\S]*still the last run that worked/);
  assert.equal(await page.locator('.cm-error-line').count(), 1);
  assert.match(await page.textContent('#status'), /SyntaxError/);
  // fixed: a fresh picture, not dimmed
  await page.evaluate((code) => window.__tensorplay.editor.setCode(code), `${good}z = (y + 1)\n`);
  await page.click('#run');
  await page.waitForFunction(() => window.__tensorplay.state.state.stale === null && window.__tensorplay.state.state.status.kind === 'ran');
  assert.equal(await page.$eval('.right', (r) => r.classList.contains('stale')), false);
  assert.ok(await page.locator('#memory .card').count() > cards);
  assert.deepEqual(problems, []);
  await page.close();
});
