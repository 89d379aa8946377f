// Benchmarks the engine's kernels in the real .wasm under Node (build/wasm, no browser needed):
// for each operation, the time of 10 statements applying it to million-element tensors (each with
// its trace snapshot, as in the page), minus the time of the same program without them. Prints figures; exits non-zero only on gross regressions.
//   node --no-experimental-fetch scripts/bench-kernels.mjs [build/wasm]
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const wasmDir = process.argv[2] ?? fileURLToPath(new URL('../../build/wasm/', import.meta.url));
// Gross regression: a kernel 10x slower than measured when this was written (~60 ms for exp).
const GROSS_MS_PER_OP = 1000;

const SETUP = `import torch
torch.manual_seed(0)
x = torch.rand(1000000)
y = torch.rand(1000000)
n = torch.randint(0, 100, (1000000,))
m = x.view(1000, 1000)
`;
const OPS = {
  'add (float32)': 'z = x + y',
  'mul by scalar': 'z = x * 2.0',
  'exp': 'z = x.exp()',
  'sigmoid': 'z = x.sigmoid()',
  'compare x > y': 'z = x > y',
  'add (int64)': 'z = n + n',
  'transposed mul': 'z = m.t() * m',
  'sum': 'z = x.sum()',
  'sum(dim=0)': 'z = m.sum(0)',
  'to(float64)': 'z = x.double()',
  'clone of a transpose': 'z = m.t().clone()',
};

globalThis.self ??= globalThis;  // the module is built for web and worker environments
const create = (await import(pathToFileURL(`${wasmDir}/tensorplay.mjs`).href)).default;
const M = await create({ wasmBinary: readFileSync(`${wasmDir}/tensorplay.wasm`) });
const session = new M.Session();

function timeRun(source) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const trace = JSON.parse(session.run(source));
    runs.push(performance.now() - t0);
    if (trace.error) throw new Error(`${trace.error.type}: ${trace.error.message}\n${source}`);
  }
  return Math.min(...runs);
}

const repeat = (line) => `for i in range(10):\n    ${line}\n`;
const baseline = timeRun(SETUP + repeat('pass'));
console.log(`setup + loop without kernels: ${baseline.toFixed(0)} ms`);
let gross = false;
for (const [name, line] of Object.entries(OPS)) {
  const perOp = (timeRun(SETUP + repeat(line)) - baseline) / 10;
  gross ||= perOp > GROSS_MS_PER_OP;
  console.log(`${name.padEnd(24)} ${perOp.toFixed(1).padStart(7)} ms per 1M elements`);
}
session.delete();
if (gross) {
  console.error(`gross regression: a kernel took over ${GROSS_MS_PER_OP} ms`);
  process.exit(1);
}
