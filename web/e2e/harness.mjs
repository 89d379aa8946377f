// Shared e2e plumbing: the built site served by scripts/serve.mjs (precompressed files, cache
// headers, any base path: what `scripts/playground.sh` serves) on 127.0.0.1 and Debian's headless Chromium via playwright-core
// (flags from shared/reference/toolchain.md §7). Used by the e2e tests and scripts/bench.mjs.
import { spawn } from 'node:child_process';
import { after, before } from 'node:test';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The preview's address; set by startPreview (each test file runs in its own process). */
export let URL_ = '';
const WEB = fileURLToPath(new URL('..', import.meta.url));

async function waitForServer(url, ms = 20000) {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not come up (did you run \`npx vite build\`?)`);
}

/** A port nobody listens on, so test files running side by side each get their own server. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Serves dist/ under `base` (a non-root path proves the site assumes no root); `cors` as a CDN would. */
export async function startPreview({ base = '/', cors = false } = {}) {
  const port = Number(process.env.E2E_PORT ?? 0) || await freePort();
  URL_ = `http://127.0.0.1:${port}${base}`;
  // E2E_DIST: another build to serve (one being tested while dist/ is rebuilt)
  const dir = process.env.E2E_DIST ? ['--dir', process.env.E2E_DIST] : [];
  const server = spawn(process.execPath, ['scripts/serve.mjs', '--host', '127.0.0.1', '--port', String(port), '--base', base, ...dir, ...(cors ? ['--cors'] : [])],
    { cwd: WEB, stdio: 'ignore' });
  await waitForServer(URL_);
  return server;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Opens the page with `code` in the share link and waits until the engine ran it. */
export async function openWithCode(browser, code, { step, viewport = { width: 1440, height: 900 }, lang = 'en', deviceScaleFactor = 1, reducedMotion } = {}) {
  const page = await browser.newPage({ viewport, deviceScaleFactor, reducedMotion });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}` + (process.env.TP_STACKS ? `\n${e.stack}` : '')));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  const b64 = Buffer.from(code, 'utf8').toString('base64url');
  await page.goto(`${URL_}#code=${b64}${step !== undefined ? `&step=${step}` : ''}&lang=${lang}`);
  await page.waitForSelector('#status[data-ready="true"]', { timeout: 20000 });
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran' || window.__tensorplay?.state.state.status.kind === 'engine-failure');
  // CodeMirror replaces the textarea once the .wasm has compiled (LazyEditor's loadAfter), maybe after the first run
  await page.locator('.cm-editor').waitFor();
  return { page, problems };
}

/** The page sizes the product is looked at in: a desk, a projector at 150 %, a phone. */
export const LAYOUTS = {
  'desk 1440×900': { viewport: { width: 1440, height: 900 } },
  'projector 1280×720 at 150 %': { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1.5 },
  'phone 390×844': { viewport: { width: 390, height: 844 } },
};

/** One preview server and one browser for a test file's tests: started before the first, stopped
 * after the last. `shared.browser` is set once the tests run. */
export function sharedBrowser(previewOptions = {}) {
  const shared = { server: null, browser: null };
  before(async () => {
    shared.server = await startPreview(previewOptions);
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    shared.server?.kill('SIGTERM');
  });
  return shared;
}
