// How fluid the page stays after a big run (issue 12, "the page stays fluid at scale"), in the
// built site (npx vite build) under headless Chromium: for a 1,000-step training loop and for a
// program whose graph reaches 500 nodes, the time of a step's redraw (script + style + layout of
// `goTo(step)`, forced synchronously, plus the main-thread work the step leaves for later: the next
// animation frame's arrows and scrolling, and drawing a graph the layout worker sends back) over
// many steps, median and worst; how long the graph takes to appear; and the main thread's long
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
for i in range(250):  # 4 steps an iteration: 1,007 in all
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
      // time every animation-frame callback the page schedules (arrows, scroll-into-view): part of
      // a step's cost even though it runs just after goTo returns
      let frameWork = 0;
      const raf = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (cb) => raf((ts) => {
        const s = performance.now();
        try { cb(ts); } finally { frameWork += performance.now() - s; }
      });
      const frame = () => new Promise((r) => raf(() => raf(() => setTimeout(r, 0))));
      // a graph of a new shape is laid out in a worker and drawn when it arrives: that drawing is
      // main-thread work of the step too; how long the learner waits for the graph is printed apart
      let lateDraw = 0, inGoTo = false;
      const draw = app.graph.draw.bind(app.graph);
      app.graph.draw = (...args) => {
        const s = performance.now();
        try { return draw(...args); } finally { if (!inGoTo) lateDraw += performance.now() - s; }
      };
      const graphWaits = [];
      const times = [];
      // every step forward from the start (what → does), then random jumps (the slider)
      const order = [...Array(Math.min(n, 400)).keys()];
      for (let k = 0; k < 100; k++) order.push(Math.floor(((k * 7919) % 1000) / 1000 * n));
      for (const i of order) {
        const t0 = performance.now();
        inGoTo = true;
        app.state.goTo(i);
        void document.body.offsetHeight; // style + layout now, inside the measurement
        inGoTo = false;
        const sync = performance.now() - t0;
        frameWork = 0;
        lateDraw = 0;
        await app.pendingGraph;
        graphWaits.push(performance.now() - t0);
        await frame();
        times.push(sync + frameWork + lateDraw);
      }
      app.state.goTo(n - 1);
      await frame();
      await new Promise((r) => setTimeout(r, 500)); // the graph's layouter may still be loading
      const boxes = Number(document.querySelector('[data-boxes]')?.dataset.boxes ?? 0);
      times.sort((a, b) => a - b);
      graphWaits.sort((a, b) => a - b);
      return { graphMedian: graphWaits[graphWaits.length >> 1], graphWorst: graphWaits[graphWaits.length - 1], steps: n, median: times[times.length >> 1], worst: times[times.length - 1], p95: times[Math.floor(times.length * 0.95)], boxes };
    });
    const long = after.filter((d) => d > 50);
    console.log(`${name}: ${figures.steps} steps, graph boxes at the last step ${figures.boxes}`);
    console.log(`  step redraw: median ${figures.median.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, worst ${figures.worst.toFixed(1)} ms (targets 16 / 50)`);
    console.log(`  graph on screen after: median ${figures.graphMedian.toFixed(1)} ms, worst ${figures.graphWorst.toFixed(1)} ms (laid out in a worker when its shape is new)`);
    console.log(`  after the run (5 s): ${after.length} long tasks, ${long.length} over 50 ms, longest ${Math.max(0, ...after).toFixed(0)} ms (target: none over 50)`);
    if (problems.length) console.log(`  problems: ${problems.join('; ')}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
