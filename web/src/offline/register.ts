// Registers the offline cache (sw.js, emitted by the production build beside the pages) once the
// page has loaded, so it never competes with the engine's download. Relative to the page's own
// address, so the site works under any base path; `pageToRoot` is the way up from a page in a
// sub-folder (the tutorial) to the folder that holds sw.js.
export function registerOffline(pageToRoot = './'): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(new URL(`${pageToRoot}sw.js`, location.href)).catch(() => {
      // no offline copy (a file:// page, private mode, a host without https): the site works as before
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
