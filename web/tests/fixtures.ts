// Loads the fixture traces (tests/fixtures/*.json: hand-written, or `tensorplay trace` output for
// numpy_sharing) for tests.
// Paths come from the Vitest root (web/): under happy-dom, import.meta.url is not a file URL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrace, type Trace } from '../src/engine/trace';

export type FixtureName = 'clone_detach_data' | 'views_expand_strided' | 'autograd_backward' | 'runtime_error' | 'numpy_sharing';

/** The fixtures are schema 1 documents, every step whole: in schema 2 each is a keyframe. */
export function fixture(name: FixtureName): Trace {
  const doc = JSON.parse(readFileSync(join(process.cwd(), 'tests', 'fixtures', `${name}.json`), 'utf8'));
  doc.schema_version = 2;
  for (const s of doc.steps) Object.assign(s, { keyframe: true, frames: s.frames ?? [] });
  return parseTrace(JSON.stringify(doc));
}
