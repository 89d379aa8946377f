// Kernel benchmark (CPU time, fastest run): the engine's kernels in WebAssembly against the same kernels built natively
// and against TensorFlow.js's WebAssembly backend, plus the shipped module's download size.
//   scripts/build.sh bench && cd web && node --no-experimental-fetch scripts/bench-kernels.mjs [--traced]
// - WebAssembly: build/wasm/tensorplay_bench_kernels_wasm.js (bench/kernels.cpp), in this process.
// - native: build/native/tensorplay_bench_kernels (same source, same ops), when it is built.
// - TensorFlow.js: tfjs-backend-wasm (single-threaded SIMD build) matMul in this same process.
// - size: build/wasm/tensorplay-core.wasm (what the page loads first) and tensorplay.wasm (the full
//   module, fetched when a program needs it: Note [Two modules]) raw, gzip -9 and brotli quality 11.
//   `--size` prints only these (no kernel build needed).
// - --traced: also the old page-level figures (10 statements per op through Session.run, trace
//   included, minus the same program without them).
// Prints figures; exits non-zero only on gross regressions: an op over 2x its recorded time (and,
// when the native figure is there, over 2x its recorded WebAssembly/native ratio), or a module
// over 2x its recorded size. Recorded figures: RECORDED below, from BENCHMARKS.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../../', import.meta.url));
const wasmDir = `${root}build/wasm/`;
const nativeBench = `${root}build/native/tensorplay_bench_kernels`;
const traced = process.argv.includes('--traced');
const sizeOnly = process.argv.includes('--size');

// WebAssembly ms (LTO on, as shipped) and WebAssembly/native ratio recorded in BENCHMARKS.md.
const RECORDED = {
  'add 1e6 float32': { ms: 0.48, ratio: 1.00 },
  'mul 1e6 float32': { ms: 0.48, ratio: 1.00 },
  'sum 1e6 float32': { ms: 0.19, ratio: 0.25 },
  'exp 1e6 float32': { ms: 1.78, ratio: 1.36 },
  'matmul 128x128 float32': { ms: 0.18, ratio: 1.04 },
  'matmul 256x256 float32': { ms: 1.21, ratio: 0.86 },
  'matmul 512x512 float32': { ms: 10.01, ratio: 0.91 },
  'conv2d 1x16x32x32 k3 ->32': { ms: 1.40, ratio: 1.46 },
};
const RECORDED_BROTLI_BYTES = { 'tensorplay-core': 447_950, tensorplay: 597_031 };
const TARGET_RATIO = 1.5;        // issue 12: WebAssembly within 1.5x native
const TARGET_TFJS_RATIO = 3;     // matmul 256² within 3x of tfjs-backend-wasm
const TARGET_BROTLI_KB = 450;

const parse = (text) =>
  Object.fromEntries(text.trim().split('\n').map((l) => l.split('\t')).map(([k, v]) => [k, Number(v)]));

// ---- the engine in WebAssembly, in this process
async function runWasmBench() {
  const path = `${wasmDir}tensorplay_bench_kernels_wasm.js`;
  if (!existsSync(path)) throw new Error(`${path} missing: run scripts/build.sh bench`);
  const factory = createRequire(import.meta.url)(path);
  let out = '';
  const mod = await factory({ print: (line) => { out += `${line}\n`; }, printErr: (l) => console.error(l) });
  mod.callMain([]);
  return parse(out);
}

// ---- TensorFlow.js's WebAssembly backend (single-threaded SIMD), in this process
async function runTfjs() {
  const tf = await import('@tensorflow/tfjs-core');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);  // one thread, like the engine
  const dist = fileURLToPath(new URL('../node_modules/@tensorflow/tfjs-backend-wasm/dist/', import.meta.url));
  wasm.setWasmPaths(dist);
  await tf.setBackend('wasm');
  const result = {};
  for (const n of [256, 512]) {
    const a = tf.randomNormal([n, n]), b = tf.randomNormal([n, n]);
    const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const once = () => {  // CPU time, as bench/kernels.cpp measures
      const t0 = cpuMs();
      const c = tf.matMul(a, b);
      c.dataSync();
      const ms = cpuMs() - t0;
      c.dispose();
      return ms;
    };
    once();
    once();
    let best = Infinity, total = 0;
    for (let runs = 0; runs < 5 || (total < 300 && runs < 200); runs++) {
      const ms = once();
      best = Math.min(best, ms);
      total += ms;
    }
    result[`matmul ${n}x${n} float32`] = best;
    a.dispose();
    b.dispose();
  }
  return result;
}

function moduleSize(name) {
  const bytes = readFileSync(`${wasmDir}${name}.wasm`);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli };
}

// ---- the old page-level figures: kernels with their trace snapshots, through Session.run
async function runTraced() {
  const SETUP = 'import torch\ntorch.manual_seed(0)\nx = torch.rand(1000000)\ny = torch.rand(1000000)\n' +
    'n = torch.randint(0, 100, (1000000,))\nm = x.view(1000, 1000)\n';
  const OPS = {
    'add (float32)': 'z = x + y', 'mul by scalar': 'z = x * 2.0', exp: 'z = x.exp()', sigmoid: 'z = x.sigmoid()',
    'compare x > y': 'z = x > y', 'add (int64)': 'z = n + n', 'transposed mul': 'z = m.t() * m', sum: 'z = x.sum()',
    'sum(dim=0)': 'z = m.sum(0)', 'to(float64)': 'z = x.double()', 'clone of a transpose': 'z = m.t().clone()',
  };
  globalThis.self ??= globalThis;  // the module is built for web and worker environments
  const create = (await import(pathToFileURL(`${wasmDir}tensorplay.mjs`).href)).default;
  const M = await create({ wasmBinary: readFileSync(`${wasmDir}tensorplay.wasm`) });
  const session = new M.Session();
  const timeRun = (source) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const trace = JSON.parse(session.run(source));
      best = Math.min(best, performance.now() - t0);
      if (trace.error) throw new Error(`${trace.error.type}: ${trace.error.message}\n${source}`);
    }
    return best;
  };
  const repeat = (line) => `for i in range(10):\n    ${line}\n`;
  const baseline = timeRun(SETUP + repeat('pass'));
  console.log(`\ntraced, through Session.run: setup + loop without kernels ${baseline.toFixed(0)} ms`);
  for (const [name, line] of Object.entries(OPS)) {
    const perOp = (timeRun(SETUP + repeat(line)) - baseline) / 10;
    console.log(`  ${name.padEnd(24)} ${perOp.toFixed(1).padStart(7)} ms per 1M elements`);
  }
  session.delete();
}

/** One line per module; the target is the first load's (the core module). */
function printSizes(problems) {
  console.log('');
  for (const [name, what] of [['tensorplay-core', 'first load'], ['tensorplay', 'on demand']]) {
    const size = moduleSize(name);
    console.log(`${`${name}.wasm`.padEnd(21)}(${what}): ${size.raw} bytes raw, ${size.gzip} gzip -9, ${size.brotli} brotli q11 ` +
                `(${(size.brotli / 1024).toFixed(1)} KiB${name === 'tensorplay-core' ? `; target ${TARGET_BROTLI_KB} KB` : ''})`);
    if (size.brotli > 2 * RECORDED_BROTLI_BYTES[name]) problems.push(`${name}.wasm ${size.brotli} bytes brotli`);
  }
}

if (sizeOnly) {
  const problems = [];
  printSizes(problems);
  if (problems.length) {
    console.error(`gross regression (over 2x the recorded figure):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  process.exit(0);
}

const wasmMs = await runWasmBench();
const nativeMs = existsSync(nativeBench) ? parse(execFileSync(nativeBench, { encoding: 'utf8' })) : null;
const tfjsMs = await runTfjs();
const fmt = (v) => (v === undefined ? '-' : v.toFixed(2)).padStart(9);
const problems = [];
console.log(`${'op'.padEnd(28)}${'wasm ms'.padStart(9)}${'native'.padStart(9)}${'ratio'.padStart(7)}` +
            `${'tfjs ms'.padStart(9)}${'vs tfjs'.padStart(8)}`);
for (const [name, ms] of Object.entries(wasmMs)) {
  const nat = nativeMs?.[name], tf = tfjsMs[name];
  const ratio = nat ? ms / nat : undefined, vsTf = tf ? ms / tf : undefined;
  const marks = [ratio !== undefined && ratio > TARGET_RATIO ? `over ${TARGET_RATIO}x native` : '',
                 name === 'matmul 256x256 float32' && vsTf > TARGET_TFJS_RATIO ? `over ${TARGET_TFJS_RATIO}x tfjs` : '']
    .filter(Boolean).join(', ');
  console.log(`${name.padEnd(28)}${fmt(ms)}${fmt(nat)}${(ratio?.toFixed(2) ?? '-').padStart(7)}` +
              `${fmt(tf)}${(vsTf?.toFixed(2) ?? '-').padStart(8)}${marks ? `  (${marks})` : ''}`);
  const rec = RECORDED[name];
  if (rec && ms > 2 * rec.ms && (ratio === undefined || ratio > 2 * rec.ratio)) {
    problems.push(`${name}: ${ms.toFixed(2)} ms against ${rec.ms} ms recorded`);
  }
}
printSizes(problems);
if (traced) await runTraced();
if (problems.length) {
  console.error(`gross regression (over 2x the recorded figure):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
