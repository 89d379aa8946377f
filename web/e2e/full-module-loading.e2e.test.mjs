// While the full engine downloads (a program needs torch.einsum; Note [Two modules] in
// engine/bindings/library_variant.h), the status says so, on the page and in an embed, in both
// languages. The playground prefetches the full .wasm once it is idle (not on Save-Data); an
// embed never does (an article with many embeds stays light). No service worker, so every request
// is the page's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import * as harness from './harness.mjs';

const { sharedBrowser } = harness;
const EINSUM = 'import torch\na = torch.arange(6.).view(2, 3)\nprint(torch.einsum("ij->ji", a))\n';
const LESSON = readFileSync(new URL('../../examples/03_views_share_storage.py', import.meta.url), 'utf8');
const isFull = (url) => /\/tensorplay-(?!core-)[^/]+\.wasm$/.test(new URL(url).pathname);
const b64 = (code) => Buffer.from(code).toString('base64url');
const shared = sharedBrowser();

async function context() {
  const ctx = await shared.browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  const full = [];
  page.on('request', (r) => { if (isFull(r.url())) full.push(r.url()); });
  return { ctx, page, problems, full };
}

/** Holds the full .wasm's download until the returned function is called. */
async function holdFull(page) {
  let release;
  const released = new Promise((r) => (release = r));
  await page.route(isFull, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const LOADING = { en: /^Loading the rest of the engine for \S*einsum…$/, 'zh-CN': /^正在加载 \S*einsum 所需的其余引擎部分…$/ };

test('the page says the rest of the engine is loading while the full .wasm downloads, in both languages', async () => {
  const { ctx, page, problems } = await context();
  const release = await holdFull(page);
  await page.goto(`${harness.URL_}#code=${b64(EINSUM)}&lang=en`);
  await page.waitForFunction((re) => new RegExp(re).test(document.getElementById('status').textContent), LOADING.en.source, { timeout: 20000 });
  await page.click('#lang');
  assert.match(await page.textContent('#status'), LOADING['zh-CN']);
  release();
  await page.waitForFunction(() => window.__tensorplay.state.state.status.kind === 'ran', null, { timeout: 30000 });
  assert.match(await page.textContent('#status'), /^共 \d+ 步/);
  assert.match(await page.textContent('.console-out'), /tensor\(\[\[0\., 3\.\]/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

for (const lang of ['en', 'zh-CN']) test(`an embed says the rest of the engine is loading while the full .wasm downloads, ${lang}`, async () => {
  const { ctx, page, problems } = await context();
  const release = await holdFull(page);
  await page.goto(`${harness.URL_}embed.html#code=${b64(EINSUM)}&lang=${lang}`);
  const status = () => page.evaluate(() => document.querySelector('tensor-playground').shadowRoot.querySelector('.tp-status').textContent);
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('tensor-playground')?.shadowRoot?.querySelector('.tp-status')?.textContent ?? ''),
    LOADING[lang].source, { timeout: 20000 });
  assert.match(await status(), LOADING[lang]);
  release();
  await page.waitForFunction(() => document.querySelector('tensor-playground').dataset.ran === 'true', null, { timeout: 30000 });
  assert.doesNotMatch(await status(), LOADING[lang]);
  assert.match(await page.evaluate(() => document.querySelector('tensor-playground').shadowRoot.querySelector('.console-out').textContent), /tensor\(\[\[0\., 3\.\]/);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('the playground prefetches the full .wasm once idle, and a program that needs it then downloads nothing more', async () => {
  const { ctx, page, problems, full } = await context();
  // bytes that came over the wire for each request of the full .wasm (a cache hit: next to none)
  const transferred = [];
  page.on('requestfinished', async (r) => {
    if (!isFull(r.url())) return;
    const sizes = await r.sizes();
    transferred.push(Math.max(0, sizes.responseBodySize) + sizes.responseHeadersSize);
  });
  await page.goto(`${harness.URL_}#code=${b64(LESSON)}`);
  await page.waitForFunction(() => window.__tensorplay?.diagnostics.prefetch === 'fetched', null, { timeout: 30000 });
  assert.equal(full.length, 1, `one prefetch: ${full.join(', ')}`);
  assert.ok(await page.evaluate(() => window.__tensorplay.state.state.model.trace.stdout.length > 0), 'the lesson ran (on the core module)');
  await page.click('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(EINSUM);
  await page.click('#run');
  await page.waitForFunction(() => window.__tensorplay.state.state.status.kind === 'ran' &&
    /tensor\(\[\[0\., 3\.\]/.test(document.querySelector('.console-out').textContent), null, { timeout: 30000 });
  for (let i = 0; i < 50 && transferred.length < 2; i++) await new Promise((r) => setTimeout(r, 100)); // sizes arrive a moment later
  assert.equal(full.length, 2, 'the engine asked for the full .wasm once more');
  assert.ok(transferred[0] > 100_000, `the prefetch downloaded it: ${transferred[0]} B`);
  assert.ok(transferred[1] < 2_000, `the switch took it from the cache: ${transferred[1]} B over the wire`);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('no prefetch when the reader asks to save data', async () => {
  const { ctx, page, problems, full } = await context();
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) }));
  await page.goto(`${harness.URL_}#code=${b64(LESSON)}`);
  await page.waitForFunction(() => window.__tensorplay?.diagnostics.prefetch === 'skipped', null, { timeout: 30000 });
  await page.waitForTimeout(1000);
  assert.deepEqual(full, []);
  assert.deepEqual(problems, []);
  await ctx.close();
});

test('an article with embeds never prefetches the full .wasm', async () => {
  const { ctx, page, problems, full } = await context();
  await page.goto(`${harness.URL_}tutorial/`);
  const count = await page.locator('tensor-playground').count();
  for (let i = 0; i < count; i++) {
    await page.evaluate((k) => document.querySelectorAll('tensor-playground')[k].scrollIntoView(), i);
    await page.waitForFunction((k) => document.querySelectorAll('tensor-playground')[k].dataset.ran === 'true', i, { timeout: 30000 });
  }
  // as long as the playground takes to prefetch when idle (its idle callback's timeout is 10 s)
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 2000), { timeout: 10000 })));
  assert.deepEqual(full, []);
  assert.deepEqual(problems, []);
  await ctx.close();
});
