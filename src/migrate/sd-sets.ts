/**
 * A Style Dictionary repository into one DTCG set (docs/migration.md "Style Dictionary"): every token
 * file is merged in path order, as Style Dictionary merges its `source` globs, into one collection
 * `tokens` with one mode; the config's platforms become suggested build settings.
 */
import { toJsonText } from '../tokens/json-write.js';
import { RESOLVER_FILE, renderResolver } from '../tokens/resolver-doc.js';
import { convertMode, Lines } from './convert-mode.js';
import { SINGLE_MODE } from './layout.js';
import { flattenTokens } from './raw-tokens.js';
import { emptyReport } from './report.js';
import { mapConfig, suggestionYaml } from './sd-config.js';
import { sdToken } from './sd-tokens.js';
import { usageTypes } from './usage.js';
import type { ImportResult } from './studio.js';
import type { StudioSet } from './studio-repo.js';

export const SD_COLLECTION = 'tokens';

const isConfig = (file: string, doc: unknown): boolean =>
  typeof doc === 'object' && doc !== null && 'platforms' in doc && /(^|\/)[^/]*config[^/]*\.json$/i.test(file);

export function importSets(input: ReadonlyMap<string, unknown>): ImportResult {
  const report = emptyReport('style-dictionary');
  const sets: StudioSet[] = [];
  for (const [file, doc] of input) {
    if (isConfig(file, doc)) {
      const s = mapConfig(file, doc, report.needsPerson);
      if (s) {
        report.build = s;
        report.notes.push({
          file,
          path: 'platforms',
          message: `suggested settings for config/tokensync.yaml:\n${suggestionYaml(s)}`,
        });
      }
      continue;
    }
    const raw = flattenTokens(doc);
    if (raw.length === 0) {
      report.notes.push({ file, path: '', message: 'holds no tokens: not imported' });
      continue;
    }
    const tokens = raw.map((t) => {
      const { token, note } = sdToken(t);
      if (note) report.notes.push({ file, path: t.path.join('.'), message: note });
      return token;
    });
    sets.push({ name: file.replace(/\.json$/, ''), file, tokens });
  }
  const names = sets.map((s) => s.name);
  const mode = { name: SINGLE_MODE, sets: names, scope: names };
  const tree = convertMode(sets, mode, new Lines(report), report, {
    usages: usageTypes(sets.flatMap((s) => s.tokens)),
  });
  const file = `${SD_COLLECTION}/${SINGLE_MODE.toLowerCase()}.tokens.json`;
  const collection = { name: SD_COLLECTION, modes: [{ name: SINGLE_MODE }], defaultMode: SINGLE_MODE };
  const layout = {
    collection,
    slug: SD_COLLECTION,
    files: new Map([[SINGLE_MODE, file]]),
    contexts: new Map([[SINGLE_MODE, 'value']]),
  };
  const files = new Map([
    [file, toJsonText(tree.root)],
    [RESOLVER_FILE, toJsonText(renderResolver([layout]))],
  ]);
  report.collections.push({ name: SD_COLLECTION, modes: [{ name: SINGLE_MODE, sets: names }] });
  report.written = [...files.keys()];
  return { files, report };
}
