// Writes sw.js (the offline cache, from src/offline/sw-template.js) into the finished build, with
// the list of every file in it (pages, hashed assets, the .wasm, anything copied from public/) and
// a version that is a hash of their contents: any change to the site gives a new sw.js, which the
// browser installs, and whose activation deletes the older caches.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('../src/offline/sw-template.js', import.meta.url));
/** Not cached: the worker itself, compressed twins (the browser asks for the file), source maps. */
const SKIP = /(^|\/)sw\.js$|\.(br|gz|map)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * The files a reader on Save-Data does not download at install: the full engine module (Note [Two
 * modules]), 600 KB that most programs never need. The service worker caches them when they are
 * first fetched (a program that needs the full module, or the page's idle prefetch).
 */
export function laterFiles(list: string[]): string[] {
  return list.filter((f) => /(^|\/)tensorplay-[^/]*\.wasm$/.test(f) && !/(^|\/)tensorplay-core-[^/]*\.wasm$/.test(f));
}

export function writeServiceWorker(outDir: string): { version: string; files: string[] } {
  const hash = createHash('sha256');
  const list: string[] = [];
  for (const path of files(outDir)) {
    const rel = relative(outDir, path).split(sep).join('/');
    if (SKIP.test(rel)) continue;
    list.push(rel);
    hash.update(rel);
    hash.update(readFileSync(path));
  }
  const version = hash.digest('hex').slice(0, 12);
  const source = readFileSync(TEMPLATE, 'utf8')
    .replace('__VERSION__', version)
    .replace('__FILES__', JSON.stringify(list))
    .replace('__LATER__', JSON.stringify(laterFiles(list)));
  writeFileSync(join(outDir, 'sw.js'), source);
  return { version, files: list };
}
