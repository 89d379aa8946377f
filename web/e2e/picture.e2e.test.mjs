// What the picture means and where it keeps the learner's eyes: the legend (line just run / next
// line), scrolling to what a step changed, and stepping without moving the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openWithCode, startPreview } from './harness.mjs';

const OUT = new URL('./out/', import.meta.url).pathname;
const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
let server, browser;

before(async () => {
  mkdirSync(OUT, { recursive: true });
  server = await startPreview();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

test('the legend says the picture is the state after the highlighted line, and marks the next line', async () => {
  const code = 'import torch\n\na = torch.zeros(3)\nb = a.view(3, 1)\nb[0] = 5.\n';
  const { page, problems } = await openWithCode(browser, code, { step: 1 });
  assert.equal(await page.textContent('.step-legend'), 'line 3 just ran: the picture shows the state after itnext to run: line 4');
  assert.equal(await page.textContent('.cm-step-line'), 'a = torch.zeros(3)');
  assert.equal(await page.textContent('.cm-next-line'), 'b = a.view(3, 1)');
  await page.click('.stepper .last');
  assert.equal(await page.textContent('.step-legend'), 'line 5 just ran: the picture shows the state after itend of the program');
  assert.equal(await page.locator('.cm-next-line').count(), 0);
  await page.click('#lang');
  assert.equal(await page.textContent('.step-legend'), '第 5 行刚运行完：图中是它运行之后的状态程序结束');
  assert.deepEqual(problems, []);
  await page.close();
});
