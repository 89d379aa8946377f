// Benchmarks the interpreter side of the real .wasm under Node (build/wasm): Python-level loops,
// small-tensor autograd steps and printing, where the engine's cold (-Os) code and the allocator
// dominate rather than the kernels. Prints the best of 5 runs per program.
//   node --no-experimental-fetch scripts/bench-interp.mjs [build/wasm]
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const wasmDir = process.argv[2] ?? fileURLToPath(new URL('../../build/wasm/', import.meta.url));
const PROGRAMS = {
  'python loops (lists, dicts, str)': `
def f(n):
    d = {}
    out = []
    for i in range(n):
        k = str(i % 97)
        d[k] = d.get(k, 0) + i
        out.append(k * 2)
    return len(out), sum(d.values())
r = f(20000)
`,
  'small-tensor training loop': `
import torch
torch.manual_seed(0)
w = torch.randn(4, 3, requires_grad=True)
x = torch.randn(8, 4)
y = torch.randn(8, 3)
opt = torch.optim.SGD([w], lr=0.01)
for step in range(300):
    opt.zero_grad()
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    opt.step()
`,
  'printing tensors': `
import torch
x = torch.arange(60.).view(3, 4, 5)
for i in range(100):
    s = str(x) + repr(x.transpose(0, 1)[0])
`,
};

globalThis.self ??= globalThis;
const create = (await import(pathToFileURL(`${wasmDir}/tensorplay.mjs`).href)).default;
const M = await create({ wasmBinary: readFileSync(`${wasmDir}/tensorplay.wasm`) });
const session = new M.Session();
for (const [name, source] of Object.entries(PROGRAMS)) {
  const runs = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const trace = JSON.parse(session.run(source));
    runs.push(performance.now() - t0);
    if (trace.error) throw new Error(`${trace.error.type}: ${trace.error.message}`);
  }
  console.log(`${name.padEnd(36)} ${Math.min(...runs).toFixed(1).padStart(8)} ms`);
}
session.delete();
