/**
 * `tokensync import style-dictionary`, the pure part (docs/migration.md "Style Dictionary"): legacy
 * Style Dictionary JSON (`value`, `type`, `comment`, `attributes`; `{a.b.value}` and `{a.b}`
 * references) into one DTCG 2025.10 set, and a `config.json`'s platforms into build settings.
 */
import type { ImportResult } from './studio.js';
import { importSets } from './sd-sets.js';

export function importStyleDictionary(input: ReadonlyMap<string, unknown>): ImportResult {
  return importSets(input);
}
