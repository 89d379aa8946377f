// The offline cache (a classic service worker; site-build/service-worker.ts fills in the version
// and the file list at build time). After one visit the pages, the engine (.wasm and worker) and
// the lessons (bundled in the JavaScript) load with the network off. A new build has a new version:
// the new worker caches the new files, takes over, and deletes every older tensorplay cache.
const VERSION = '__VERSION__';
const FILES = __FILES__;
// The full engine module: not downloaded at install when the reader asked to save data (it is
// cached when a program first needs it, or when the page prefetches it on a connection that allows).
const LATER = __LATER__;
const CACHE = `tensorplay-${VERSION}`;
const scope = new URL(self.registration.scope);

/** One key per page: `dir/` and `dir/index.html` are the same file. */
function key(url) {
  const u = new URL(url);
  u.hash = '';
  u.search = '';
  if (u.pathname.endsWith('/')) u.pathname += 'index.html';
  return u.href;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // the page says so in the worker's address (register.ts); a worker may not see the setting itself
    const saveData = new URL(self.location.href).searchParams.has('save-data') || self.navigator.connection?.saveData === true;
    const files = saveData ? FILES.filter((f) => !LATER.includes(f)) : FILES;
    // hashed assets come from the HTTP cache (immutable) when the page just fetched them
    await cache.addAll(files.map((f) => new URL(f, scope).href));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('tensorplay-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || !req.url.startsWith(scope.href)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (req.mode === 'navigate') {
      // pages: the network first (a fresh page after a deploy), the cache when offline
      try {
        return await fetch(req);
      } catch (e) {
        const hit = await cache.match(key(req.url), { ignoreVary: true });
        if (hit) return hit;
        throw e;
      }
    }
    // hashed assets never change: the cache first; one left for later is kept once fetched
    const hit = await cache.match(key(req.url), { ignoreVary: true });
    if (hit) return hit;
    const response = await fetch(req);
    if (response.ok && LATER.some((f) => key(new URL(f, scope).href) === key(req.url))) {
      await cache.put(key(req.url), response.clone());
    }
    return response;
  })());
});
