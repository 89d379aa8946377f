// Long programs: run to line (click the gutter), next iteration of the loop, and the REPL, which
// runs after the end of the program, closed while an earlier step is shown.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openWithCode, startPreview } from './harness.mjs';

let server, browser;
before(async () => {
  server = await startPreview();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

const LOOP = 'import torch\nx = torch.zeros(3)\nfor i in range(3):\n    x[i] = i * 10.\n    y = x * 2\nz = x.sum()\n';
const step = (page) => page.evaluate(() => window.__tensorplay.state.state.step);
const lineOf = (page) => page.evaluate(() => { const s = window.__tensorplay.state.state; return s.model.trace.steps[s.step].line; });
const xCells = (page) => page.evaluate(() => {
  const card = [...document.querySelectorAll('#memory .card')].find((c) => c.querySelector('.names-on-card')?.textContent === 'x');
  return [...card.querySelectorAll('.el')].map((e) => e.textContent);
});

test('click a line number to run to it; N (or the button) goes to the next iteration of its loop', async () => {
  const { page, problems } = await openWithCode(browser, LOOP, { step: 0, reducedMotion: 'reduce' });
  await page.locator('.cm-lineNumbers .cm-gutterElement', { hasText: /^4$/ }).click();
  assert.equal(await lineOf(page), 4);
  assert.deepEqual(await xCells(page), ['0.', '0.', '0.']);
  const first = await step(page);
  await page.click('.stepper .iteration');
  assert.equal(await lineOf(page), 4);
  assert.ok(await step(page) > first);
  assert.deepEqual(await xCells(page), ['0.', '10.', '0.'], 'the second pass wrote x[1]');
  // the timeline groups the loop: a tick per pass of this line, and the legend counts them
  assert.match(await page.textContent('.step-legend'), /line 4 just ran: the picture shows the state after it · pass 2 of 3/);
  assert.equal(await page.locator('.stepper .passes .pass').count(), 3);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('n');
  assert.deepEqual(await xCells(page), ['0.', '10.', '20.'], 'the third pass wrote x[2]');
  assert.equal(await page.isDisabled('.stepper .iteration'), true, 'no fourth pass');
  // and on to a line after the loop
  await page.locator('.cm-lineNumbers .cm-gutterElement', { hasText: /^6$/ }).click();
  assert.equal(await lineOf(page), 6);
  assert.deepEqual(problems, []);
  await page.close();
});

test('stepping back closes the REPL (it ran after the end of the program) and says so', async () => {
  const { page, problems } = await openWithCode(browser, LOOP, { reducedMotion: 'reduce' });
  await page.fill('#repl-input', 'x.sum()');
  await page.press('#repl-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('.console-out')?.textContent?.includes('>>> x.sum()'));
  await page.evaluate(() => window.__tensorplay.state.goTo(2));
  assert.equal(await page.isDisabled('#repl-input'), true);
  assert.ok(await page.isVisible('.repl-after-end'));
  assert.doesNotMatch(await page.textContent('.console-out'), />>> x\.sum\(\)/, 'no end-of-program lines beside an earlier picture');
  await page.click('.repl-after-end .to-end');
  assert.equal(await page.isDisabled('#repl-input'), false);
  assert.match(await page.textContent('.console-out'), />>> x\.sum\(\)\ntensor\(30\.\)/);
  assert.deepEqual(problems, []);
  await page.close();
});
