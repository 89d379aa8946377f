// Lessons on the page: a link opens a lesson at a step; a question is asked before its step and
// checked against the trace (right and wrong); a step note appears with its card highlighted;
// switching language mid-lesson keeps program and step; a teacher's own lesson opens from a link;
// "try it yourself" makes the program editable without losing the learner's own code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, URL_ } from './harness.mjs';

const EXAMPLES = new URL('../../examples/', import.meta.url).pathname;
const shared = sharedBrowser();

async function open(hash, { lang, viewport = { width: 1440, height: 900 }, storage } = {}) {
  const page = await shared.browser.newPage({ viewport, reducedMotion: 'reduce' });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  if (storage) {
    await page.goto(`${URL_}#code=`);
    await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran'); // its own save is done
    await page.evaluate((s) => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }, storage);
  }
  await page.goto(`${URL_}${hash}${lang ? `&lang=${lang}` : ''}`);
  if (storage) await page.reload();
  await page.waitForSelector('#status[data-ready="true"]', { timeout: 20000 });
  await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran');
  return { page, problems };
}

/** A teacher writes `source` in the editor and presses Share: the link it gives. */
async function shareLesson(source) {
  const { page, problems } = await open('#code=');
  await page.evaluate((src) => window.__tensorplay['editor'].setCode(src), source);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('#share');
  await page.waitForFunction(() => location.hash.startsWith('#lesson-src='));
  const link = await page.evaluate(() => location.href);
  await page.close();
  return { link, problems };
}

const state = (page) => page.evaluate(() => ({ step: window.__tensorplay.state.state.step, lang: window.__tensorplay.state.state.lang, code: window.__tensorplay.state.state.model.trace.source }));

test('a lesson link opens the lesson at its step, read-only, with its introduction', async () => {
  const { page, problems } = await open('#lesson=views_share_storage&step=2');
  assert.equal((await state(page)).step, 2);
  assert.match(await page.textContent('#lesson-title'), /Views share their base's storage/);
  assert.match(await page.textContent('.lesson-intro'), /never copy/);
  assert.match(await page.textContent('.lesson-pos'), /Lesson 3 of \d+/);
  assert.equal(await page.getAttribute('.cm-content', 'aria-readonly'), 'true');
  // the program shown is the lesson without its lesson comments
  assert.doesNotMatch(await page.textContent('.cm-content'), /# note|# ask|# title/);
  assert.match(page.url(), /#lesson=views_share_storage&step=2/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a question is asked before its step, checked against the trace, then the step is shown', async () => {
  // 03: "After col += 100, which cells of x change?" → x[1], x[4] (from the trace)
  for (const [choice, verdict] of [['x[1], x[4]', /^Right\./], ['x[1]', /^Not quite\..*x\[1\], x\[4\]/]]) {
    const { page, problems } = await open('#lesson=views_share_storage&step=0');
    await page.evaluate(() => localStorage.removeItem('tensorplay.v1.lessons'));
    // step forward until the question shows (it is asked on the step before its own)
    for (let i = 0; i < 20 && !(await page.locator('.lesson-question').count()); i++) await page.keyboard.press('ArrowRight');
    const q = page.locator('.lesson-question');
    assert.match(await q.textContent(), /which cells of `?x`? change/i);
    const before = (await state(page)).step;
    await page.getByRole('button', { name: choice, exact: true }).click();
    await page.waitForSelector('.q-verdict');
    assert.equal((await state(page)).step, before + 1, 'answering shows the step');
    assert.match(await page.textContent('.q-verdict'), verdict);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('q-verdict')), true, 'focus moves to the verdict');
    const progress = await page.evaluate(() => JSON.parse(localStorage.getItem('tensorplay.v1.lessons')));
    assert.equal(progress.views_share_storage.answers[0], choice === 'x[1], x[4]');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a step note appears at its step with the card it names highlighted', async () => {
  const { page, problems } = await open('#lesson=expand_writes&step=1');
  assert.equal(await page.locator('.lesson-note').count(), 0);
  // the note on `e = a.expand(3, 3)` (step 2: import torch is step 0)
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.lesson-note');
  assert.equal((await state(page)).step, 2);
  assert.match(await page.textContent('.lesson-note'), /stride 0/);
  const hl = page.locator('#memory .card.lesson-hl');
  assert.equal(await hl.count(), 1);
  assert.match(await hl.getAttribute('aria-label'), /^e /);
  assert.ok(await hl.isVisible());
  assert.equal(await page.locator('#memory .name-chip.lesson-hl[data-name="e"]').count(), 1);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('.lesson-note').count(), 0, 'the note belongs to its step only');
  assert.equal(await hl.count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('switching language mid-lesson keeps the program and the step', async () => {
  const { page, problems } = await open('#lesson=expand_writes&step=2');
  const before = await state(page);
  await page.click('#lang');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  const after = await state(page);
  assert.equal(after.step, before.step);
  assert.equal(after.code, before.code);
  assert.match(await page.textContent('#lesson-title'), /expand\(\) 与步长 0/);
  assert.match(await page.textContent('.lesson-note'), /步长为 0/);
  assert.match(await page.textContent('.lesson-pos'), /第 6 课/);
  assert.equal(await page.locator('#memory .card.lesson-hl').count(), 1, 'the highlight stays');
  await page.waitForFunction(() => /lang=zh-CN/.test(location.hash) && /lesson=expand_writes/.test(location.hash));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a teacher\'s own lesson opens from a shared link, with notes and a question', async () => {
  const source = readFileSync(join(EXAMPLES, 'README.md'), 'utf8').split('```python\n')[1].split('```')[0];
  const { link, problems } = await shareLesson(source);

  const { page: learner, problems: p2 } = await open(link.slice(URL_.length));
  assert.match(await learner.textContent('#lesson-title'), /Views share memory/);
  assert.match(await learner.textContent('.lesson-pos'), /shared lesson/);
  // first question: asked before `v = a.view(2, 2)`
  for (let i = 0; i < 5 && !(await learner.locator('.lesson-question').count()); i++) await learner.keyboard.press('ArrowRight');
  await learner.getByRole('button', { name: 'Yes', exact: true }).click();
  assert.match(await learner.textContent('.q-verdict'), /^Right\./);
  assert.deepEqual([...problems, ...p2], []);
  await learner.close();
});

test('a question whose answer is a tensor\'s repr is checked against the engine\'s text', async () => {
  // the answer is `b`'s repr at that step, fetched from the engine on demand (not in the trace)
  const source = [
    '# title: clone() copies', 'import torch', 'a = torch.tensor([1.5, 2.0])', 'b = a.clone()',
    '# ask: What is `b` after `a.add_(1)`?', '# answer: value(b)', '# choices: tensor([2.5000, 3.0000]) | tensor([1.5000, 2.0000])',
    'a.add_(1)', '',
  ].join('\n');
  const { link, problems } = await shareLesson(source);

  const { page: learner, problems: p2 } = await open(link.slice(URL_.length));
  for (let i = 0; i < 5 && !(await learner.locator('.lesson-question').count()); i++) {
    await learner.keyboard.press('ArrowRight');
    await learner.waitForTimeout(100);  // the answer's repr arrives from the engine worker
  }
  assert.match(await learner.textContent('.lesson-question'), /What is `?b`? after/);
  await learner.getByRole('button', { name: 'tensor([1.5000, 2.0000])', exact: true }).click();
  assert.match(await learner.textContent('.q-verdict'), /^Right\./);
  assert.deepEqual([...problems, ...p2], []);
  await learner.close();
});

test('the lesson list, next and "try it yourself" keep the learner\'s own program', async () => {
  const mine = 'import torch\nmine = torch.ones(2)\n';
  const { page, problems } = await open('#lesson=names_and_objects', { storage: { 'tensorplay.v1': JSON.stringify({ code: mine }) } });
  await page.click('.lesson-list summary');
  assert.ok((await page.locator('.lesson-list li').count()) >= 20);
  await page.click('#lesson-next');
  await page.waitForFunction(() => /lesson=add_vs_inplace_add/.test(location.hash));
  await page.waitForFunction(() => window.__tensorplay.state.state.model?.trace.source.includes('y += x'));
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('tensorplay.v1')).code), mine, 'a lesson never overwrites the saved program');
  await page.click('#lesson-try');
  assert.equal(await page.getAttribute('.cm-content', 'aria-readonly'), 'false');
  assert.equal(await page.evaluate(() => localStorage.getItem('tensorplay.v1.draft')), mine, 'the learner\'s program is set aside, restorable');
  assert.ok(await page.isVisible('#restore-draft'));
  await page.click('#restore-draft');
  await page.waitForFunction(() => window.__tensorplay.state.state.model?.trace.source.includes('mine ='));
  assert.ok(await page.locator('#lesson').isHidden(), 'running another program ends the lesson');
  assert.deepEqual(problems, []);
  await page.close();
});
