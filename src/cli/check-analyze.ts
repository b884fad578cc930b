/**
 * The analysis of the offline check (check-offline.ts): the token set, its styles, its lock and the
 * folder read and validated. Loaded only when the check cache has no answer (docs/caching.md).
 */
import type { Config } from '../config/schema.js';
import { analyzeTokens, type TokenFileSource } from '../tokens/read/index.js';
import { folderFindings } from '../tokens/read/folder.js';
import { checkLockText } from '../tokens/lock-check.js';
import { analyzeStyleTokens } from '../styles/read.js';
import type { CheckAnalysis } from './check-cache.js';

/** Every problem of the set, the lock and the folder, with paths relative to the project root. */
export async function analyzeOffline(
  root: string,
  config: Config,
  file: string | undefined,
  source: TokenFileSource | undefined,
  stagedText: ((file: string) => Promise<string | undefined>) | undefined,
): Promise<CheckAnalysis> {
  const read = await analyzeTokens(root, config.tokens, source);
  // Style files, once the tokens they reference read cleanly (no cascade of missing targets).
  // They are read from the work tree, also with --staged.
  const styles = read.diagnostics.some((d) => d.severity === 'error')
    ? undefined
    : await analyzeStyleTokens(root, config.tokens, read.set);
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
