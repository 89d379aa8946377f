// First-load figures (issue 12), in headless Chromium against the served site (scripts/serve.mjs:
// precompressed files, as deployed): first contentful paint on the default profile, navigation →
// engine ready under CDP network throttling (fast 4G: 9 Mbps, 170 ms RTT; slow 3G: 1.6 Mbps,
// 300 ms RTT; cold cache each time), navigation → first run shown for a share link whose program
// the core module runs and for one that needs the full module, and the bytes an article with one
// embed downloads before its first picture. Used by bench.mjs; alone: node scripts/bench-first-load.mjs [--loads N]
import { pathToFileURL } from 'node:url';
import { launchBrowser, startPreview } from '../e2e/harness.mjs';

export const PROFILES = {
  'fast 4G': { latency: 170, mbps: 9 },
  'slow 3G': { latency: 300, mbps: 1.6 },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function coldPage(browser, profile, serviceWorkers = 'allow') {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile) {
    const bytesPerSecond = (profile.mbps * 1e6) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: profile.latency, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond,
    });
  }
  return { ctx, page };
}

/** First contentful paint (ms after navigation start) on the default profile. */
async function firstPaint(browser, url) {
  const { ctx, page } = await coldPage(browser, null);
  await page.goto(url);
  const fcp = await page.evaluate(() => new Promise((resolve) => {
    const seen = performance.getEntriesByName('first-contentful-paint')[0];
    if (seen) return resolve(seen.startTime);
    new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: 'paint', buffered: true });
  }));
  await ctx.close();
  return fcp;
}

/** Navigation → the engine worker has loaded its module (the page's own "ready"). */
async function readyUnder(browser, url, profile) {
  const { ctx, page } = await coldPage(browser, profile);
  await page.goto(url, { timeout: 120000 });
  await page.waitForSelector('#status[data-ready="true"]', { timeout: 120000 });
  const ms = await page.evaluate(() => window.__tensorplay.diagnostics.readyMs);
  await ctx.close();
  return ms;
}

/** Programs for navigation → first run shown: one the core module runs, one that needs the full
 * module (fetched, then the program run again there: Note [Two modules]). */
export const FIRST_RUN_PROGRAMS = {
  core: 'import torch\na = torch.arange(6.).view(2, 3)\nprint(a.t())\n',
  'needs the full module': 'import torch\na = torch.arange(6.).view(2, 3)\nprint(torch.einsum("ij->ji", a))\n',
};

/** Navigation (a share link) → the page shows the program's run. */
async function firstRunUnder(browser, url, profile, code) {
  // no service worker: its own fetches (it caches the site once the engine is ready, the full
  // module included) escape the page's throttling, and the full module would come from it
  const { ctx, page } = await coldPage(browser, profile, 'block');
  const t0 = Date.now();
  await page.goto(`${url}#code=${Buffer.from(code).toString('base64url')}`, { timeout: 120000 });
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 120000, polling: 20 });
  const ms = Date.now() - t0;
  await ctx.close();
  return ms;
}

/** Bytes on the wire (headers + encoded bodies, the worker's included) until one embed has drawn. */
async function articleBytes(browser, siteUrl) {
  const { ctx, page } = await coldPage(browser, null);
  const article = `${siteUrl}bench-article.html`;
  // an article of the author's own: one script tag, one element (served at the site's origin here)
  await page.route(article, (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>article</title></head><body><h1>An article</h1>
<script type="module" src="${siteUrl}tensor-playground.js"></script>
<tensor-playground panels="code memory console"><pre>import torch\nx = torch.arange(6.)\nv = x.view(2, 3)\nv[0, 1] = 100.\nprint(x)\n</pre></tensor-playground></body></html>`,
  }));
  const rows = [];
  ctx.on('requestfinished', async (req) => {
    if (req.url() === article) return;
    const s = await req.sizes();
    // a worker's own script reports no body size here: its Content-Length is the bytes sent (encoded)
    const length = Number((await req.response())?.headers()['content-length'] ?? 0);
    rows.push({ url: req.url().replace(siteUrl, ''), bytes: Math.max(s.responseBodySize, length) + s.responseHeadersSize });
  });
  await page.goto(article);
  await page.waitForFunction(() => document.querySelector('tensor-playground')?.shadowRoot?.querySelector('.memory [data-card]') !== null
    && document.querySelector('tensor-playground').dataset.ran === 'true', null, { timeout: 60000 });
  await page.waitForTimeout(200); // let requestfinished handlers settle
  const before = rows.slice();
  await ctx.close();
  return { total: before.reduce((s, r) => s + r.bytes, 0), rows: before };
}

export async function measureFirstLoad(browser, url, loads = 3) {
  const out = { firstPaintMs: [], readyMs: {}, article: null };
  for (let i = 0; i < loads; i++) out.firstPaintMs.push(await firstPaint(browser, url));
  for (const [name, profile] of Object.entries(PROFILES)) {
    out.readyMs[name] = [];
    for (let i = 0; i < loads; i++) out.readyMs[name].push(await readyUnder(browser, url, profile));
  }
  out.firstRunMs = {};
  for (const [name, profile] of Object.entries(PROFILES)) {
    for (const [kind, code] of Object.entries(FIRST_RUN_PROGRAMS)) {
      const key = `${name}, ${kind}`;
      out.firstRunMs[key] = [];
      for (let i = 0; i < loads; i++) out.firstRunMs[key].push(await firstRunUnder(browser, url, profile, code));
    }
  }
  out.article = await articleBytes(browser, url);
  return {
    ...out,
    firstPaintMedianMs: Math.round(median(out.firstPaintMs)),
    fast4gReadyMedianMs: Math.round(median(out.readyMs['fast 4G'])),
    slow3gReadyMedianMs: Math.round(median(out.readyMs['slow 3G'])),
    articleKB: Math.round(out.article.total / 102.4) / 10,
  };
}

export function printFirstLoad(f) {
  console.log(`first contentful paint (default profile): ${f.firstPaintMs.map(Math.round).join(', ')} ms`);
  for (const [name, xs] of Object.entries(f.readyMs)) console.log(`navigation → engine ready, ${name} (${PROFILES[name].mbps} Mbps, ${PROFILES[name].latency} ms RTT), cold: ${xs.map(Math.round).join(', ')} ms`);
  for (const [key, xs] of Object.entries(f.firstRunMs)) console.log(`navigation → first run shown, ${key}, cold: ${xs.join(', ')} ms`);
  console.log(`an article with one embed, bytes before its first picture: ${f.article.total} (${f.articleKB} KB)`);
  for (const r of f.article.rows) console.log(`    ${String(r.bytes).padStart(8)}  ${r.url}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const loads = Number(args[args.indexOf('--loads') + 1]) || 3;
  const server = await startPreview();
  const browser = await launchBrowser();
  try {
    const { URL_ } = await import('../e2e/harness.mjs');
    printFirstLoad(await measureFirstLoad(browser, URL_, loads));
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}
