// Arrows from names must end on their own tensor's card. Checked from DOM geometry for every name
// at every step of every lesson, at three scroll positions of the memory panel: each arrow's end
// point (read from its SVG path) lies inside its own card's box and inside the visible panel, or,
// when the card is scrolled out, on that name's marker on the edge the card lies beyond.
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkArrows, settle } from './arrow-geometry.mjs';
import { openWithCode, sharedBrowser } from './harness.mjs';

const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
const lessons = readdirSync(EXAMPLES).filter((f) => f.endsWith('.py')).sort();
const shared = sharedBrowser();

const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const LAYOUTS = {
  'the page at 1280×720': { viewport: { width: 1280, height: 720 }, present: false },
  'presentation mode at 1280×720 × 150 %': { viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5, present: true },
};

for (const [layout, { present, ...opts }] of Object.entries(LAYOUTS)) test(`every arrow of every lesson at every step ends on its own card (or on its edge marker), ${layout}`, async () => {
  let totalCard = 0, totalEdge = 0;
  for (const file of lessons) {
    const code = readFileSync(EXAMPLES + file, 'utf8');
    const { page, problems: pageProblems } = await openWithCode(shared.browser, code, { ...opts, reducedMotion: 'reduce' });
    if (present) await page.click('#present');
    const steps = await page.evaluate(() => window.__tensorplay.state.stepCount);
    assert.ok(steps > 0, `${file} ran`);
    for (let i = 0; i < steps; i++) {
      await page.evaluate((n) => window.__tensorplay.state.goTo(n), i);
      await settle(page);
      for (const where of ['top', 'middle', 'bottom']) {
        await page.$eval('#memory', (m, w) => {
          const max = m.scrollHeight - m.clientHeight;
          m.scrollTop = w === 'top' ? 0 : w === 'middle' ? max / 2 : max;
        }, where);
        await settle(page);
        const r = await page.evaluate(checkArrows);
        assert.deepEqual(r.problems, [], `${file} step ${i + 1}, scrolled to ${where}`);
        totalCard += r.onCard;
        totalEdge += r.onEdge;
      }
    }
    assert.deepEqual(pageProblems, []);
    await page.close();
  }
  // both kinds of ending were exercised (the lessons overflow the panel)
  assert.ok(totalCard > 100, `${totalCard} arrows ended on cards`);
  assert.ok(totalEdge > 5, `${totalEdge} arrows ended on edge markers`);
});

test('an edge marker names the name, and clicking it (or the name) scrolls its card into view', async () => {
  const code = readFileSync(EXAMPLES + '12_clone_detach_data.py', 'utf8'); // clone / detach / .data: b's card sits below a, c, d's
  const { page, problems } = await openWithCode(shared.browser, code, { viewport: { width: 1280, height: 720 }, reducedMotion: 'reduce' });
  await page.$eval('#memory', (m) => { m.scrollTop = m.scrollHeight; });
  await frames(page);
  const mark = page.locator('.edge-mark', { hasText: /↑ a/ });
  assert.equal(await mark.count(), 1, 'a\'s card scrolled above gets a marker on the top edge');
  assert.match(await mark.getAttribute('aria-label'), /^a: its tensor is above/);
  await mark.click();
  await frames(page);
  const cardInView = (name) => page.evaluate((n) => {
    const chip = [...document.querySelectorAll('#memory .name-chip')].find((c) => c.dataset.name === n);
    const card = document.querySelector(`#memory [data-card="${chip.dataset.targets}"]`);
    const p = document.getElementById('memory').getBoundingClientRect();
    const r = card.getBoundingClientRect();
    return r.top >= p.top - 1 && r.top < p.bottom - 40;
  }, name);
  assert.equal(await cardInView('a'), true, 'the marker scrolled a\'s card into view');
  assert.deepEqual((await page.evaluate(checkArrows)).problems, []);
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.locator('#memory .name-chip[data-name="b"]').click();
  await frames(page);
  assert.equal(await cardInView('b'), true, 'clicking the name b scrolled to b\'s card');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-card')), await page.getAttribute('#memory .name-chip[data-name="b"]', 'data-targets'));
  assert.equal(await page.evaluate(() => window.scrollY), scrollY, 'the page itself did not scroll');
  assert.deepEqual(problems, []);
  await page.close();
});
