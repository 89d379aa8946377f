// Loads the real WebAssembly engine (build/wasm) for the tests that run it under Node.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Session, TensorplayModule } from '@wasm/tensorplay.mjs';
import { attachReprs, ReprCache } from '../src/engine/repr-cache';
import { parseTrace, type Trace } from '../src/engine/trace';

// Under happy-dom import.meta.url is not this file's path: then the repository is the parent of the
// Vitest root (web/).
const here = new URL('../../', import.meta.url);
export const repo = here.protocol === 'file:' && existsSync(new URL('CMakeLists.txt', here))
  ? here
  : pathToFileURL(join(process.cwd(), '..') + '/');
const wasmDir = new URL('build/wasm/', repo);
const wasmFile = new URL('tensorplay.wasm', wasmDir);
const mjsFile = new URL('tensorplay.mjs', wasmDir);

export async function loadEngine(): Promise<TensorplayModule> {
  if (!existsSync(wasmFile) || !existsSync(mjsFile) || readFileSync(wasmFile).length === 0) {
    throw new Error(`The WebAssembly engine is not built: ${wasmFile.pathname} is missing. Build it with\n` +
      '  scripts/build.sh page   (or scripts/build.sh wasm) from the repository root.');
  }
  const create = (await import(/* @vite-ignore */ pathToFileURL(mjsFile.pathname).href)).default as (o: object) => Promise<TensorplayModule>;
  return create({ wasmBinary: readFileSync(wasmFile) });
}

/** A program's trace with the text of every repr its steps refer to, read from the session at once
 * (the session's next run forgets them: SCHEMA.md Note [Reprs on demand]). */
export function traceWithReprs(session: Session, source: string): Trace {
  const trace = parseTrace(session.run(source));
  const texts = new Map<number, string>();
  for (const step of trace.steps) {
    for (const t of step.tensors) if (!texts.has(t.repr_ref)) texts.set(t.repr_ref, session.repr(t.repr_ref));
  }
  attachReprs(trace, new ReprCache(async () => null, texts));
  return trace;
}
