// Work for the next animation frame, in read and write phases. Every view that measures the page
// (arrows, scrolling a change into view, the editor's current line) reads first and writes after:
// a read after a write forces the browser to lay the whole page out again, and a step used to
// force eleven layouts of a memory panel with a thousand elements. A writer may hand back a reader
// for a second round in the same frame (measure what it just placed), and so on.
export type Writer = () => Reader | void;
export type Reader = () => Writer | void;

/** Readers waiting for the next frame, by round, each under its key (a newer one replaces it). */
let pending: Map<unknown, Reader>[] = [];
let scheduled = false;

export function nextFrame(key: unknown, read: Reader, round = 0): void {
  if (typeof requestAnimationFrame === 'undefined') return;
  (pending[round] ??= new Map()).set(key, read);
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(runFrame);
}

function runFrame(): void {
  const rounds = pending;
  pending = []; // readers asked for while this frame runs wait for the next one
  scheduled = false;
  for (let r = 0; r < rounds.length; r++) {
    const readers = [...(rounds[r]?.values() ?? [])];
    const writers = readers.map((read) => read()).filter((w): w is Writer => typeof w === 'function');
    writers.forEach((write, i) => {
      const next = write();
      // (typeof: a writer that ends in scrollTo returns what it returns: a Promise, in Chromium)
      if (typeof next === 'function') (rounds[r + 1] ??= new Map()).set(`${r}:${i}`, next);
    });
  }
}
