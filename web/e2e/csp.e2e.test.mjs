// The page runs under its Content-Security-Policy (no inline script, no eval in the page,
// 'wasm-unsafe-eval' for the engine) without a single violation, and whatever a program prints
// (markup, script tags, event handlers) is shown as text, never interpreted.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import * as harness from './harness.mjs';

const { openWithCode, sharedBrowser } = harness;
const shared = sharedBrowser();

test('the built page declares a CSP without unsafe-inline scripts or eval', async () => {
  const html = await (await fetch(harness.URL_)).text();
  const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1];
  assert.ok(csp, 'index.html has a CSP meta tag');
  const script = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
  assert.ok(script && !script.includes("'unsafe-inline'") && !script.includes("'unsafe-eval'"), script);
  assert.match(script, /'wasm-unsafe-eval'/);
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>\s*\S/, 'no inline script body');
});

test('markup printed by a program is text, and nothing violates the policy', async () => {
  const code = [
    'print("<script>window.__pwned = 1</script>")',
    'print(\'<img src=x onerror="window.__pwned = 2">\')',
    'x = "<b>bold</b>"',
    'raise ValueError("<i>not italic</i>")',
  ].join('\n') + '\n';
  const { page: p, problems } = await openWithCode(shared.browser, code);
  const consoleText = await p.textContent('.console-out');
  assert.ok(consoleText.includes('<script>window.__pwned = 1</script>'), consoleText);
  assert.ok(consoleText.includes('<img src=x onerror="window.__pwned = 2">'), consoleText);
  assert.equal(await p.evaluate(() => window.__pwned ?? null), null);
  assert.equal(await p.locator('.console-out script, .console-out img, b, i').count(), 0);
  const bodyText = await p.textContent('body');
  assert.ok(bodyText.includes('<i>not italic</i>'), 'the error message is shown as text');
  // Chromium reports every CSP violation as a console error ("Refused to ...").
  assert.deepEqual(problems.filter((m) => /Content Security Policy|Refused to/i.test(m)), []);
  await p.close();
});
