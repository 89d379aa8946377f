// Serves the built site (dist/) the way a good static host would, with no dependencies:
// - the precompressed twin of each file (`x.br`, `x.gz`, written at build time by
//   site-build/finish-site.ts) when the browser's Accept-Encoding allows it, with `Vary: Accept-Encoding`;
// - `Cache-Control: immutable` for content-hashed assets (assets/name-HASH.ext), `no-cache` for the
//   rest (HTML, sw.js, tensor-playground.js: stable names that must be revalidated);
// - under any base path (`--base /course/tp/`), to prove the site does not assume the root.
//   node scripts/serve.mjs [--dir dist] [--port 4173] [--next-free-port] [--host 127.0.0.1] [--base /] [--cors]
// --next-free-port: if the port is taken (another server, an earlier playground), the next free one.
//   [--tls cert.pem,key.pem]
// `--cors` adds Access-Control-Allow-Origin: * (a CDN serving the embed script to other origins).
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer as createHttp } from 'node:http';
import { createServer as createHttps } from 'node:https';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8', '.py': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
/** Vite's content-hashed file names: name-XXXXXXXX.ext under assets/. */
const HASHED = /(^|\/)assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Which encoding to send, given the Accept-Encoding header and the twins present on disk. */
export function pickEncoding(acceptEncoding, has) {
  const accepted = new Map();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (e) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br') && has('br')) return 'br';
  if (ok('gzip') && has('gz')) return 'gzip';
  return null;
}

export function cacheControl(relPath) {
  return HASHED.test(relPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Starts the server; resolves to { server, url } once it listens. */
export function serve({ dir = 'dist', port = 4173, host = '127.0.0.1', base = '/', cors = false, tls = null } = {}) {
  const root = resolve(dir);
  const prefix = base.endsWith('/') ? base : base + '/';
  const handler = (req, res) => {
    const url = new URL(req.url, 'http://x');
    let path;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return notFound(res); // a malformed %-escape
    }
    if (path + '/' === prefix) {
      res.writeHead(301, { Location: prefix });
      return res.end();
    }
    if (!path.startsWith(prefix)) return notFound(res);
    let rel = path.slice(prefix.length);
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    let file = normalize(join(root, rel));
    if (!file.startsWith(root + sep)) return notFound(res);
    if (existsSync(file) && statSync(file).isDirectory()) {
      res.writeHead(301, { Location: path + '/' });
      return res.end();
    }
    if (!existsSync(file)) return notFound(res);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const enc = pickEncoding(req.headers['accept-encoding'], (e) => existsSync(`${file}.${e}`));
    const sent = enc ? `${file}.${enc === 'gzip' ? 'gz' : 'br'}` : file;
    const headers = {
      'Content-Type': type,
      'Content-Length': statSync(sent).size,
      'Cache-Control': cacheControl(rel.split(sep).join('/')),
      Vary: 'Accept-Encoding',
      'X-Content-Type-Options': 'nosniff',
    };
    if (enc) headers['Content-Encoding'] = enc;
    if (cors) headers['Access-Control-Allow-Origin'] = '*';
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(sent).pipe(res);
  };
  const server = tls
    ? createHttps({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, handler)
    : createHttp(handler);
  return new Promise((ok, fail) => {
    server.on('error', fail);
    server.listen(port, host, () => {
      const p = server.address().port;
      ok({ server, url: `${tls ? 'https' : 'http'}://${host}:${p}${prefix}` });
    });
  });
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end('not found\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
  const tlsArg = opt('--tls', null);
  const wanted = Number(opt('--port', 4173));
  const tries = args.includes('--next-free-port') ? 20 : 1;
  for (let port = wanted; ; ++port) {
    try {
      const { url } = await serve({
        dir: opt('--dir', fileURLToPath(new URL('../dist', import.meta.url))),
        port,
        host: opt('--host', '127.0.0.1'),
        base: opt('--base', '/'),
        cors: args.includes('--cors'),
        tls: tlsArg ? { cert: tlsArg.split(',')[0], key: tlsArg.split(',')[1] } : null,
      });
      console.log(`serving ${url}${port === wanted ? '' : ` (port ${wanted} is taken)`}`);
      break;
    } catch (e) {
      if (e.code !== 'EADDRINUSE' || port + 1 >= wanted + tries) throw e;
    }
  }
}
