// Both languages everywhere: a zh-CN page shows no English-only interface text (whatever words the
// English table uses for the interface, found anywhere the learner reads: text, hover titles,
// ARIA labels), across every lesson and step, hover, backward frames and presentation mode.
// And a reload keeps the learner's latest edit even when the address bar holds an older program.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'vite';
import { launchBrowser, openWithCode, startPreview, URL_ } from './harness.mjs';

const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
const lessons = readdirSync(EXAMPLES).filter((f) => f.endsWith('.py')).sort();
let server, browser, tables;

before(async () => {
  server = await startPreview();
  browser = await launchBrowser();
  // the translation tables, loaded from the source through Vite (TypeScript)
  const vite = await createServer({ root: new URL('..', import.meta.url).pathname, logLevel: 'silent', server: { middlewareMode: true } });
  const i18n = await vite.ssrLoadModule('/src/model/i18n.ts');
  const explain = await vite.ssrLoadModule('/src/model/explain.ts');
  // the texts without their {placeholders}, which are filled with program data
  const text = (lang, k) => i18n.t(lang, k).replace(/\{\w+\}/g, ' ');
  tables = {
    en: i18n.tableKeys('en').map((k) => text('en', k)).concat(explain.explanationTexts('en')),
    zh: i18n.tableKeys('zh-CN').map((k) => text('zh-CN', k)).concat(explain.explanationTexts('zh-CN')),
    lessons: { en: {}, 'zh-CN': {} },
  };
  // lesson titles live in the lesson files (examples/README.md)
  const { parseLesson } = await vite.ssrLoadModule('/src/model/lesson.ts');
  for (const file of lessons) {
    const l = parseLesson(readFileSync(join(EXAMPLES, file), 'utf8'));
    const id = file.replace(/\.py$/, '').replace(/^\d+_/, '');
    tables.lessons.en[id] = l.title.en;
    tables.lessons['zh-CN'][id] = l.title['zh-CN'];
  }
  await vite.close();
});

after(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

// identifiers stay whole (storage_offset is not the word storage)
const words = (text) => (text.match(/[A-Za-z_]*[A-Za-z]{3,}[A-Za-z_]*/g) ?? []).map((w) => w.toLowerCase());

/** Runs in the page: the words a learner reads outside the program's own text and output. */
function readableText() {
  // the program's text and output, PyTorch's own words (its message, attribute names and values)
  // and key caps are the same in every language
  const skip = '.cm-editor, .console-out, .pt-message, #repl-input, .value-box, .props, .fold-summary, .tgrid, .strip .cell, kbd, script, style';
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(skip) || !n.textContent.trim() || el.getClientRects().length === 0) continue;
    out.push(n.textContent);
  }
  for (const el of document.querySelectorAll('[title], [aria-label]')) {
    if (el.closest(skip)) continue;
    for (const a of ['title', 'aria-label']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  for (const el of document.querySelectorAll('svg title')) out.push(el.textContent);
  return out.join('\n');
}

test('the zh-CN page shows no English-only interface text, at any step of any lesson', async () => {
  // interface words: in the English table's texts but in no Chinese text (so not code-like terms
  // such as retain_grad, detach, Ctrl, which both languages show)
  const zhWords = new Set(tables.zh.flatMap(words));
  const uiWords = new Set(tables.en.flatMap(words).concat(Object.values(tables.lessons.en).flatMap(words)).filter((w) => !zhWords.has(w)));
  assert.ok(['step', 'names', 'objects', 'fold', 'storage'].every((w) => uiWords.has(w)), 'the word list is the interface\'s');
  const found = new Map();
  for (const file of lessons) {
    const code = readFileSync(join(EXAMPLES, file), 'utf8');
    const programWords = new Set(words(code));
    const { page, problems } = await openWithCode(browser, code, { lang: 'zh-CN', reducedMotion: 'reduce' });
    const traceWords = new Set(words(await page.evaluate(() => JSON.stringify(window.__tensorplay.state.state.model.trace.steps.map((s) => [s.error?.message, s.nodes.map((n) => [n.name, n.saved.map((x) => x.name)]), s.objects.map((o) => [o.type, o.repr])])).replace(/\\[nt]/g, ' '))));  // reprs are Python's output (an optimizer's "Parameter Group 0"), not interface text
    const check = async (where) => {
      for (const w of words(await page.evaluate(readableText))) {
        if (uiWords.has(w) && !programWords.has(w) && !traceWords.has(w)) found.set(w, found.get(w) ?? `${file} ${where}`);
      }
    };
    const steps = await page.evaluate(() => window.__tensorplay.state.stepCount);
    for (let i = 0; i < steps; i++) {
      await page.evaluate((n) => window.__tensorplay.state.goTo(n), i);
      await page.evaluate(() => window.__tensorplay.pendingGraph);
      await check(`step ${i + 1}`);
      if (await page.locator('.graph-body[data-frame]').count()) {
        // during the backward animation: the notes on the active node
        await page.waitForFunction(() => document.querySelector('.graph-body').dataset.frame !== 'done' || true);
        await check(`step ${i + 1} backward`);
      }
    }
    for (const sel of ['#memory .el', '#memory .cell[data-cell]']) {
      if (await page.locator(sel).count()) {
        await page.locator(sel).first().hover();
        await check(`hover ${sel}`);
      }
    }
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('p');
    await check('presentation');
    assert.deepEqual(problems, []);
    await page.close();
  }
  assert.deepEqual([...found].map(([w, where]) => `${w} (${where})`), []);
});

test('every lesson has a title in both languages, and the lesson list follows the language', async () => {
  for (const file of lessons) {
    const id = file.replace(/\.py$/, '').replace(/^\d+_/, '');
    assert.ok(tables.lessons.en[id] && tables.lessons['zh-CN'][id], `${id} has titles`);
  }
  const { page, problems } = await openWithCode(browser, 'import torch\n', { lang: 'zh-CN' });
  const options = await page.$$eval('#lessons option', (os) => os.slice(1).map((o) => o.textContent));
  assert.deepEqual(options, lessons.map((f, i) => `${i + 1}. ${tables.lessons['zh-CN'][f.replace(/\.py$/, '').replace(/^\d+_/, '')]}`));
  await page.click('#lang');
  assert.equal(await page.$eval('#lessons option:nth-child(2)', (o) => o.textContent), `1. ${tables.lessons.en.names_and_objects}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('reload keeps the latest edit over the older program in the address bar; another link sets it aside', async () => {
  const original = 'import torch\nx = torch.ones(2)\n';
  const { page, problems } = await openWithCode(browser, original);
  await page.click('.cm-content');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('y = x * 3\n');
  const edited = await page.evaluate(() => window.__tensorplay.editor.code);
  await page.waitForTimeout(500); // saved after 300 ms of quiet
  assert.match(page.url(), /#code=/, 'the address bar still holds the program that ran');
  await page.reload();
  await page.waitForSelector('#status[data-ready="true"]');
  assert.equal(await page.evaluate(() => window.__tensorplay.editor.code), edited);
  assert.ok(await page.isHidden('#restore-draft'));
  // a link to someone else's program: it opens, and the edit waits behind a button
  const other = 'import torch\nz = torch.zeros(4)\n';
  await page.goto(`${URL_}#code=${Buffer.from(other).toString('base64url')}`);
  await page.reload(); // a hash change alone does not reload
  await page.waitForSelector('#status[data-ready="true"]');
  assert.equal(await page.evaluate(() => window.__tensorplay.editor.code), other);
  assert.ok(await page.isVisible('#restore-draft'));
  await page.click('#restore-draft');
  assert.equal(await page.evaluate(() => window.__tensorplay.editor.code), edited);
  assert.deepEqual(problems, []);
  await page.close();
});
