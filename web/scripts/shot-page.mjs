// Screenshots a page of the built site whole, after every <tensor-playground> on it has run (it
// scrolls through the page so each starts), for looking at articles with embeds:
//   node scripts/shot-page.mjs tutorial/zh-CN.html out.png [width] [height] [light|dark]
// writes out.png (the whole page) and out-1.png, out-2.png, … (the viewport at each embed)
import { launchBrowser, startPreview } from '../e2e/harness.mjs';
import * as harness from '../e2e/harness.mjs';

const [path = 'tutorial/', out = 'page.png', width = '1440', height = '900', scheme = 'light'] = process.argv.slice(2);
const server = await startPreview();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, colorScheme: scheme });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(harness.URL_ + path);
  const count = await page.locator('tensor-playground').count();
  for (let i = 0; i < count; i++) {
    await page.evaluate((k) => document.querySelectorAll('tensor-playground')[k].scrollIntoView(), i);
    await page.waitForFunction((k) => document.querySelectorAll('tensor-playground')[k].dataset.ran === 'true', i, { timeout: 30000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(1500); // graph layout and transitions
  await page.screenshot({ path: out, fullPage: true });
  // and one viewport-sized picture per embed, scrolled to its top (a tall page shrinks too much to read)
  for (let i = 0; i < count; i++) {
    await page.evaluate((k) => document.querySelectorAll('tensor-playground')[k].scrollIntoView({ block: 'start' }), i);
    await page.waitForTimeout(300);
    await page.screenshot({ path: out.replace(/\.png$/, `-${i + 1}.png`) });
  }
  console.log(`${out}: ${count} embeds${problems.length ? `; problems: ${problems.join('; ')}` : ''}`);
} finally {
  await browser.close();
  server.kill();
}
