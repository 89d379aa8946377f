// The memory panel's edge markers (↑ model ↑ opt …: names whose cards are scrolled out of view)
// must never cover what they point past: no visible part of a card title, storage title or lane
// label may meet a marker row. Checked on a small training loop stepped to `loss.backward()`, where
// the panel is scrolled to the gradients and most names' cards lie above, on a desk, a projector at
// 150 % and a phone, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settle } from './arrow-geometry.mjs';
import { LAYOUTS, openWithCode, sharedBrowser } from './harness.mjs';

const PROGRAM = `import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 3)
y = torch.randn(4, 2)
for epoch in range(2):
    opt.zero_grad()
    out = model(x)
    loss = ((out - y) ** 2).mean()
    loss.backward()
    opt.step()
print(loss)
`;
const BACKWARD_LINE = 13;
const shared = sharedBrowser();

/** Runs in the page: the visible (clipped to the scrolling body) text boxes that meet a marker row. */
function overlaps() {
  const body = document.getElementById('memory');
  const b = body.getBoundingClientRect();
  const clip = { left: b.left, top: b.top, right: b.left + body.clientWidth, bottom: b.top + body.clientHeight };
  const cut = (r, c) => ({ left: Math.max(r.left, c.left), top: Math.max(r.top, c.top), right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom) });
  const some = (r) => r.right - r.left > 0.5 && r.bottom - r.top > 0.5;
  const rows = [...body.parentElement.querySelectorAll('.edge-marks:not([hidden]) .edge-row')].map((row) => row.getBoundingClientRect());
  const titles = [...body.querySelectorAll('.card-head, .strip-title, .lane-label, .group-title')]
    .map((el) => ({ text: el.textContent, r: cut(el.getBoundingClientRect(), clip) })).filter((t) => some(t.r));
  const hits = [];
  for (const t of titles) for (const r of rows) if (some(cut(t.r, r))) hits.push(`"${t.text}" meets the marker row at y ${r.top.toFixed(0)}–${r.bottom.toFixed(0)}`);
  return { hits, rows: rows.length, marks: body.parentElement.querySelectorAll('.edge-marks:not([hidden]) .edge-mark').length, titles: titles.length };
}

for (const [layout, opts] of Object.entries(LAYOUTS)) for (const lang of ['en', 'zh-CN']) {
  test(`edge markers cover no card title at loss.backward(), ${layout}, ${lang}`, async () => {
    const { page, problems } = await openWithCode(shared.browser, PROGRAM, { ...opts, lang, reducedMotion: 'reduce' });
    const step = await page.evaluate((line) => window.__tensorplay.state.state.model.trace.steps.find((s) => s.line === line).index, BACKWARD_LINE);
    await page.evaluate((n) => window.__tensorplay.state.goTo(n), step);
    await settle(page);
    let marked = 0;
    for (const where of ['as the step left it', 'middle', 'bottom']) {
      if (where !== 'as the step left it') {
        await page.$eval('#memory', (m, w) => { m.scrollTop = w === 'middle' ? (m.scrollHeight - m.clientHeight) / 2 : m.scrollHeight; }, where);
        await settle(page);
      }
      const r = await page.evaluate(overlaps);
      assert.deepEqual(r.hits, [], `${where}`);
      if (where === 'as the step left it') assert.ok(r.titles > 0, 'the step shows some titles');
      marked += r.marks;
    }
    assert.ok(marked > 0, 'names whose cards were scrolled away got markers (the check had something to check)');
    assert.deepEqual(problems, []);
    await page.close();
  });
}
