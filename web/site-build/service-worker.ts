// Emits sw.js (the offline cache, from src/offline/sw-template.js) with the list of every file of
// this build and a version that is a hash of their contents: any change to the site gives a new
// sw.js, which the browser installs, and whose activation deletes the older caches.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const TEMPLATE = fileURLToPath(new URL('../src/offline/sw-template.js', import.meta.url));

export function serviceWorker(): Plugin {
  return {
    name: 'tensorplay:service-worker',
    apply: 'build',
    enforce: 'post', // after the HTML pages are emitted
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const [name, item] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (name.endsWith('.map') || name === 'sw.js') continue;
        files.push(name);
        hash.update(name);
        hash.update(item.type === 'chunk' ? item.code : item.source);
      }
      const version = hash.digest('hex').slice(0, 12);
      const source = readFileSync(TEMPLATE, 'utf8')
        .replace('__VERSION__', version)
        .replace('__FILES__', JSON.stringify(files));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
