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

/** Runs in the page: is the card of `name` (or, with no name, nothing) inside the memory panel's view? */
const cardInView = async (page, name) => {
  // the panel settles within a few frames (a second look corrects an aim at groups not yet laid out)
  await page.waitForFunction((n) => {
    const card = [...document.querySelectorAll('#memory .card')].find((c) => c.querySelector('.names-on-card')?.textContent?.split(', ').includes(n));
    if (!card) return false;
    const m = document.getElementById('memory');
    const p = m.getBoundingClientRect(), r = card.getBoundingClientRect();
    return r.top >= p.top - 1 && r.bottom <= p.top + m.clientHeight + 1;
  }, name, { timeout: 1000 }).catch(() => {});
  return cardInViewNow(page, name);
};
const cardInViewNow = (page, name) => page.evaluate((n) => {
  const card = [...document.querySelectorAll('#memory .card')].find((c) => c.querySelector('.names-on-card')?.textContent?.split(', ').includes(n));
  if (!card) return null;
  const m = document.getElementById('memory');
  const p = m.getBoundingClientRect();
  const r = card.getBoundingClientRect();
  return r.top >= p.top - 1 && r.bottom <= p.top + m.clientHeight + 1;
}, name);

const MANY = 'import torch\n\na = torch.arange(12.).view(3, 4)\nb = torch.ones(3, 4)\nc = torch.zeros(3, 4)\n' +
  'd = a.t()\ne = b + c\nf = e * 2\nf[0, 0] = 7.\n';

test('each step scrolls the memory panel to what it changed (at once under reduced motion)', async () => {
  const { page, problems } = await openWithCode(browser, MANY, { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  const m = await page.$eval('#memory', (el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  assert.ok(m.scroll > m.client * 1.5, `the program overflows the panel (${m.scroll} > ${m.client})`);
  await page.evaluate(() => window.__tensorplay.state.goTo(1));
  await frames(page);
  assert.equal(await cardInView(page, 'a'), true, 'step 2: a');
  for (const [step, name] of [[4, 'c'], [6, 'e'], [7, 'f']]) {
    await page.evaluate((n) => window.__tensorplay.state.goTo(n), step - 1);
    await frames(page);
    assert.equal(await cardInView(page, name), true, `step ${step}: ${name}'s card is in view`);
  }
  // back to the top: a's card comes back into view
  await page.evaluate(() => window.__tensorplay.state.goTo(1));
  await frames(page);
  assert.equal(await cardInView(page, 'a'), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('with motion allowed the panel scrolls smoothly and still ends on the change', async () => {
  const { page, problems } = await openWithCode(browser, MANY, { viewport: { width: 1280, height: 720 }, reducedMotion: 'no-preference' });
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('memory').scrollTop === 0);
  await page.evaluate(() => window.__tensorplay.state.goTo(6));
  await frames(page);
  const early = await page.$eval('#memory', (el) => el.scrollTop);
  await page.waitForFunction(() => {
    const m = document.getElementById('memory');
    const card = [...m.querySelectorAll('.card')].find((c) => c.querySelector('.names-on-card')?.textContent === 'f');
    const p = m.getBoundingClientRect(), r = card.getBoundingClientRect();
    return r.top >= p.top - 1 && r.bottom <= p.top + m.clientHeight + 1;
  }, undefined, { timeout: 3000 });
  const final = await page.$eval('#memory', (el) => el.scrollTop);
  assert.ok(final > 0 && early < final, `scrolled over time (${early} → ${final})`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('stepping in the one-column layout never scrolls the page away from the picture', async () => {
  const code = readFileSync(join(EXAMPLES, '03_views_share_storage.py'), 'utf8');
  const { page, problems } = await openWithCode(browser, code, { viewport: { width: 800, height: 900 }, reducedMotion: 'reduce' });
  await page.evaluate(() => window.__tensorplay.state.goTo(2));
  // the teacher scrolls down to the memory panel and steps with the keyboard
  await page.evaluate(() => window.scrollTo(0, document.querySelector('.panel.memory').getBoundingClientRect().top + window.scrollY - 10));
  const y = await page.evaluate(() => window.scrollY);
  assert.ok(y > 300, `the page scrolled down to the panel (${y})`);
  await page.locator('.panel.memory h2').click();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('ArrowRight');
    await frames(page);
    assert.equal(await page.evaluate(() => window.scrollY), y, `after → number ${i + 1}`);
  }
  assert.equal(await page.evaluate(() => window.__tensorplay.state.state.step), 10);
  // the editor followed inside its own box
  assert.ok(await page.$eval('.cm-scroller', (s) => {
    const line = s.querySelector('.cm-step-line');
    if (!line) return false;
    const a = s.getBoundingClientRect(), b = line.getBoundingClientRect();
    return b.top >= a.top && b.bottom <= a.bottom;
  }), 'the highlighted line is visible inside the editor');
  assert.deepEqual(problems, []);
  await page.close();
});

test('unnamed tensors start folded, any card folds and unfolds, and a cell\'s hover lists every reader', async () => {
  const code = 'import torch\n\nx = torch.arange(6).view(2, 3)\nt = x.t()\n';
  const { page, problems } = await openWithCode(browser, code);
  const base = page.locator('.card', { has: page.locator('.names-on-card', { hasText: /^tensor #/ }) });
  assert.equal(await base.count(), 1, 'x._base has a card');
  assert.equal(await base.evaluate((c) => c.classList.contains('folded')), true);
  assert.match(await base.locator('.fold-summary').textContent(), /^\.shape \(6,\) · \.stride\(\) \(1,\) · \.storage_offset\(\) 0 · \._version 0$/);
  assert.equal(await base.locator('.el').count(), 0);
  const tCard = page.locator('.card', { has: page.locator('.names-on-card', { hasText: /^t$/ }) });
  const fold = tCard.locator('.fold');
  assert.equal(await fold.getAttribute('aria-expanded'), 'true');
  await fold.click();
  assert.equal(await tCard.locator('.fold').getAttribute('aria-expanded'), 'false');
  assert.equal(await tCard.locator('.props').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('fold')), true, 'focus stays on the fold button');
  await tCard.locator('.fold').click();
  assert.equal(await tCard.locator('.props').count(), 1);
  // cell 4 is read by the folded base, by x and by t
  await page.locator('.cell[data-cell="4"]').hover();
  assert.equal(await page.textContent('.formula'), 'storage #1 cell 4 ← tensor #1[4], x[1, 1], t[1, 1]');
  assert.deepEqual(problems, []);
  await page.close();
});
