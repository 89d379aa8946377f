// Loads the real WebAssembly engine (build/wasm) for the tests that run it under Node.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Session, TensorplayModule } from '@wasm/tensorplay.mjs';
import { EngineHost } from '../src/engine/host';
import { attachReprs, ReprCache } from '../src/engine/repr-cache';
import { parseTrace, type Trace } from '../src/engine/trace';

// Under happy-dom import.meta.url is not this file's path: then the repository is the parent of the
// Vitest root (web/).
const here = new URL('../../', import.meta.url);
export const repo = here.protocol === 'file:' && existsSync(new URL('CMakeLists.txt', here))
  ? here
  : pathToFileURL(join(process.cwd(), '..') + '/');
const wasmDir = new URL('build/wasm/', repo);

async function load(name: string): Promise<TensorplayModule> {
  const wasmFile = new URL(`${name}.wasm`, wasmDir);
  const mjsFile = new URL(`${name}.mjs`, wasmDir);
  if (!existsSync(wasmFile) || !existsSync(mjsFile) || readFileSync(wasmFile).length === 0) {
    throw new Error(`The WebAssembly engine is not built: ${wasmFile.pathname} is missing. Build it with\n` +
      '  scripts/build.sh page   (or scripts/build.sh wasm) from the repository root.');
  }
  const create = (await import(/* @vite-ignore */ pathToFileURL(mjsFile.pathname).href)).default as (o: object) => Promise<TensorplayModule>;
  return create({ wasmBinary: readFileSync(wasmFile) });
}

/** The full module (every library name). */
export function loadEngine(): Promise<TensorplayModule> {
  return load('tensorplay');
}

/** The core module the page loads first (Note [Two modules] in engine/bindings/library_variant.h). */
export function loadCoreEngine(): Promise<TensorplayModule> {
  return load('tensorplay-core');
}

/** The engine as the page's worker holds it: the core module, and the full one when a program needs
 * it. Each call makes a fresh host (starting with the core module) over modules loaded once;
 * `fullLoads` counts how often a host asked for the full module. */
export async function pageEngines(): Promise<{ host: () => Promise<EngineHost>; fullLoads: () => number }> {
  const [core, full] = await Promise.all([loadCoreEngine(), loadEngine()]);
  let loads = 0;
  const fullFactory = async () => {
    loads++;
    return full;
  };
  return { host: () => EngineHost.create(async () => core, fullFactory), fullLoads: () => loads };
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
