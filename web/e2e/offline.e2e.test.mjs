// Offline for classrooms (issue 16): after one visit the service worker has cached the pages, the
// engine (both modules; the full one once a program needs it when the reader saves data) and the
// lessons, so a reload with the network off still runs programs; a new build (a new sw.js version)
// replaces the old cache. Served from a copy of dist/ so sw.js can be bumped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser } from './harness.mjs';
import { serve } from '../scripts/serve.mjs';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
let dir, site, browser;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tp-offline-'));
  cpSync(DIST, dir, { recursive: true });
  site = await serve({ dir, port: 0, base: '/class/' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  site?.server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cacheNames(page) {
  return page.evaluate(() => caches.keys());
}

test('after one visit, the playground and the tutorial reload offline; a new version replaces the cache', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const code = 'import torch\na = torch.tensor([1., 2.])\nb = a.detach()\nb[0] = 7.\nprint(a)\n';
  await page.goto(`${site.url}#code=${Buffer.from(code).toString('base64url')}`);
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
  // the worker installs (caches every file of the build) and takes control
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', null, { timeout: 30000 });
  const [first] = await cacheNames(page);
  assert.match(first, /^tensorplay-[0-9a-f]{12}$/);

  await ctx.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
  assert.match(await page.textContent('.console-out'), /tensor\(\[7\., 2\.\]\)/);
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'served by the service worker');
  // the lessons travel in the cached JavaScript
  assert.ok(await page.locator('#lessons option').count() > 2);
  // so does the full engine module, which the visit never needed (Note [Two modules])
  const fullOnly = 'import torch\nprint(torch.einsum("ii->", torch.eye(3)))\n';
  const other = await ctx.newPage();
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(`${site.url}#code=${Buffer.from(fullOnly).toString('base64url')}`);
  await other.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
  assert.equal(await other.textContent('.console-out'), 'tensor(3.)\n');
  await other.close();
  await page.goto(`${site.url}tutorial/`);
  await page.waitForFunction(() => document.querySelector('tensor-playground')?.dataset.ran === 'true', null, { timeout: 20000 });
  await ctx.setOffline(false);

  // a new deployment: sw.js changes (its version), the browser installs it, the old cache goes
  const sw = join(dir, 'sw.js');
  writeFileSync(sw, readFileSync(sw, 'utf8').replace(/const VERSION = '([0-9a-f]+)'/, "const VERSION = 'bumped000000'"));
  rmSync(`${sw}.br`, { force: true });
  rmSync(`${sw}.gz`, { force: true });
  await page.goto(site.url);
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  await page.waitForFunction(async () => {
    const names = await caches.keys();
    return names.length === 1 && names[0] === 'tensorplay-bumped000000';
  }, null, { timeout: 30000 });
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Save-Data: the worker's install leaves the full engine module (600 KB) out; it is cached the
// first time a program needs it, and from then on works offline too.
test('saving data, the full engine module is cached when first needed, not at install', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await (await ctx.newCDPSession(page)).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const wasmCached = () => page.evaluate(async () => {
    const cache = await caches.open((await caches.keys())[0]);
    const names = (await cache.keys()).map((r) => r.url.split('/').pop()).filter((n) => n.endsWith('.wasm'));
    return { core: names.some((n) => n.startsWith('tensorplay-core-')), full: names.some((n) => !n.startsWith('tensorplay-core-')) };
  });
  await page.goto(`${site.url}#code=${Buffer.from('x = 1\n').toString('base64url')}`);
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated', null, { timeout: 30000 });
  assert.match(await page.evaluate(async () => (await navigator.serviceWorker.ready).active.scriptURL), /\/sw\.js\?save-data=1$/);
  assert.deepEqual(await wasmCached(), { core: true, full: false });
  const fullOnly = 'import torch\nprint(torch.einsum("ii->", torch.eye(3)))\n';
  await page.goto(`${site.url}#code=${Buffer.from(fullOnly).toString('base64url')}`);
  await page.reload();
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 30000 });
  assert.equal(await page.textContent('.console-out'), 'tensor(3.)\n');
  await page.waitForFunction(async () => {
    const cache = await caches.open((await caches.keys())[0]);
    return (await cache.keys()).some((r) => /tensorplay-(?!core-)[^/]*\.wasm$/.test(r.url));
  }, null, { timeout: 20000 });
  await ctx.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 30000 });
  assert.equal(await page.textContent('.console-out'), 'tensor(3.)\n');
  assert.deepEqual(errors, []);
  await ctx.close();
});
