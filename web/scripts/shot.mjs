// Screenshots a program in the built site, for looking at what learners see:
//   node scripts/shot.mjs program.py out.png [step] [lang] [width] [height]
import { readFileSync } from 'node:fs';
import { launchBrowser, openWithCode, startPreview } from '../e2e/harness.mjs';

const [file, out, step, lang = 'en', width = '1440', height = '900'] = process.argv.slice(2);
const server = await startPreview();
const browser = await launchBrowser();
try {
  const { page, problems } = await openWithCode(browser, readFileSync(file, 'utf8'), {
    step: step === undefined || step === '-' ? undefined : Number(step), lang, viewport: { width: Number(width), height: Number(height) },
  });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: out });
  if (problems.length) console.log(problems.join('\n'));
} finally {
  await browser.close();
  server.kill();
}
