// Starts the engine's download from the HTML: a `<link rel="preload" as="fetch" crossorigin>` for
// the hashed core .wasm in every page, so the browser fetches it while it parses
// and runs the JavaScript (compile.ts's fetch() then finds it in the preload cache; `crossorigin`
// makes the preload's mode match fetch()'s, else it would be downloaded twice). The CSP's
// `connect-src 'self'` covers it, as it covers the fetch.
import type { Plugin } from 'vite';

export function preloadWasm(): Plugin {
  return {
    name: 'tensorplay:preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html; // every page shows a playground at once (the tutorial's first embed is above the fold)
        // the core module only: the full one is fetched when a program needs it (src/engine/engine.ts)
        const wasm = Object.keys(ctx.bundle).find((f) => /tensorplay-core-[^/]*\.wasm$/.test(f));
        if (!wasm) return html;
        // relative to the page (base './'): the page may live under any path
        const depth = ctx.path.replace(/^\//, '').split('/').length - 1;
        const href = '../'.repeat(depth) + wasm;
        return [{ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', type: 'application/wasm', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}
