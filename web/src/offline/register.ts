// Registers the offline cache (sw.js, emitted by the production build beside the pages) once the
// page has loaded and `after` has settled (the playground passes its engine: the worker's install
// downloads every asset, the .wasm included, which must not compete with the engine's own
// download; the load event fires before that download ends). Relative to the page's own address,
// so the site works under any base path; `pageToRoot` is the way up from a page in a sub-folder
// (the tutorial) to the folder that holds sw.js.
export function registerOffline(pageToRoot = './', after: Promise<unknown> = Promise.resolve()): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // a reader saving data: the worker leaves the full engine module for when a program needs it
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const script = new URL(`${pageToRoot}sw.js`, location.href);
  if (connection?.saveData) script.searchParams.set('save-data', '1');
  const register = () => {
    navigator.serviceWorker.register(script).catch(() => {
      // no offline copy (a file:// page, private mode, a host without https): the site works as before
    });
  };
  const whenLoaded = () => {
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  };
  after.then(whenLoaded, whenLoaded);
}
