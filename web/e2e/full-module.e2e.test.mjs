// The page's two engine modules (Note [Two modules] in engine/bindings/library_variant.h): a lesson
// runs on the core .wasm alone; the full .wasm is requested only when a program uses a name only
// it has (torch.einsum), once, and the console shows what the full module prints (computed here by
// the same module under Node). No service worker, so every request is the page's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import * as harness from './harness.mjs';

const { sharedBrowser } = harness;
const WASM_DIR = fileURLToPath(new URL('../../build/wasm/', import.meta.url));
const shared = sharedBrowser();

/** stdout of `source` in the full module, run under Node. */
async function fullModuleStdout(source) {
  const create = (await import(`${WASM_DIR}tensorplay.mjs`)).default;
  const M = await create({ wasmBinary: readFileSync(`${WASM_DIR}tensorplay.wasm`) });
  const session = new M.Session();
  const out = JSON.parse(session.run(source)).stdout;
  session.delete();
  return out;
}

test('the full .wasm is fetched only when a program needs it, once, and its output is shown', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  // Save-Data: no prefetch once idle (full-module-loading.e2e.test.mjs tests it), so only a program fetches it
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }));
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname.split('/').pop()); });
  const lesson = readFileSync(new URL('../../examples/03_views_share_storage.py', import.meta.url), 'utf8');
  await page.goto(`${harness.URL_}#code=${Buffer.from(lesson).toString('base64url')}`);
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
  await page.locator('.cm-editor').waitFor();
  assert.equal(wasm.length, 1, wasm.join());
  assert.match(wasm[0], /^tensorplay-core-[^/]+\.wasm$/, 'a lesson runs on the core module');

  const program = 'import torch\na = torch.arange(6.).view(2, 3)\nprint(torch.einsum("ij->ji", a))\n';
  const setAndRun = async (code) => {
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(code);
    await page.evaluate(() => { window.__ranBefore = window.__tensorplay.state.state.model; });
    await page.click('#run');
    await page.waitForFunction(() => window.__tensorplay.state.state.status.kind === 'ran' &&
      window.__tensorplay.state.state.model !== window.__ranBefore, null, { timeout: 30000 });
  };
  await setAndRun(program);
  const want = await fullModuleStdout(program);
  assert.equal(await page.textContent('.console-out'), want);
  const full = wasm.filter((f) => !f.startsWith('tensorplay-core-'));
  assert.equal(full.length, 1, `one request for the full module: ${wasm.join(', ')}`);
  assert.match(full[0], /^tensorplay-[^/]+\.wasm$/);

  const again = `${program}print(torch.kron(a, a).shape)\n`;
  await setAndRun(again);  // the worker kept the full module: nothing more to fetch
  assert.equal(await page.textContent('.console-out'), await fullModuleStdout(again));
  assert.equal(wasm.length, 2, wasm.join());
  assert.deepEqual(problems, []);
  await context.close();
});

test('when the full .wasm cannot be downloaded, the status says so in both languages and the next run gets it', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const isFull = (url) => /\/tensorplay-(?!core-)[^/]+\.wasm$/.test(new URL(url).pathname);
  await page.route(isFull, (route) => route.abort('internetdisconnected'));
  const program = 'import torch\na = torch.arange(6.).view(2, 3)\nprint(torch.einsum("ij->ji", a))\n';
  await page.goto(`${harness.URL_}#code=${Buffer.from(program).toString('base64url')}`);
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'engine-failure', null, { timeout: 30000 });
  const status = await page.evaluate(() => window.__tensorplay.state.state.status);
  assert.equal(status.name, 'FullModuleUnavailable');
  assert.equal(status.fatal, false, 'the core module is intact: nothing was restarted');
  assert.match(await page.textContent('#status'), /^Downloading the engine part for \S*einsum failed\. Check your connection and run again\.$/);
  await page.click('#lang');
  assert.match(await page.textContent('#status'), /^下载 \S*einsum 所需的引擎部分失败。请检查网络后再运行。$/);
  assert.equal(await page.locator('.cm-content').textContent(), program.replace(/\n/g, ''), 'the code is still there');

  await page.unroute(isFull);
  await page.click('#run');
  await page.waitForFunction(() => window.__tensorplay.state.state.status.kind === 'ran', null, { timeout: 30000 });
  assert.equal(await page.textContent('.console-out'), await fullModuleStdout(program));
  assert.deepEqual(problems, []);
  await context.close();
});
