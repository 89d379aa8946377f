// First load (issue 12): the served site sends precompressed files with immutable caching for
// hashed assets, the .wasm download starts from the HTML (one request, used by the engine), and
// the page is usable before the editor's code arrives: its textarea keeps what the learner typed
// and hands it to CodeMirror. Under a non-root base path, as on GitHub Pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as harness from './harness.mjs';

const { sharedBrowser } = harness;
const shared = sharedBrowser({ base: '/some/course/tensorplay/' });

test('hashed assets are immutable and precompressed; pages are revalidated', async () => {
  const html = await (await fetch(harness.URL_)).text();
  const wasm = html.match(/<link rel="preload" href="([^"]+\.wasm)" as="fetch"[^>]*crossorigin/)?.[1];
  assert.ok(wasm, 'the HTML preloads the .wasm');
  const get = (path, enc) => fetch(new URL(path, harness.URL_), { headers: { 'Accept-Encoding': enc } });
  const br = await get(wasm, 'gzip, br');
  assert.equal(br.headers.get('content-encoding'), 'br');
  assert.match(br.headers.get('cache-control'), /immutable/);
  assert.equal(br.headers.get('content-type'), 'application/wasm');
  assert.equal((await get(wasm, 'gzip')).headers.get('content-encoding'), 'gzip');
  assert.equal((await get(wasm, 'identity')).headers.get('content-encoding'), null);
  const page = await get('', 'br');
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  assert.equal((await get('tensor-playground.js', 'br')).headers.get('cache-control'), 'no-cache');
});

test('under a non-root base path: one .wasm request, a usable editor before CodeMirror, nothing typed is lost', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  // hold the editor's chunk back until the learner has typed into the shell
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/editor-view-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const code = 'import torch\na = torch.zeros(2)\n';
  await page.goto(`${harness.URL_}#code=${Buffer.from(code).toString('base64url')}`);
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
  assert.ok(wasm.every((u) => u.startsWith(harness.URL_)), wasm.join());
  // the full module's low-priority prefetch may start as soon as the page is idle after the run
  // (prefetch-full.ts; its own test counts it): the core module is the one fetched only once
  const core = wasm.filter((u) => /\/tensorplay-core-[^/]+\.wasm$/.test(u));
  assert.equal(core.length, 1, `one request for the core .wasm (the preload, reused by the engine): ${wasm.join(', ')}`);
  assert.equal(await page.locator('.cm-editor').count(), 0);
  const shell = page.locator('textarea.editor-shell');
  assert.equal(await shell.inputValue(), code);
  await shell.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('print(a + 1)\n');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('.console-out')?.textContent.includes('tensor([1., 1.])'));
  release();
  await page.locator('.cm-editor').waitFor();
  assert.equal(await page.locator('textarea.editor-shell').count(), 0);
  assert.equal(await page.evaluate(() => window.__tensorplay.editor.code), `${code}print(a + 1)\n`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('CodeMirror waits for the .wasm and the offline cache for the engine: nothing else downloads meanwhile', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  const seen = [];
  page.on('request', (r) => seen.push(r.url()));
  // hold the .wasm back: the engine cannot compile, nor get ready, until it is released
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(harness.URL_);
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(1000);
  assert.equal(await page.locator('#status[data-ready="true"]').count(), 0, 'the engine is held back');
  assert.deepEqual(seen.filter((u) => /editor-view-[^/]+\.js$/.test(u)), [], 'no CodeMirror while the .wasm downloads');
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0, 'no offline cache yet');
  assert.equal(await page.locator('textarea.editor-shell').count(), 1, 'the textarea holds the code meanwhile');
  release();
  await page.waitForSelector('#status[data-ready="true"]');
  await page.locator('.cm-editor').waitFor();
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistrations()).length === 1);
  assert.deepEqual(problems, []);
  await page.close();
});
