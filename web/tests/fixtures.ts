// Loads the hand-written fixture traces (tests/fixtures/*.json, schema v1) for tests.
import { readFileSync } from 'node:fs';
import { parseTrace, type Trace } from '../src/engine/trace';

export type FixtureName = 'clone_detach_data' | 'views_expand_strided' | 'autograd_backward' | 'runtime_error';

export function fixture(name: FixtureName): Trace {
  return parseTrace(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
}
