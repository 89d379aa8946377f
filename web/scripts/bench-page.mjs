// How fluid the page stays after a big run (issue 12, "the page stays fluid at scale"), in the
// built site (npx vite build) under headless Chromium: for a 1,000-step training loop and for a
// program whose graph reaches 500 nodes, the time of a step's redraw (script + style + layout of
// `goTo(step)`, forced synchronously) over many steps, median and worst; and the main thread's long
// tasks (> 50 ms) in the 5 s after the run. Prints figures only (no timed test).
//   node scripts/bench-page.mjs
import { launchBrowser, openWithCode, startPreview } from '../e2e/harness.mjs';

const PROGRAMS = {
  'training loop, 1,000 steps': `import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(32, 4)
y = torch.randn(32, 1)
for i in range(200):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
`,
  'graph of 500 nodes': `import torch
x = torch.ones(3, requires_grad=True)
y = x
for i in range(500):
    y = y * 1.001
z = y.sum()
`,
};

const server = await startPreview();
const browser = await launchBrowser();
try {
  for (const [name, code] of Object.entries(PROGRAMS)) {
    // observe long tasks from before the run on
    const { page, problems } = await openWithCode(browser, code);
    const after = await page.evaluate(async () => {
      const tasks = [];
      const obs = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
      obs.observe({ type: 'longtask' });
      await new Promise((r) => setTimeout(r, 5000));
      obs.disconnect();
      return tasks;
    });
    const figures = await page.evaluate(async () => {
      const app = window.__tensorplay;
      const n = app.state.state.model.stepCount;
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const times = [];
      // every step forward from the start (what → does), then random jumps (the slider)
      const order = [...Array(Math.min(n, 400)).keys()];
      for (let k = 0; k < 100; k++) order.push(Math.floor(((k * 7919) % 1000) / 1000 * n));
      for (const i of order) {
        const t0 = performance.now();
        app.state.goTo(i);
        void document.body.offsetHeight; // style + layout now, inside the measurement
        times.push(performance.now() - t0);
        await frame();
      }
      app.state.goTo(n - 1);
      await frame();
      await new Promise((r) => setTimeout(r, 500)); // the graph's layouter may still be loading
      const boxes = Number(document.querySelector('[data-boxes]')?.dataset.boxes ?? 0);
      times.sort((a, b) => a - b);
      return { steps: n, median: times[times.length >> 1], worst: times[times.length - 1], p95: times[Math.floor(times.length * 0.95)], boxes };
    });
    const long = after.filter((d) => d > 50);
    console.log(`${name}: ${figures.steps} steps, graph boxes at the last step ${figures.boxes}`);
    console.log(`  step redraw: median ${figures.median.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, worst ${figures.worst.toFixed(1)} ms (targets 16 / 50)`);
    console.log(`  after the run (5 s): ${after.length} long tasks, ${long.length} over 50 ms, longest ${Math.max(0, ...after).toFixed(0)} ms (target: none over 50)`);
    if (problems.length) console.log(`  problems: ${problems.join('; ')}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
