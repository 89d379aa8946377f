// Screenshots every lesson (or the ones named) in both languages, at a desk (1440×900) and in
// presentation mode on a projector (1280×720 at 150 %), each at the step of its first note, for a
// person to look at:  node scripts/lesson-shots.mjs out-dir [slug...]
import { mkdirSync, readdirSync } from 'node:fs';
import { launchBrowser, startPreview, URL_ } from '../e2e/harness.mjs';

const [out = 'e2e/out/lessons', ...only] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const slugs = readdirSync(new URL('../../examples/', import.meta.url)).filter((f) => f.endsWith('.py')).sort()
  .map((f) => f.replace(/\.py$/, '').replace(/^\d+_/, '')).filter((s) => !only.length || only.includes(s));
const server = await startPreview();
const browser = await launchBrowser();
const modes = [
  { name: 'desk', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, present: false },
  { name: 'present', viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5, present: true },
];
try {
  for (const slug of slugs) {
    for (const lang of ['en', 'zh-CN']) {
      for (const m of modes) {
        const page = await browser.newPage({ viewport: m.viewport, deviceScaleFactor: m.deviceScaleFactor, reducedMotion: 'reduce' });
        const problems = [];
        page.on('pageerror', (e) => problems.push(e.message));
        await page.goto(`${URL_}#lesson=${slug}&lang=${lang}`);
        await page.waitForSelector('#status[data-ready="true"]', { timeout: 20000 });
        await page.waitForFunction(() => window.__tensorplay?.state.state.status.kind === 'ran');
        // the step of the first note (else the first question's step)
        for (let i = 0; i < 40 && !(await page.locator('.lesson-note, .lesson-question').count()); i++) await page.keyboard.press('ArrowRight');
        if (m.present) await page.keyboard.press('p');
        await page.evaluate(() => window.__tensorplay.pendingGraph);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${out}/${slug}-${lang}-${m.name}.png` });
        if (problems.length) console.log(slug, lang, m.name, problems.join('\n'));
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  server.kill();
}
