/**
 * What every format reads besides the tokens (docs/architecture.md "Build"): the views of a set
 * (mode and context files) and the composite types it holds.
 */
import type { BuildConfig } from '../config/schema.js';
import type { TokenSet } from '../model/types.js';
import { planContextViews } from './contexts.js';
import type { BuildSource, FormatContext } from './formats/common.js';
import { COMPOSITE_TYPES } from './render/index.js';
import { planViews } from './views.js';

/** The composite types a token set holds (their Swift, Kotlin and TypeScript declarations are printed). */
export function compositesOf(set: TokenSet): Set<string> {
  return new Set((set.tokens ?? []).map((t) => t.type).filter((t) => COMPOSITE_TYPES.has(t)));
}

/** What every format reads besides the tokens: the views (mode and context files) of a set. */
export function formatContextOf(
  set: TokenSet,
  config: BuildConfig,
  opts: { namespace?: 'none' | 'collection' | undefined; source?: BuildSource | undefined } = {},
): FormatContext & Required<Pick<FormatContext, 'contextViews'>> {
  const views = planViews(set, config);
  const contextViews = planContextViews(set, config, views);
  return {
    views,
    contextViews,
    viewByKey: new Map([...views, ...contextViews].map((v) => [v.key, v])),
    composites: compositesOf(set),
    namespaced: opts.namespace === 'collection',
    source: opts.source,
  };
}
