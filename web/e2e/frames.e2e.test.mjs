// Function frames, as Python Tutor draws them: one box per running call with its locals, their
// arrows ending on the same tensor cards as the module's names, and the boxes gone on return.
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkArrows, settle } from './arrow-geometry.mjs';
import { launchBrowser, openWithCode, startPreview } from './harness.mjs';

const OUT = new URL('./out/', import.meta.url).pathname;
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

const CODE = `import torch

def scale(t, k):
    out = t * k
    return out

def train_step(w):
    loss = scale(w, 2).sum()
    loss.backward()
    return loss

w = torch.ones(3, requires_grad=True)
l = train_step(w)
print(w.grad)
`;

/** In the page: the frame boxes drawn now, outermost first, each with its locals' chips. */
const drawnFrames = (page) => page.evaluate(() => [...document.querySelectorAll('#memory .frame-box')].map((f) => ({
  name: f.dataset.frame,
  label: f.querySelector('.frame-label').textContent,
  locals: [...f.querySelectorAll('.name-chip')].map((c) => ({ name: c.dataset.name, text: c.textContent, targets: c.dataset.targets ?? null })),
})));
const chipTargets = (page, name) => page.$eval(`#memory .name-chip[data-name="${name}"]`, (c) => c.dataset.targets);

test('a call draws its frame with its locals; their arrows end on the shared cards; return removes it', async () => {
  const { page, problems } = await openWithCode(browser, CODE, { reducedMotion: 'reduce', step: 0 });
  const steps = await page.evaluate(() => window.__tensorplay.state.state.model.trace.steps.map((s) => ({ line: s.line, frames: s.frames.map((f) => f.name) })));
  const inScale = steps.findIndex((s) => s.line === 4);
  assert.ok(inScale > 0, 'the trace has a step inside scale()');
  assert.deepEqual(steps[inScale].frames, ['train_step', 'scale'], 'outermost first');

  await page.evaluate((n) => window.__tensorplay.state.goTo(n), inScale);
  await settle(page);
  const frames = await drawnFrames(page);
  assert.deepEqual(frames.map((f) => f.name), ['train_step', 'scale']);
  assert.match(frames[1].label, /scale/);
  const scale = frames[1].locals;
  assert.deepEqual(scale.map((c) => c.name).sort(), ['scale:k', 'scale:out', 'scale:t']);
  assert.equal(scale.find((c) => c.name === 'scale:k').text, 'k = 2', 'a plain value is written in the frame');
  // t and train_step's w are the module's w: the same tensor card
  const w = await chipTargets(page, 'w');
  assert.equal(scale.find((c) => c.name === 'scale:t').targets, w);
  assert.equal(frames[0].locals.find((c) => c.name === 'train_step:w').targets, w);
  assert.notEqual(scale.find((c) => c.name === 'scale:out').targets, w, 'out = t * k is a new tensor');
  const arrows = await page.evaluate(checkArrows);
  assert.deepEqual(arrows.problems, []);
  assert.equal(arrows.onCard + arrows.onEdge, 4, 'w, train_step:w, scale:t and scale:out each have their arrow');
  await page.screenshot({ path: `${OUT}frames.png` });

  // after train_step returned: no frames, and l is the loss the frame made
  const after = steps.findIndex((s) => s.line === 14);
  await page.evaluate((n) => window.__tensorplay.state.goTo(n), after);
  await settle(page);
  assert.deepEqual(await drawnFrames(page), []);
  assert.equal(await page.locator('#memory .name-chip[data-name="l"]').count(), 1);
  assert.deepEqual(problems, []);
  await page.close();
});
