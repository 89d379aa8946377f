// Starts a module worker from a script of the built site. Loaded from another origin (an embed's
// script on a CDN), a page may not start a worker from that URL: the worker then starts from a
// same-origin blob: URL whose only line imports the real module (the host's CSP must allow
// `worker-src blob:`, and the CDN must send CORS headers; see README).
export function moduleWorkerScript(scriptUrl: string, base: string): string {
  const url = new URL(scriptUrl, base);
  if (url.origin === location.origin) return url.href;
  const blob = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return URL.createObjectURL(blob);
}
