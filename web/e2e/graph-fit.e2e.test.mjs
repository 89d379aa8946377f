// The autograd graph's Fit button shows the whole graph: after it, every box, every edge path and
// its arrowhead, and every edge label lie inside the panel's visible area, a margin clear of its
// edges, with nothing scrolled away. Checked on a small backward graph (lesson 10, whose edge
// labels make it wider than a projector's panel at the legible minimum scale) and a training loop's,
// on a desk, a projector at 150 % and a phone.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LAYOUTS, openWithCode, sharedBrowser } from './harness.mjs';

const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
const PROGRAMS = {
  'lesson 10 (a small backward graph)': { code: readFileSync(EXAMPLES + '10_grad_accumulation.py', 'utf8'), line: 10 },
  'a training loop': {
    code: 'import torch\nfrom torch import nn\n\ntorch.manual_seed(0)\nmodel = nn.Linear(3, 2)\n' +
      'opt = torch.optim.SGD(model.parameters(), lr=0.1)\nx = torch.randn(4, 3)\ny = torch.randn(4, 2)\n' +
      'for epoch in range(2):\n    opt.zero_grad()\n    out = model(x)\n    loss = ((out - y) ** 2).mean()\n    loss.backward()\n    opt.step()\n',
    line: 13,
  },
};
const shared = sharedBrowser();

/** Runs in the page: what of the graph lies outside the panel's visible area less `margin`. */
function outside(margin) {
  const body = document.querySelector('.graph-body');
  const b = body.getBoundingClientRect();
  const view = { left: b.left + body.clientLeft + margin, top: b.top + body.clientTop + margin };
  view.right = b.left + body.clientLeft + body.clientWidth - margin;
  view.bottom = b.top + body.clientTop + body.clientHeight - margin;
  const out = [];
  const check = (what, el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return;
    if (r.left < view.left - 0.5 || r.right > view.right + 0.5 || r.top < view.top - 0.5 || r.bottom > view.bottom + 0.5) {
      out.push(`${what} [${[r.left, r.top, r.right, r.bottom].map((v) => v.toFixed(0))}] outside [${[view.left, view.top, view.right, view.bottom].map((v) => v.toFixed(0))}]`);
    }
  };
  const svg = body.querySelector('svg');
  // an edge's path box holds its line; its arrowhead is a marker at the end, checked as a 7 px square there
  for (const p of svg.querySelectorAll('.gedge path')) {
    check(`edge ${p.parentElement.dataset.from}→${p.parentElement.dataset.to}`, p);
    const m = p.getScreenCTM(), end = p.getPointAtLength(p.getTotalLength());
    const x = m.a * end.x + m.c * end.y + m.e, y = m.b * end.x + m.d * end.y + m.f;
    check('arrowhead', { getBoundingClientRect: () => ({ left: x - 3.5, right: x + 3.5, top: y - 3.5, bottom: y + 3.5, width: 7, height: 7 }) });
  }
  for (const t of svg.querySelectorAll('.gedge text, .gflow-label')) if (t.textContent) check(`label "${t.textContent}"`, t);
  for (const g of svg.querySelectorAll('.gnode')) check(`box ${g.dataset.key}`, g);
  return { out, edges: svg.querySelectorAll('.gedge path').length, scroll: [body.scrollLeft, body.scrollTop] };
}

for (const [name, { code, line }] of Object.entries(PROGRAMS)) for (const [layout, opts] of Object.entries(LAYOUTS)) {
  test(`Fit shows the whole autograd graph, every edge inside the panel: ${name}, ${layout}`, async () => {
    const { page, problems } = await openWithCode(shared.browser, code, { ...opts, reducedMotion: 'reduce' });
    const step = await page.evaluate((l) => window.__tensorplay.state.state.model.trace.steps.find((s) => s.line === l).index, line);
    await page.evaluate((n) => window.__tensorplay.state.goTo(n), step);
    await page.waitForSelector('.graph-body svg .gedge', { state: 'attached' });
    await page.waitForFunction(() => document.querySelector('.graph-body').dataset.frame === 'done', null, { timeout: 20000 });
    await page.locator('.graph-tools .fit').scrollIntoViewIfNeeded();
    await page.click('.graph-tools .fit');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const r = await page.evaluate(outside, 8);
    assert.ok(r.edges >= 3, `${r.edges} edges drawn`);
    assert.deepEqual(r.out, []);
    assert.deepEqual(r.scroll, [0, 0], 'nothing scrolled away');
    assert.equal(await page.getAttribute('.graph-tools .fit', 'aria-pressed'), 'true');
    // and the keyboard's 0 does the same after zooming in
    await page.click('.graph-tools .in');
    await page.focus('.graph-body');
    await page.keyboard.press('0');
    assert.deepEqual((await page.evaluate(outside, 8)).out, [], 'after + then 0');
    assert.deepEqual(problems, []);
    await page.close();
  });
}
