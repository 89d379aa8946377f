// The texts of a trace's tensor reprs, fetched from the engine that ran it when the page first
// needs them (SCHEMA.md Note [Reprs on demand]: a step carries a `repr_ref`, not the text).
// `fetch` answers null when the engine no longer holds that run (a newer run or a restart): the
// refs stay unknown rather than take another run's texts.

export type FetchReprs = (refs: number[]) => Promise<string[] | null>;

export class ReprCache {
  private readonly texts: Map<number, string> = new Map();
  private readonly loading = new Map<number, Promise<void>>();

  constructor(private readonly fetch: FetchReprs, known?: Map<number, string>) {
    if (known) this.texts = new Map(known);
  }

  get(ref: number): string | undefined {
    return this.texts.get(ref);
  }

  /** Fetches the refs not known yet (one request); resolves true when it learned any. */
  async load(refs: Iterable<number>): Promise<boolean> {
    const missing = [...new Set(refs)].filter((r) => !this.texts.has(r) && !this.loading.has(r));
    const waits = [...new Set(refs)].map((r) => this.loading.get(r)).filter((p): p is Promise<void> => p !== undefined);
    if (missing.length) {
      const got = this.fetch(missing).then(
        (texts) => {
          if (texts) missing.forEach((r, k) => { if (texts[k] !== undefined) this.texts.set(r, texts[k]); });
        },
        () => undefined,  // the engine failed: the refs stay unknown
      ).finally(() => missing.forEach((r) => this.loading.delete(r)));
      missing.forEach((r) => this.loading.set(r, got));
      waits.push(got);
    }
    if (!waits.length) return false;
    await Promise.all(waits);
    return [...new Set(refs)].some((r) => this.texts.has(r));
  }
}

/** Gives a trace its cache, as a property that is not part of the trace's data (never
 * serialised, never compared, never posted). */
export function attachReprs(trace: object, cache: ReprCache | undefined): void {
  Object.defineProperty(trace, 'reprs', { value: cache, enumerable: false, configurable: true, writable: true });
}
