// The stepper's keyboard shortcut line (Ctrl+Enter, ←→, Alt+arrows …) is for desks: on a touch
// screen with no mouse it is hidden from sight but kept for screen readers (a phone may have a
// keyboard paired), the buttons keep their aria-keyshortcuts, and the line-number hint says tap.
// A narrow desk window keeps the line: it is the pointer, not the width, that decides.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as harness from './harness.mjs';

const { sharedBrowser } = harness;
const CODE = 'import torch\nfor i in range(2):\n    a = torch.ones(2) * i\n';
const shared = sharedBrowser();

const DEVICES = {
  'desk 1440×900': { viewport: { width: 1440, height: 900 }, touch: false },
  'narrow desk window 390×844': { viewport: { width: 390, height: 844 }, touch: false },
  'phone 390×844 (touch)': { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3, touch: true },
};

for (const [device, { touch, ...opts }] of Object.entries(DEVICES)) for (const lang of ['en', 'zh-CN']) {
  test(`shortcut hints ${touch ? 'hidden from sight' : 'shown'}: ${device}, ${lang}`, async () => {
    const context = await shared.browser.newContext(opts);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${harness.URL_}#code=${Buffer.from(CODE).toString('base64url')}&lang=${lang}`);
    await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran', null, { timeout: 20000 });
    const r = await page.evaluate(() => {
      const box = (sel) => {
        const el = document.querySelector(sel);
        const b = el.getBoundingClientRect();
        return { w: b.width, h: b.height, display: getComputedStyle(el).display, text: el.textContent };
      };
      return {
        coarse: matchMedia('(pointer: coarse)').matches, noHover: matchMedia('(hover: none)').matches,
        shortcuts: box('.stepper .keys .shortcuts'), pointer: box('.stepper .keys .gutter-hint.pointer'), tap: box('.stepper .keys .gutter-hint.touch'),
        // a key cap is seen where hit-testing at its centre finds it (a clipped one is not found)
        kbdShown: [...document.querySelectorAll('.stepper .keys kbd')].filter((k) => {
          k.scrollIntoView({ block: 'center' });
          const b = k.getBoundingClientRect();
          return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2) === k;
        }).length,
        run: document.getElementById('run').getAttribute('aria-keyshortcuts'),
        iteration: document.querySelector('.stepper .iteration').getAttribute('aria-keyshortcuts'),
      };
    });
    assert.equal(r.coarse || r.noHover, touch, 'the emulated device is (or is not) a touch screen');
    // still in the document for screen readers, whatever the device
    assert.notEqual(r.shortcuts.display, 'none');
    assert.match(r.shortcuts.text, /Ctrl\+Enter/);
    assert.equal(r.run, 'Control+Enter Meta+Enter');
    assert.equal(r.iteration, 'N');
    if (touch) {
      assert.ok(r.shortcuts.w <= 1 && r.shortcuts.h <= 1, `shortcut line is ${r.shortcuts.w}×${r.shortcuts.h} px`);
      assert.equal(r.kbdShown, 0, 'no key caps seen');
      assert.equal(r.pointer.display, 'none');
      assert.ok(r.tap.w > 20, 'the tap hint is shown');
      assert.match(r.tap.text, lang === 'en' ? /^tap a line number/ : /^点按行号/);
    } else {
      assert.ok(r.shortcuts.w > 100, 'the shortcut line is shown');
      assert.ok(r.kbdShown >= 10, `${r.kbdShown} key caps seen`);
      assert.equal(r.tap.display, 'none');
      assert.ok(r.pointer.w > 20, 'the click hint is shown');
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
