// Presentation mode on a projector: 1280×720 at 150 % zoom (853×480 CSS px, device scale 1.5).
// For every lesson in both languages: code and memory side by side, chrome down to the stepper,
// graph text never below 14 px at any step, and during backward() no gradient label covers a
// node's label. Screenshots go to e2e/out/present-*.png for a person to look at.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openWithCode, startPreview } from './harness.mjs';

const OUT = new URL('./out/', import.meta.url).pathname;
const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
const lessons = readdirSync(EXAMPLES).filter((f) => f.endsWith('.py')).sort();
const PROJECTOR = { viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5, reducedMotion: 'reduce' };
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

/** Runs in the page: the smallest rendered graph text (CSS px) and any text drawn outside its box. */
function graphText() {
  const svg = document.querySelector('.graph-body svg');
  if (!svg) return { smallest: Infinity, count: 0 };
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  let smallest = Infinity, count = 0;
  for (const el of svg.querySelectorAll('text')) {
    if (!el.textContent) continue;
    count++;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize) * scale);
  }
  return { smallest, count };
}

/** Runs in the page: gradient labels that overlap a node's title or subtitle. */
function labelOverlaps() {
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const out = [];
  const nodeTexts = [...document.querySelectorAll('.gnode text')].filter((t) => t.textContent);
  for (const l of document.querySelectorAll('.gflow-label, .gedge text')) {
    if (!l.textContent) continue;
    const r = l.getBoundingClientRect();
    for (const n of nodeTexts) if (hit(r, n.getBoundingClientRect())) out.push(`"${l.textContent}" covers "${n.textContent}"`);
  }
  return out;
}

for (const lang of ['en', 'zh-CN']) {
  test(`presentation mode at 1280×720 × 150 %, ${lang}: every lesson side by side, graph text ≥ 14 px, labels apart`, async () => {
    let flowFramesChecked = 0;
    for (const file of lessons) {
      const code = readFileSync(join(EXAMPLES, file), 'utf8');
      const { page, problems } = await openWithCode(browser, code, { ...PROJECTOR, lang });
      assert.equal(await page.evaluate(() => window.devicePixelRatio), 1.5);
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('p');
      assert.equal(await page.getAttribute('#present', 'aria-pressed'), 'true');
      assert.ok(await page.isHidden('.topbar'), 'the top bar is gone');
      assert.ok(await page.isHidden('.panel.console'), 'the console is gone');
      assert.ok(await page.isVisible('.stepper .next'), 'the stepper stays');
      const [ed, mem] = await Promise.all(['.panel.editor', '.panel.memory'].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())));
      assert.ok(ed.right <= mem.left && ed.width >= 280 && mem.width >= 450, `${file}: code ${Math.round(ed.width)} px | memory ${Math.round(mem.width)} px`);
      assert.ok(ed.top < mem.bottom && mem.top < ed.bottom, 'side by side, not stacked');
      assert.ok(await page.$eval('.cm-content', (c) => parseFloat(getComputedStyle(c).fontSize)) >= 18, 'large code');
      // the right column's parts never cover each other, and the picture keeps its room (an error included)
      const parts = await page.evaluate(() => ['.stepper-panel', '#error-card.shown', '.panel.memory', '.panel.graph']
        .map((sel) => document.querySelector(sel)).filter((e) => e && e.getClientRects().length)
        .map((e) => ({ name: e.className, ...e.getBoundingClientRect().toJSON() })));
      for (let i = 1; i < parts.length; i++) assert.ok(parts[i].top >= parts[i - 1].bottom - 0.5, `${file}: ${parts[i].name} under ${parts[i - 1].name}`);
      assert.ok(parts.every((p) => p.bottom <= 480 + 0.5), `${file}: everything within the screen`);
      assert.ok(parts.find((p) => p.name.includes('memory')).height >= 90, `${file}: the memory panel keeps its room`);

      const steps = await page.evaluate(() => window.__tensorplay.state.stepCount);
      for (let i = 0; i < steps; i++) {
        await page.evaluate((n) => window.__tensorplay.state.goTo(n), i);
        await page.evaluate(() => window.__tensorplay.pendingGraph);
        const g = await page.evaluate(graphText);
        if (g.count) assert.ok(g.smallest >= 14 - 0.01, `${file} step ${i + 1}: graph text at ${g.smallest.toFixed(1)} px`);
        const backward = await page.evaluate((n) => Boolean(window.__tensorplay.state.state.model.trace.steps[n].backward), i);
        if (!backward) continue;
        // watch the backward animation frame by frame
        for (let seen = new Set(); ;) {
          const frame = await page.$eval('.graph-body', (b) => b.dataset.frame ?? '');
          if (!seen.has(frame)) {
            seen.add(frame);
            assert.deepEqual(await page.evaluate(labelOverlaps), [], `${file} step ${i + 1} frame ${frame}`);
            flowFramesChecked++;
          }
          if (frame === 'done') break;
          await page.waitForFunction((f) => document.querySelector('.graph-body')?.dataset.frame !== f, frame, { timeout: 5000 });
        }
      }
      await page.screenshot({ path: join(OUT, `present-${file.replace(/\.py$/, '')}-${lang}.png`) });
      // P again (or Esc) leaves it
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('Escape');
      assert.equal(await page.getAttribute('#present', 'aria-pressed'), 'false');
      assert.ok(await page.isVisible('.topbar'));
      assert.deepEqual(problems, []);
      await page.close();
    }
    assert.ok(flowFramesChecked >= 4, `${flowFramesChecked} backward frames checked`);
  });
}

test('the graph panel fits, zooms and pans', async () => {
  const code = 'import torch\nimport torch.nn as nn\n\ntorch.manual_seed(0)\n' +
    'model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))\n' +
    'x = torch.tensor([[1., 2.], [3., 4.]])\nloss = model(x).pow(2).mean()\n';
  const { page, problems } = await openWithCode(browser, code, PROJECTOR);
  await page.click('#present');
  await page.waitForSelector('.graph-body svg');
  const zoom = () => page.$eval('.graph-body', (b) => Number(b.dataset.zoom));
  assert.equal(await zoom(), 1, 'fit never shrinks presentation text below its size');
  assert.equal(await page.isDisabled('.graph-tools .out'), true);
  await page.click('.graph-tools .in');
  assert.equal(await zoom(), 1.25);
  assert.equal(await page.getAttribute('.graph-tools .fit', 'aria-pressed'), 'false');
  // keyboard: + zooms, arrows pan the drawing and do not step the program
  const step = await page.evaluate(() => window.__tensorplay.state.state.step);
  await page.focus('.graph-body');
  await page.keyboard.press('+');
  assert.ok(Math.abs(await zoom() - 1.5625) < 0.01);
  await page.keyboard.press('ArrowRight');
  assert.ok(await page.$eval('.graph-body', (b) => b.scrollLeft) > 0, 'panned right');
  assert.equal(await page.evaluate(() => window.__tensorplay.state.state.step), step);
  // drag pans too
  const before = await page.$eval('.graph-body', (b) => b.scrollLeft);
  const box = await page.$eval('.graph-body', (b) => b.getBoundingClientRect().toJSON());
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  assert.ok(await page.$eval('.graph-body', (b) => b.scrollLeft) > before, 'dragging left pans right');
  await page.keyboard.press('0');
  assert.equal(await page.getAttribute('.graph-tools .fit', 'aria-pressed'), 'true');
  // out of presentation mode, fit may shrink a large graph (not below 0.7)
  await page.click('#present');
  await page.waitForFunction(() => Number(document.querySelector('.graph-body').dataset.zoom) < 1);
  assert.ok(await zoom() >= 0.7);
  assert.deepEqual(problems, []);
  await page.close();
});
