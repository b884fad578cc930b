/**
 * The part of a token set a design file without extended collections can hold (docs/overrides.md §5):
 * the set without its extended collections and without the variables' and tokens' overrides. What is
 * left out stays in the token files: a pull writes an extension's file only when the set it writes
 * holds that extension (render-fold.ts).
 */
import type { TokenSet } from '../model/types.js';

export function withoutExtensions(set: TokenSet): TokenSet {
  if (!set.collections.some((c) => c.parent !== undefined)) return set;
  const out: TokenSet = {
    ...set,
    collections: set.collections.filter((c) => c.parent === undefined),
    variables: set.variables.map(({ overrides: _o, ...v }) => v),
  };
  if (set.tokens) out.tokens = set.tokens.map(({ overrides: _o, ...t }) => t);
  return out;
}
