// Long programs: run to line (click the gutter), next iteration of the loop, and REPL lines, which
// are steps after the program's (closed for input while an earlier step is shown).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openWithCode, sharedBrowser } from './harness.mjs';

const shared = sharedBrowser();

const LOOP = 'import torch\nx = torch.zeros(3)\nfor i in range(3):\n    x[i] = i * 10.\n    y = x * 2\nz = x.sum()\n';
const step = (page) => page.evaluate(() => window.__tensorplay.state.state.step);
const lineOf = (page) => page.evaluate(() => { const s = window.__tensorplay.state.state; return s.model.trace.steps[s.step].line; });
const xCells = (page) => page.evaluate(() => {
  const card = [...document.querySelectorAll('#memory .card')].find((c) => c.querySelector('.names-on-card')?.textContent === 'x');
  return [...card.querySelectorAll('.el')].map((e) => e.textContent);
});

test('click a line number to run to it; N (or the button) goes to the next iteration of its loop', async () => {
  const { page, problems } = await openWithCode(shared.browser, LOOP, { step: 0, reducedMotion: 'reduce' });
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

test('REPL lines are steps of the timeline: drawn like any statement, hidden before they ran', async () => {
  const { page, problems } = await openWithCode(shared.browser, LOOP, { reducedMotion: 'reduce' });
  const programSteps = await page.evaluate(() => window.__tensorplay.state.stepCount);
  const names = () => page.evaluate(() => [...document.querySelectorAll('#memory .card .names-on-card')].map((e) => e.textContent));
  await page.fill('#repl-input', 'w = x * 3');
  await page.press('#repl-input', 'Enter');
  await page.waitForFunction((n) => window.__tensorplay.state.stepCount === n + 1, programSteps);
  // the page moved to the input's step: the picture has w, the label and legend name the input
  assert.equal(await step(page), programSteps);
  assert.ok((await names()).includes('w'));
  assert.match(await page.textContent('.stepper .label'), />>> w = x \* 3/);
  assert.match(await page.textContent('.step-legend'), /REPL input >>> w = x \* 3 just ran/);
  assert.equal(await page.locator('.stepper .mark.repl').count(), 1);
  assert.equal(await page.locator('.cm-step-line').count(), 0, 'no line of the editor ran');
  assert.match(await page.textContent('.console-out'), />>> w = x \* 3\n$/);

  // one step back: the program's last step, without w, and the REPL closed and labelled
  await page.click('.stepper .prev');
  assert.equal(await step(page), programSteps - 1);
  assert.ok(!(await names()).includes('w'));
  assert.equal(await page.isDisabled('#repl-input'), true);
  assert.ok(await page.isVisible('.repl-after-end'));
  assert.doesNotMatch(await page.textContent('.console-out'), />>> w/, 'no later lines beside an earlier picture');
  assert.match(await page.textContent('.step-legend'), /next to run: REPL input >>> w = x \* 3/);
  await page.click('.repl-after-end .to-end');
  assert.equal(await page.isDisabled('#repl-input'), false);

  // an input that raises is a step too: its error card quotes the input, the program's error stays none
  await page.fill('#repl-input', 'x.view(7)');
  await page.press('#repl-input', 'Enter');
  await page.waitForFunction((n) => window.__tensorplay.state.stepCount === n + 2, programSteps);
  assert.match(await page.textContent('.step-legend'), /REPL input >>> x\.view\(7\) raised RuntimeError/);
  assert.ok(await page.isVisible('.error-card.shown'));
  assert.match(await page.textContent('.error-card'), /x\.view\(7\)/);
  assert.match(await page.textContent('.console-out'), />>> x\.view\(7\)\nTraceback[\s\S]*RuntimeError: shape '\[7\]' is invalid for input of size 3/);
  await page.screenshot({ path: new URL('./out/repl-steps.png', import.meta.url).pathname });
  assert.deepEqual(problems, []);
  await page.close();
});
