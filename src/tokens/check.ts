/**
 * The two entry points over the analysis in read.ts: `checkTokens` reports every problem (the
 * `check` command), `readTokens` gives the model and throws the first error (pull, push, build).
 */
import type { TokensConfig } from '../config/schema.js';
import type { TokenSet } from '../model/types.js';
import { TokenFileError, type Diagnostic } from './errors.js';
import { analyzeTokens, type TokenFileSource, type TokenSources } from './read/index.js';

/** Every problem in the token files, sorted by file, line and column; empty when clean. */
export async function checkTokens(root: string, config: TokensConfig): Promise<Diagnostic[]> {
  return (await analyzeTokens(root, config)).diagnostics;
}

/**
 * The token files as a model. A missing tokens folder is an empty set. Throws `TokenFileError` on the
 * first error (warnings do not stop a read; they are returned, e.g. a wide-gamut color clipped for the
 * design file, for a push to mention). `source` stands in for the work tree's files (`build --watch`
 * keeps their texts between rebuilds).
 */
export async function readTokens(
  root: string,
  config: TokensConfig,
  source?: TokenFileSource,
): Promise<{ set: TokenSet; sources: TokenSources; warnings: Diagnostic[] }> {
  const { set, sources, diagnostics } = await analyzeTokens(root, config, source);
  const first = diagnostics.find((d) => d.severity === 'error');
  if (first) {
    const others = diagnostics.filter((d) => d.severity === 'error').length - 1;
    throw new TokenFileError(
      others > 0
        ? {
            ...first,
            hint: `${first.hint} (${others} more problem${others > 1 ? 's' : ''}: run \`tokensync check\` to list them all.)`,
          }
        : first,
    );
  }
  return { set, sources, warnings: diagnostics.filter((d) => d.severity === 'warning') };
}
