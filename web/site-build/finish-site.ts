// Writes a brotli (quality 11) and a gzip (level 9) twin beside every compressible file of the
// production build, so a static host (scripts/serve.mjs, nginx's gzip_static/brotli_static, a CDN)
// sends compressed bytes without compressing on each request. Node's zlib has both; no dependency.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { writeServiceWorker } from './service-worker.ts';

const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|json|svg|txt|webmanifest)$/;
/** Below this, compression saves less than a packet and costs a decode. */
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<void>[] = [];
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const buf = readFileSync(path);
    if (buf.length < MIN_BYTES) continue;
    jobs.push(br(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } })
      .then((out) => writeFileSync(`${path}.br`, out)));
    jobs.push(gz(buf, { level: 9 }).then((out) => writeFileSync(`${path}.gz`, out)));
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** The last step of the production build: the offline worker's file list (everything written,
 * public/ included), then the compressed twins of it all (one hook: Rollup runs closeBundle hooks
 * in parallel, and the twins must not end up in the list). */
export function finishSite(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tensorplay:finish-site',
    apply: 'build',
    configResolved(c) {
      outDir = c.build.outDir.startsWith('/') ? c.build.outDir : join(c.root, c.build.outDir);
    },
    async closeBundle() {
      writeServiceWorker(outDir);
      await precompressDir(outDir);
    },
  };
}
