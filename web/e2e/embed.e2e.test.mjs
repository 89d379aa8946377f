// Embeds (issue 16): the sample tutorial's three <tensor-playground>s share one engine download and
// one worker, start only when scrolled into view and each draw their own program; the iframe form
// runs from its address alone; the Embed button's copied snippet works pasted into a blank page on
// another origin, under the host CSP the README documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

import * as harness from './harness.mjs';

const { sharedBrowser } = harness;
const shared = sharedBrowser({ cors: true }); // as a CDN would serve the element to other sites

function watch(page) {
  const problems = [];
  const wasm = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()} ${r.url()}`); });
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  return { problems, wasm };
}

/** What one embed shows: whether it ran, its status, console text, and how much picture it drew. */
function embedState(page, index) {
  return page.evaluate((i) => {
    const el = document.querySelectorAll('tensor-playground')[i];
    const r = el.shadowRoot;
    return {
      ran: el.dataset.ran === 'true',
      status: r.querySelector('.tp-status')?.textContent ?? '',
      console: r.querySelector('.console-out')?.textContent ?? '',
      cards: r.querySelectorAll('.memory [data-card]').length,
      cells: r.querySelectorAll('.memory .cell').length,
      gnodes: r.querySelectorAll('.graph .gnode').length,
      label: r.querySelector('.stepper .label')?.textContent ?? '',
      code: r.querySelector('.cm-content')?.textContent ?? r.querySelector('textarea')?.value ?? '',
    };
  }, index);
}

test('the sample tutorial: three embeds, one .wasm download, one worker, three pictures, each started in view', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const { problems, wasm } = watch(page);
  await page.goto(`${harness.URL_}tutorial/`);
  assert.equal(await page.locator('tensor-playground').count(), 3);
  await page.waitForFunction(() => document.querySelector('tensor-playground')?.dataset.ran === 'true', null, { timeout: 20000 });
  // the last embed is far below the fold: it has not started
  const last = await embedState(page, 2);
  assert.equal(last.ran, false, 'an embed out of view does not run');
  for (let i = 1; i < 3; i++) {
    await page.evaluate((k) => document.querySelectorAll('tensor-playground')[k].scrollIntoView(), i);
    await page.waitForFunction((k) => document.querySelectorAll('tensor-playground')[k].dataset.ran === 'true', i, { timeout: 20000 });
  }
  // the graph is laid out in a worker: it is drawn a moment after the run
  await page.waitForFunction(() => document.querySelectorAll('tensor-playground')[2].shadowRoot.querySelectorAll('.gnode').length > 0, null, { timeout: 10000 })
    .catch(() => {}); // the assertion below says what was drawn
  const [a, b, c] = [await embedState(page, 0), await embedState(page, 1), await embedState(page, 2)];
  // each kept its own program and drew it
  assert.match(a.console, /tensor\(\[ {2}0\., 100\., {3}2\., {3}3\., {3}4\., {3}5\.\]\)/);
  assert.ok(a.cards >= 2 && a.cells >= 6, `first embed draws x and v over one storage: ${JSON.stringify(a)}`);
  assert.match(a.code, /x\.view\(2, 3\)/);
  // the second opens at the step its attribute asks for (step="4": the 5th of 7) and is read-only
  assert.match(b.label, /5\D+7/, b.label);
  assert.ok(b.cards >= 3, `second embed draws a, b, c: ${JSON.stringify(b)}`);
  assert.equal(await page.evaluate(() => document.querySelectorAll('tensor-playground')[1].shadowRoot.querySelector('.run').hidden), true);
  assert.equal(await page.evaluate(() => document.querySelectorAll('tensor-playground')[1].shadowRoot.querySelector('.cm-content')?.getAttribute('contenteditable')), 'false');
  assert.match(c.console, /tensor\(\[2\., 4\.\]\)/);
  // "Open in tensorplay" carries the program to the full playground of the same site
  const open = await page.evaluate(() => document.querySelectorAll('tensor-playground')[2].shadowRoot.querySelector('.tp-open').href);
  assert.ok(open.startsWith(`${harness.URL_}index.html#code=`), open);
  assert.match(Buffer.from(new URLSearchParams(new URL(open).hash.slice(1)).get('code'), 'base64url').toString(), /y = w\.clone\(\)/);
  assert.ok(c.gnodes >= 3, `third embed draws its autograd graph: ${JSON.stringify(c)}`);
  assert.equal(wasm.length, 1, `one .wasm request: ${wasm.join(', ')}`);
  const urls = page.workers().map((w) => w.url());
  assert.equal(urls.filter((u) => u.includes('engine.worker')).length, 1, `one engine worker for the three embeds: ${urls}`);
  assert.ok(urls.filter((u) => u.includes('layout.worker')).length <= 1, `one graph-layout worker at most: ${urls}`);
  assert.equal(urls.length, urls.filter((u) => /(engine|layout)\.worker/.test(u)).length, `no other worker: ${urls}`);
  // stepping one embed leaves the others where they are
  const before = await embedState(page, 1);
  await page.evaluate(() => document.querySelectorAll('tensor-playground')[0].shadowRoot.querySelector('.stepper .first').click());
  assert.match((await embedState(page, 0)).label, /^\D*1\D/);
  assert.equal((await embedState(page, 1)).label, before.label);
  // the article's styles do not reach into the shadow root, and the embed's do not leak out
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('article h2')).textTransform), 'none');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the Chinese tutorial labels its embeds in Chinese', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 390, height: 844 } });
  const { problems } = watch(page);
  await page.goto(`${harness.URL_}tutorial/zh-CN.html`);
  await page.waitForFunction(() => document.querySelector('tensor-playground')?.dataset.ran === 'true', null, { timeout: 20000 });
  const titles = await page.evaluate(() => [...document.querySelector('tensor-playground').shadowRoot.querySelectorAll('h2')].map((e) => e.textContent));
  assert.ok(titles.every((s) => /[\u4e00-\u9fff]/.test(s)), titles.join(' | '));
  // fits a phone: no horizontal scrolling of the article
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));
  assert.deepEqual(problems, []);
  await page.close();
});

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

for (const path of ['tutorial/', 'tutorial/zh-CN.html']) {
  test(`axe: no critical or serious violation in the tutorial with its embeds drawn (${path})`, async () => {
    const page = await shared.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${harness.URL_}${path}`);
    for (let i = 0; i < 3; i++) {
      await page.evaluate((k) => document.querySelectorAll('tensor-playground')[k].scrollIntoView(), i);
      await page.waitForFunction((k) => document.querySelectorAll('tensor-playground')[k].dataset.ran === 'true', i, { timeout: 20000 });
    }
    await page.evaluate(readFileSync(AXE, 'utf8')); // through the DevTools protocol: the page's CSP allows no inline script
    const found = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    });
    assert.deepEqual(found, []);
    await page.close();
  });
}

test('the iframe form runs the program in its address, at its step', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 900, height: 800 } });
  const { problems } = watch(page);
  const code = 'import torch\na = torch.ones(3)\nb = a[1:]\nb += 1\nprint(a)\n';
  const src = `${harness.URL_}embed.html#code=${Buffer.from(code).toString('base64url')}&step=1&lang=zh-CN`;
  await page.setContent(`<!doctype html><p>An LMS page</p><iframe src="${src}" width="800" height="600" title="t"></iframe>`);
  const frame = page.frameLocator('iframe');
  await frame.locator('tensor-playground[data-ran="true"]').waitFor({ timeout: 20000 });
  const state = await page.frames()[1].evaluate(() => {
    const r = document.querySelector('tensor-playground').shadowRoot;
    return { label: r.querySelector('.stepper .label').textContent, console: r.querySelector('.console-out').textContent, cards: r.querySelectorAll('.memory [data-card]').length, lang: r.querySelector('.tp').lang };
  });
  assert.equal(state.lang, 'zh-CN');
  assert.match(state.label, /2\D+5/, state.label); // step=1 is the second of five
  assert.ok(state.cards >= 1, JSON.stringify(state)); // a, the one tensor alive after line 2
  assert.deepEqual(problems, []);
  await page.close();
});

/** A blank article on another origin holding `body`, under the host CSP the README documents. */
async function blankHost(body, siteOrigin) {
  const csp = `default-src 'self'; script-src 'self' ${siteOrigin} 'wasm-unsafe-eval'; worker-src blob: ${siteOrigin}; connect-src ${siteOrigin}; frame-src ${siteOrigin}; style-src 'self' 'unsafe-inline'`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><title>blank</title>`
    + `<style>pre { color: rgb(255, 0, 0); } h2 { text-transform: none; }</style></head><body><h1>My article</h1>\n${body}\n</body></html>`;
  const srv = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  // "localhost" is another origin than the site's 127.0.0.1
  return { srv, url: `http://localhost:${srv.address().port}/` };
}

test('the Embed button copies a snippet that works pasted into a blank page on another origin', async () => {
  const ctx = await shared.browser.newContext({ viewport: { width: 1440, height: 900 } });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(harness.URL_).origin });
  const page = await ctx.newPage();
  const code = 'import torch\nx = torch.arange(4.)\ny = x.view(2, 2)\ny[1, 1] = 9.\nprint(x)\n';
  await page.goto(`${harness.URL_}#code=${Buffer.from(code).toString('base64url')}&lang=en`);
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
  await page.evaluate(() => window.__tensorplay.state.goTo(3));
  await page.click('#embed');
  await page.locator('dialog.embed-dialog').waitFor();
  await page.click('button[data-copies="embed-element"]');
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(snippet, /<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/tensor-playground\.js"><\/script>/);
  assert.match(snippet, /step="3"/);
  await page.click('button[data-copies="embed-iframe"]');
  const iframe = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(iframe, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html#code=[^"]+&amp;step=3&amp;lang=en"/);
  await page.keyboard.press('Escape');
  await page.locator('dialog.embed-dialog').waitFor({ state: 'detached', timeout: 2000 }); // Esc closes it

  const { srv, url } = await blankHost(snippet + '\n' + iframe, new URL(harness.URL_).origin);
  try {
    const host = await ctx.newPage();
    const { problems, wasm } = watch(host);
    await host.goto(url);
    await host.waitForFunction(() => document.querySelector('tensor-playground')?.dataset.ran === 'true', null, { timeout: 20000 });
    const s = await embedState(host, 0);
    assert.match(s.label, /4\D+5/, s.label); // opened at the step the page showed
    assert.ok(s.cards >= 2, JSON.stringify(s));
    assert.match(await host.evaluate(() => document.querySelector('tensor-playground').shadowRoot.querySelector('.memory').textContent), /9\./);
    await host.evaluate(() => document.querySelector('tensor-playground').shadowRoot.querySelector('.stepper .last').click());
    assert.match((await embedState(host, 0)).console, /tensor\(\[0\., 1\., 2\., 9\.\]\)/);
    // the article's `pre { color: red }` does not reach the embed's panels
    assert.notEqual(await host.evaluate(() => getComputedStyle(document.querySelector('tensor-playground').shadowRoot.querySelector('.console-out')).color), 'rgb(255, 0, 0)');
    // the iframe form beside it ran too
    await host.frameLocator('iframe').locator('tensor-playground[data-ran="true"]').waitFor({ timeout: 20000 });
    assert.ok(wasm.length >= 1);
    assert.deepEqual(problems.filter((m) => /Content Security Policy|Refused to/i.test(m)), [], 'the documented host CSP is enough');
    assert.deepEqual(problems, []);
  } finally {
    srv.close();
    await ctx.close();
  }
});
