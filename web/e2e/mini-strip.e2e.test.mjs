// Hovering an element whose storage cell is scrolled out of the memory panel still shows the cell:
// a mini-strip in the sticky formula bar draws it with its neighbours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openWithCode, sharedBrowser } from './harness.mjs';

const shared = sharedBrowser();

// eight views of one storage: their cards stack far below the strip
const MANY_VIEWS = 'import torch\na = torch.arange(24.)\n' +
  Array.from({ length: 8 }, (_, i) => `v${i} = a.view(${i % 2 ? '4, 6' : '6, 4'})`).join('\n') + '\n';

const hoverLastElementOf = (page, name) => page.evaluate((n) => {
  const card = [...document.querySelectorAll('#memory .card')].find((c) => c.querySelector('.names-on-card')?.textContent === n);
  const el = [...card.querySelectorAll('.el')].at(-1);
  el.scrollIntoView({ block: 'center' });
  return new Promise((resolve) => requestAnimationFrame(() => {
    el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    resolve(el.textContent);
  }));
}, name);

test('an element whose cell is scrolled away shows the cell in a mini-strip; one in view does not', async () => {
  const { page, problems } = await openWithCode(shared.browser, MANY_VIEWS, { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const value = await hoverLastElementOf(page, 'v7');
  assert.equal(value, '23.');
  const strip = page.locator('#memory .formula .mini-strip');
  assert.equal(await strip.count(), 1, 'the strip of a is out of view, so the formula bar draws its cells');
  assert.equal(await strip.locator('.mini-cell.hl').textContent(), '2323.', 'cell index 23 holding 23.');
  assert.deepEqual(await strip.locator('.mini-cell small').allTextContents(), ['20', '21', '22', '23']);
  // scrolled back to the top, the real strip is in view: no copy
  await page.evaluate(() => new Promise((resolve) => {
    for (const el of [document.querySelector('#memory'), ...document.querySelectorAll('#memory *')])
      if (el.scrollHeight > el.clientHeight) el.scrollTop = 0;
    requestAnimationFrame(() => {
      document.querySelector('#memory .card .el').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      resolve();
    });
  }));
  assert.equal(await strip.count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});
