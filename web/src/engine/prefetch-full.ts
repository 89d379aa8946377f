// Downloads the full engine's .wasm ahead of need (Note [Two modules] in
// engine/bindings/library_variant.h): once the playground's core engine is ready and the page is
// idle, at low priority, into the HTTP cache (hashed assets are cached for good; with the service
// worker in control, into its cache), so a program that later needs the full module (host.ts)
// costs no download. Never on a connection the reader wants to spare (Save-Data, 2G). The
// playground page only: an article with many embeds stays light (its embeds share one engine,
// embed/shared-engine.ts, and fetch the full module only when one of them needs it).

/** What the page may know about its connection (Network Information API; absent in many browsers). */
export interface ConnectionHint {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether a prefetch is welcome on this connection. */
export function prefetchWelcome(connection: ConnectionHint | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

export type PrefetchOutcome = 'skipped' | 'fetched' | 'failed';

/** Fetches the full .wasm when the page is next idle; says how that went (the page's diagnostics). */
export function prefetchFullEngine(): Promise<PrefetchOutcome> {
  const connection = (navigator as Navigator & { connection?: ConnectionHint }).connection;
  if (!prefetchWelcome(connection)) return Promise.resolve('skipped');
  const idle = typeof requestIdleCallback === 'function'
    ? (f: () => void) => requestIdleCallback(f, { timeout: 10_000 })
    : (f: () => void) => setTimeout(f, 2_000);
  return new Promise<void>((resolve) => idle(resolve)).then(async () => {
    try {
      const { default: url } = await import('@wasm/tensorplay.wasm?url');
      const response = await fetch(url, { priority: 'low' } as RequestInit);
      await response.arrayBuffer(); // read to the end, so the whole body is cached
      return response.ok ? 'fetched' : 'failed';
    } catch {
      return 'failed'; // offline, say: the full module is fetched when a program needs it, as before
    }
  });
}
