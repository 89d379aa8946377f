// End-to-end: the built site (`npx vite build`) under `vite preview`, driven in headless Chromium.
// Runs real programs through the WebAssembly engine and reads the answers from the DOM; saves
// screenshots to e2e/out/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
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

const stepLabel = (page) => page.textContent('.stepper .label');
const stepIndex = (page) => page.evaluate(() => window.__tensorplay.state.state.step);

test('detach(): one storage, two tensors; clone(): its own storage; stepping back and forth', async () => {
  const code = 'import torch\n\na = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\nb = a.clone()\nc = a.detach()\nc[0] = 10.0\nprint(a)\n';
  const { page, problems } = await openWithCode(browser, code);
  assert.match(await stepLabel(page), /Step 6 of 6 · line 7/);
  assert.equal(await page.textContent('.console-out'), 'tensor([10.,  2.,  3.], requires_grad=True)\n');

  // one storage group holds a and c (two tensor cards), b has its own
  const groupOf = (name) => page.evaluate((n) => {
    const card = [...document.querySelectorAll('.card')].find((c) => c.querySelector('.names-on-card')?.textContent?.split(', ').includes(n));
    return card?.closest('.group')?.getAttribute('data-storage') ?? null;
  }, name);
  const [ga, gb, gc] = [await groupOf('a'), await groupOf('b'), await groupOf('c')];
  assert.ok(ga !== null && ga === gc, 'a and c share a storage');
  assert.notEqual(gb, ga, 'b (clone) has its own storage');
  assert.equal(await page.locator(`.group[data-storage="${ga}"] .card`).count(), 2);
  assert.equal(await page.locator(`.group[data-storage="${ga}"] .strip .lane-label`).count(), 2);
  // c[0] = 10. wrote cell 0 through c, and a sees it; both versions are 1 (shared counter)
  const prop = (name, key) => page.evaluate(([n, k]) => {
    const card = [...document.querySelectorAll('.card')].find((c) => c.querySelector('.names-on-card')?.textContent?.split(', ').includes(n));
    return card?.querySelector(`.prop[data-prop="${k}"] .v`)?.textContent ?? null;
  }, [name, key]);
  assert.equal(await prop('a', '._version'), '1');
  assert.equal(await prop('c', '._version'), '1');
  assert.equal(await prop('b', '._version'), '0');

  // step back: before c[0] = 10. the cell holds 1.
  await page.click('.stepper .prev');
  await page.click('.stepper .prev');
  assert.match(await stepLabel(page), /Step 4 of 6 · line 5/);
  assert.equal(await page.textContent(`.group[data-storage="${ga}"] .cell[data-cell="0"]`), '1.');
  assert.equal(await prop('a', '._version'), '0');
  await page.keyboard.press('Escape');
  await page.locator('.memory').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepIndex(page), 4);
  assert.equal(await page.textContent(`.group[data-storage="${ga}"] .cell[data-cell="0"]`), '10.');
  assert.ok(await page.locator(`.group[data-storage="${ga}"] .cell.written[data-cell="0"]`).count() === 1, 'written cell highlighted');
  await page.keyboard.press('Home');
  assert.equal(await stepIndex(page), 0);
  await page.keyboard.press('End');
  assert.equal(await stepIndex(page), 5);

  // hovering a logical element highlights its storage cell and shows the formula
  await page.locator('.card[data-tensor] .el[data-index="2"]').first().hover();
  assert.match(await page.textContent('.formula'), /0 \+ 2·1 = 2/);
  assert.equal(await page.locator('.cell.hl').count(), 1);
  await page.screenshot({ path: join(OUT, 'detach.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('backward(): the gradient lands on the leaf and the flow is animated', async () => {
  const code = 'import torch\n\nx = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\ny = x * x\nz = y.sum()\nz.backward()\nprint(x.grad)\n';
  const { page, problems } = await openWithCode(browser, code, { step: 4 });
  assert.match(await stepLabel(page), /line 6/);
  await page.waitForSelector('.graph-body svg');
  const titles = await page.$$eval('.gnode .title', (els) => els.map((e) => e.textContent));
  for (const name of ['SumBackward0', 'MulBackward0', 'x', 'y', 'z']) assert.ok(titles.includes(name), `${name} in ${titles}`);
  // laid out off the main thread
  assert.ok(page.workers().some((w) => w.url().includes('layout.worker')), `a layout worker: ${page.workers().map((w) => w.url())}`);
  // the animation plays frame by frame, then .grad shows on the leaf box and on the card
  await page.waitForSelector('.graph-body[data-frame="0"]', { timeout: 5000 });
  await page.screenshot({ path: join(OUT, 'backward-animating.png') });
  await page.waitForSelector('.graph-body[data-frame="done"]', { timeout: 15000 });
  const leafGrad = await page.textContent('.gnode.tensor[data-key] .sub.grad');
  assert.match(leafGrad, /\.grad = tensor\(\[2\., 4\., 6\.\]\)/);
  const gradProp = await page.evaluate(() => {
    const card = [...document.querySelectorAll('.card')].find((c) => c.querySelector('.names-on-card')?.textContent === 'x');
    return card?.querySelector('.prop[data-prop=".grad"] .v')?.textContent ?? null;
  });
  assert.equal(gradProp, 'x.grad');
  const gradCard = await page.locator('.card', { has: page.locator('.names-on-card', { hasText: /^x\.grad$/ }) }).count();
  assert.equal(gradCard, 1, 'x.grad drawn as its own tensor');
  await page.screenshot({ path: join(OUT, 'backward.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a wide graph stays readable: it scrolls instead of shrinking, and follows the gradient flow', async () => {
  const code = 'import torch\nimport torch.nn as nn\n\ntorch.manual_seed(0)\n' +
    'model = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))\n' +
    'x = torch.tensor([[1., 2.], [3., 4.]])\nloss = model(x).pow(2).mean()\nloss.backward()\n';
  const { page, problems } = await openWithCode(browser, code, { step: 6, viewport: { width: 1024, height: 768 } });
  assert.match(await stepLabel(page), /line 8/);
  await page.waitForSelector('.graph-body svg');
  const scale = await page.$eval('.graph-body svg', (svg) => svg.getBoundingClientRect().width / svg.viewBox.baseVal.width);
  assert.ok(scale >= 0.69, `graph drawn at scale ${scale}`);
  const overflows = await page.$eval('.graph-body', (b) => b.scrollWidth > b.clientWidth);
  assert.ok(overflows, 'this graph is wider than the panel at a readable scale');
  // the node gradients reach last (the first Linear's weight) is scrolled into the panel
  await page.waitForSelector('.graph-body[data-frame="done"]', { timeout: 30000 });
  const inView = (title) => page.evaluate((title) => {
    const el = [...document.querySelectorAll('.gnode')].find((g) => g.querySelector('.title')?.textContent === title);
    if (!el) return null;
    const p = el.closest('.graph-body').getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return r.right > p.left && r.left < p.right && r.bottom > p.top && r.top < p.bottom;
  }, title);
  assert.ok(await page.$eval('.graph-body', (b) => b.scrollLeft > 0), 'the panel scrolled along the flow');
  assert.equal(await inView('model.0.weight'), true, 'the first layer\'s weight, where the flow ends, is in view');
  await page.screenshot({ path: join(OUT, 'graph-wide.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a runtime error is shown at its line, explained, with the state up to it', async () => {
  const code = 'import torch\n\nx = torch.arange(6).view(2, 3)\nt = x.t()\nv = t.view(6)\nprint("unreached")\n';
  const { page, problems } = await openWithCode(browser, code);
  assert.match(await page.textContent('#status'), /Stopped at line 5: RuntimeError/);
  assert.match(await page.textContent('.cm-error-line'), /v = t\.view\(6\)/);
  assert.equal(await page.textContent('.cm-error-widget'), '⚠ RuntimeError: explained with the picture');
  assert.match(await page.textContent('#error-card'), /view\(\) cannot re-read these cells with strides/);
  assert.match(await page.textContent('.console-out .traceback'), /Traceback \(most recent call last\):[\s\S]*line 5[\s\S]*RuntimeError: view size/);
  // the world up to the failing statement: x and t on one storage
  assert.equal(await page.locator('.group.shared .card').count(), 3); // arange's tensor (x._base), x, t
  assert.equal(await page.locator('.card .badge.strided').count(), 1);
  await page.screenshot({ path: join(OUT, 'runtime-error.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('expand (stride 0) and as_strided (overlap) are marked; the REPL runs in the same world', async () => {
  const code = 'import torch\n\na = torch.tensor([1, 2, 3])\ne = a.expand(2, 3)\nw = torch.arange(5).as_strided((3, 3), (1, 1))\n';
  const { page, problems } = await openWithCode(browser, code);
  assert.equal(await page.locator('.card .badge.broadcast').count(), 1);
  assert.equal(await page.locator('.card .badge.overlapping').count(), 1);
  assert.ok(await page.locator('.lane.multi', { hasText: '×2' }).count() >= 3, 'expand lanes read each cell twice');
  assert.ok(await page.locator('.lane.multi', { hasText: '×3' }).count() >= 1, 'as_strided window reads cell 2 three times');
  await page.fill('#repl-input', 'e.stride()');
  await page.press('#repl-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('.console-out')?.textContent?.includes('(0, 1)'));
  assert.match(await page.textContent('.console-out'), />>> e\.stride\(\)\n\(0, 1\)\n/);
  await page.screenshot({ path: join(OUT, 'expand-strided.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('the program survives a reload; program text is never markup', async () => {
  const code = 'import torch\ns = "<img src=x onerror=alert(1)>"\nprint(s)\n';
  const { page, problems } = await openWithCode(browser, code);
  assert.equal(await page.locator('.console-out img, .cm-content img').count(), 0);
  assert.equal(await page.textContent('.console-out'), '<img src=x onerror=alert(1)>\n');
  await page.goto(page.url().replace(/#.*$/, ''));
  await page.waitForSelector('#status[data-ready="true"]');
  assert.match(await page.textContent('.cm-content'), /onerror=alert/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('projector view at 1280×800 and 简体中文', async () => {
  const code = 'import torch\n\nx = torch.arange(6.)\ny = x.view(2, 3)\nt = y.t()\ncol = y[:, 1]\ncol += 100\n';
  const { page, problems } = await openWithCode(browser, code, { viewport: { width: 1280, height: 800 }, lang: 'zh-CN' });
  assert.match(await page.textContent('.stepper .label'), /第 6 \/ 6 步/);
  await page.screenshot({ path: join(OUT, 'projector-zh.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a long run leaves the page responsive; Stop (or Esc, or a second Run) ends it and keeps the code and the last trace', async () => {
  const LONG = 'import torch\nw = torch.ones(10, requires_grad=True)\nfor i in range(100000):\n    (w * w).sum().backward()\n';
  const { page, problems } = await openWithCode(browser, 'import torch\nx = torch.ones(3)\ny = x * 2\nprint(y)\n');
  const setCode = async (code) => {
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(code);
    assert.equal(await page.evaluate(() => window.__tensorplay.editor.code), code);
  };
  const statusKind = () => page.evaluate(() => window.__tensorplay.state.state.status.kind);
  assert.match(await stepLabel(page), /Step 4 of 4/);
  assert.equal(await page.textContent('.console-out'), 'tensor([2., 2., 2.])\n');

  await setCode(LONG);
  const t0 = Date.now();
  await page.click('#run');
  await page.waitForSelector('#stop:not([hidden])', { timeout: 2000 });
  assert.ok(Date.now() - t0 >= 250, 'Stop only shows for a run that takes a while');
  assert.equal(await statusKind(), 'running');
  // the page answers while the engine works: a round trip, and a click that redraws the stepper
  let t = Date.now();
  await page.evaluate(() => 1 + 1);
  assert.ok(Date.now() - t < 500, `evaluate round trip took ${Date.now() - t} ms`);
  t = Date.now();
  await page.click('.stepper .prev');
  assert.match(await stepLabel(page), /Step 3 of 4/);
  assert.ok(Date.now() - t < 500, `a click on the stepper took ${Date.now() - t} ms`);
  // the editor takes keys too
  t = Date.now();
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('# still typing');
  assert.ok((await page.evaluate(() => window.__tensorplay.editor.code)).endsWith('# still typing'));
  assert.ok(Date.now() - t < 1500, `typing took ${Date.now() - t} ms`);
  assert.equal(await statusKind(), 'running', 'the long run is still going');
  await page.screenshot({ path: join(OUT, 'run-long-running.png') });
  const consoleBefore = await page.textContent('.console-out');

  await page.click('#stop');
  await page.waitForFunction(() => window.__tensorplay.state.state.status.kind === 'stopped');
  assert.match(await page.textContent('#status'), /^Run stopped after \d+\.\d s\. Your code is unchanged; showing the previous run\.$/);
  assert.ok(await page.isHidden('#stop'));
  assert.equal(await page.evaluate(() => window.__tensorplay.editor.code), `${LONG}# still typing`);
  assert.match(await stepLabel(page), /Step 3 of 4/);
  assert.equal(await page.textContent('.console-out'), consoleBefore);
  assert.ok(await page.locator('.card').count() > 0, 'the previous run is still drawn');
  await page.screenshot({ path: join(OUT, 'run-stopped.png') });
  await page.click('#lang');
  assert.match(await page.textContent('#status'), /^运行已在 \d+\.\d 秒后停止。代码没有改动；显示的是上一次运行。$/);
  await page.click('#lang');

  // Esc stops too
  await page.click('#run');
  await page.waitForSelector('#stop:not([hidden])', { timeout: 2000 });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.__tensorplay.state.state.status.kind === 'stopped');

  // a second Run while one is going stops the first and shows the new program's trace
  await page.click('#run');
  await page.waitForSelector('#stop:not([hidden])', { timeout: 2000 });
  await setCode('import torch\nz = torch.zeros(2)\nprint(z + 1)\n');
  await page.click('#run');
  await page.waitForFunction(() => window.__tensorplay.state.state.status.kind === 'ran', undefined, { timeout: 10000 });
  assert.equal(await page.textContent('.console-out'), 'tensor([1., 1.])\n');
  assert.match(await page.textContent('#status'), /^Ran 3 steps in \d+ ms$/);
  assert.ok(await page.isHidden('#stop'));
  // the fresh worker's session serves the REPL
  await page.fill('#repl-input', 'z.shape');
  await page.press('#repl-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('.console-out')?.textContent?.includes('torch.Size([2])'));
  assert.deepEqual(problems, []);
  await page.close();
});
