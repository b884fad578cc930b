/**
 * The analysis of the offline check (check-offline.ts): the token set, its styles, its lock and the
 * folder read and validated. Loaded only when the check cache has no answer (docs/caching.md).
 */
import type { Config } from '../config/schema.js';
import { analyzeTokens, type TokenFileSource, type TokenSources } from '../tokens/read/index.js';
import { RESOLVER_FILE } from '../tokens/resolver-doc.js';
import { designOwnedSets } from '../model/extension.js';
import { folderFindings } from '../tokens/read/folder.js';
import { checkLockText } from '../tokens/lock-check.js';
import type { CheckAnalysis } from './check-cache.js';
import { withSteadyYoungGeneration } from './steady-heap.js';
import type { Diagnostic } from '../tokens/errors.js';

/** Every problem of the set, the lock and the folder, with paths relative to the project root. */
export async function analyzeOffline(
  root: string,
  config: Config,
  file: string | undefined,
  source: TokenFileSource | undefined,
  stagedText: ((file: string) => Promise<string | undefined>) | undefined,
): Promise<CheckAnalysis> {
  // A whole read keeps nearly all it allocates until the check ends (steady-heap.ts).
  return withSteadyYoungGeneration(() => analyze(root, config, file, source, stagedText));
}

async function analyze(
  root: string,
  config: Config,
  file: string | undefined,
  source: TokenFileSource | undefined,
  stagedText: ((file: string) => Promise<string | undefined>) | undefined,
): Promise<CheckAnalysis> {
  const read = await analyzeTokens(root, config.tokens, source);
  // Style files, once the tokens they reference read cleanly (no cascade of missing targets).
  // They are read from the work tree, also with --staged.
  const styles =
    read.diagnostics.some((d) => d.severity === 'error') || !mayHoldStyles(read.sources, source)
      ? undefined
      : await (await import('../styles/read.js')).analyzeStyleTokens(root, config.tokens, read.set);
  const lock = await checkLockText(root, config.tokens.dir, stagedText, read.set);
  const all = [...read.diagnostics, ...(styles?.diagnostics ?? []), ...lock];
  const set = read.set;
  // Style tokens are read outside the set (styles/read.ts); a folder of style sets only is not empty.
  const designOwned = (styles?.set.tokens?.length ?? 0) - (set.tokens?.length ?? 0);
  const styleSets = (styles?.set.collections.length ?? 0) - set.collections.length;
  // The folder itself (docs/token-files.md "Files tokensync does not read"): nothing read is an error,
  // whatever files were named; ignored token-like files beside read ones are warnings.
  const empty = set.collections.length === 0 && (set.tokens?.length ?? 0) === 0 && designOwned <= 0 && all.length === 0;
  const folder = await folderFindings({ root, dir: config.tokens.dir, ...(file ? { configFile: file } : {}) }, empty);
  // Tokens some contexts of a modifier lack are repository-only too (docs/overrides.md §5).
  const repoOnly = (set.tokens?.length ?? 0) + (set.partial?.variables.length ?? 0) + (set.partial?.tokens.length ?? 0);
  const collections = set.collections.filter((c) => c.parent === undefined).length;
  // Collections without a single token pass no check of their own: a file emptied by a script or a
  // merge would read as "0 tokens: no problems". Said, as a warning (an empty collection pulled from
  // the design file is legitimate, docs/token-files.md "Files tokensync does not read").
  if (!empty && collections > 0 && set.variables.length + repoOnly + designOwned <= 0)
    folder.push(noTokens(config.tokens.dir, collections));
  return {
    all,
    folder,
    empty,
    variables: set.variables.length,
    repoOnly,
    collections,
    contexts: set.collections.length - collections + (set.repositoryAxes?.length ?? 0),
    designOwned,
    styleSets: Math.max(styleSets, 0),
    staged: source !== undefined,
  };
}

/**
 * Whether the resolver document lists style sets (styles/read.ts reads them from the work tree's
 * document, by the same test). The work tree's document was just read and parsed by the token reader
 * (a broken one is an error, and then no style is read): when it lists none, the style reader and its
 * modules are not loaded. A staged check read the index's document, which may differ: the style
 * reader decides.
 */
function mayHoldStyles(sources: TokenSources, source: TokenFileSource | undefined): boolean {
  if (source !== undefined) return true;
  return designOwnedSets(sources.files.get(RESOLVER_FILE)?.json).length > 0;
}

function noTokens(dir: string, collections: number): Diagnostic {
  const held = collections === 1 ? 'its collection has' : `its ${collections} collections have`;
  return {
    severity: 'warning',
    file: `${dir}/`,
    line: 1,
    column: 1,
    message: `no token in ${dir}/: ${held} no token in any file`,
    hint: 'If a file was emptied by mistake (a script, a merge), restore it from git; if the collection is empty in the design file too, this is expected.',
  };
}
