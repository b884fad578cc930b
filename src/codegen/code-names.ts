/**
 * The names the build gives each variable, per `codeSyntax` platform, for the write-back to the
 * design file (`sync.codeSyntax`, docs/sync.md "Code names in the design file"). They come from the
 * build's own token tree, platform configs and name transforms, so the write-back and the build
 * cannot disagree (docs/build.md "Names"):
 * - WEB: the CSS custom property, as Figma spells web code syntax: `var(--color-bg)`;
 * - iOS: the Swift property name of the ios output (`colorBg`, a static member of each mode's class);
 * - ANDROID: the Android resource name of the android output (`color_bg`, as in `R.color.color_bg`).
 * The names are the ones the token paths give: `build.webNamesFromCodeSyntax` is not applied here,
 * since the write-back is what would set that codeSyntax.
 */
import type { PlatformConfig, TransformedToken } from 'style-dictionary/types';
import type { BuildConfig } from '../config/schema.js';
import { codeNameKey, type CodeNames, type CodeSyntaxPlatform } from '../model/code-names.js';
import type { CodeSyntax, TokenSet } from '../model/types.js';
import type { FormatContext } from './formats/common.js';
import { planPlatforms } from './platforms.js';
import { transforms } from './transforms.js';
import { buildTree, EXT, type TokenMeta } from './tree.js';
import { planViews } from './views.js';

export interface CodeNameOptions {
  /** The platforms to name (`sync.codeSyntax`); the others are left out of the map. */
  platforms: readonly CodeSyntaxPlatform[];
  /** Config `tokens.remBase`. */
  remBase: number;
  /** Config `tokens.namespace`. */
  namespace: 'none' | 'collection';
}

/** Which of our platforms and name transform give each codeSyntax platform its name. */
const SOURCES: Record<CodeSyntaxPlatform, { platform: string; config: string; transform: string }> = {
  WEB: { platform: 'css', config: 'tokensync-web', transform: 'tokensync/name/web' },
  iOS: { platform: 'ios', config: 'tokensync-ios', transform: 'tokensync/name/swift' },
  ANDROID: { platform: 'android', config: 'tokensync-android', transform: 'tokensync/name/android' },
};

/** Every variable's computed names for the enabled platforms, keyed by `codeNameKey`. */
export function codeNames(set: TokenSet, build: BuildConfig, opts: CodeNameOptions): CodeNames {
  const out = new Map<string, CodeSyntax>();
  if (opts.platforms.length === 0) return out;
  const views = planViews(set, build);
  const ctx: FormatContext = {
    views,
    contextViews: [],
    viewByKey: new Map(views.map((v) => [v.key, v])),
    composites: new Set(),
    namespaced: opts.namespace === 'collection',
    source: undefined,
  };
  const plan = planPlatforms(
    opts.platforms.map((p) => SOURCES[p].platform as 'css'),
    build,
    ctx,
    opts.remBase,
  );
  const tree = buildTree(set, views, { remBase: opts.remBase, flat: true, namespace: opts.namespace });
  const variables = new Set(set.variables.map((v) => codeNameKey(v.collection, v.name)));
  for (const meta of tokenMetas(tree.tokens)) {
    const key = codeNameKey(meta.collection, meta.variable);
    if (meta.repo || !variables.has(key) || out.has(key)) continue;
    const names: CodeSyntax = {};
    for (const p of opts.platforms) {
      const src = SOURCES[p];
      const config = plan.platforms[src.config] as PlatformConfig;
      const token = { path: [meta.view, ...meta.path] } as unknown as TransformedToken;
      const name = transforms[src.transform]!.transform(token, config, { usesDtcg: true }) as string;
      names[p] = p === 'WEB' ? `var(--${name})` : name;
    }
    out.set(key, names);
  }
  return out;
}

/** The tokensync metadata of every token in a flat tree. */
function* tokenMetas(node: unknown): Generator<TokenMeta> {
  if (typeof node !== 'object' || node === null) return;
  const rec = node as Record<string, unknown>;
  if ('$value' in rec) {
    const meta = (rec['$extensions'] as Record<string, TokenMeta> | undefined)?.[EXT];
    if (meta !== undefined) yield meta;
    return;
  }
  for (const [k, child] of Object.entries(rec)) if (!k.startsWith('$')) yield* tokenMetas(child);
}
