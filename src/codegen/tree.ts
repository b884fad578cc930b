/**
 * The model (src/model/types.ts) as one Style Dictionary DTCG token tree with every mode in it
 * (views.ts). Checks here are the ones Style Dictionary would only warn about or get wrong silently:
 * a missing mode value, an alias to nothing, a cycle, a token that is also a group, a name segment
 * Style Dictionary's reference syntax cannot hold.
 *
 * Aliases become Style Dictionary references, so CSS keeps `var(--…)`. Which mode an alias into
 * another collection reads is not in the spec; like the design tool, where a frame that sets no mode
 * for a collection shows its default mode, a reference into another collection reads that
 * collection's default mode on static platforms (Swift, Kotlin, Android, TS, JSON). In CSS it stays
 * `var(--…)` and the cascade picks the mode at run time.
 *
 * Repository tokens (`set.tokens`) go in beside the variables, under the same rules. A
 * composite's `$value` is its model value with every sub-value a `Sub` (render/context.ts): the
 * literal it resolves to in this mode plus, when written as a reference, where that points; no
 * `{…}` string, so Style Dictionary sees a literal and its pipeline treats it as ours does
 * (direct.test.ts). Its type's renderer prints it (transforms.ts `tokensync/<target>/composite`).
 */
import type { DesignTokens } from 'style-dictionary/types';
import type { DtcgType } from '../model/dtcg.js';
import { isAlias, isColor, type Color, type TokenSet, type Value } from '../model/types.js';
import { colorToHex, colorToHex8 } from '../model/values.js';
import { BuildError } from './errors.js';
import { COMPOSITE_TYPES } from './render/index.js';
import type { Sub } from '../types/render/context.js';
import { entryOf, label, treeModel, typeOf, valuesOf, who, type Entry, type TreeModel } from './tree-model.js';
import { normalize } from './tree-values.js';
import { targetView, type View } from './views.js';

/** tokensync's `$extensions` key (src/model/extension.ts), under the short name the formats use. */
import { EXTENSION as EXT } from '../model/extension.js';
export { EXT };

/** Where an alias's meta keeps the key of its target (transforms.ts `aliasKeyOf`). */
export const ALIAS_KEY: unique symbol = Symbol('alias key');

/** What every Style Dictionary token carries in `$extensions["dev.tokensync"]`. */
export interface TokenMeta {
  view: string;
  collection: string;
  variable: string;
  mode: string;
  /** Path segments under the view key: the name's segments, after the collection slug with `tokens.namespace: collection`. */
  path: string[];
  /** The token's type after following aliases, e.g. `dimension`. */
  kind: DtcgType;
  /** Set on aliases: the target, for docs links; its key (`{<view>.<path>}`) under ALIAS_KEY (transforms.ts `aliasKeyOf`). */
  alias?: { view: string; collection: string; variable: string; path: string[]; [ALIAS_KEY]?: string };
  /** A color literal as the model holds it, with its wide-gamut `source` (render/color.ts). */
  color?: Color;
  /** Repository-owned (a RepoToken with owner `repository`), never pushed; the docs page says so. */
  repo?: boolean;
  /** The CSS custom-property name from the variable's `codeSyntax.WEB` (build.webNamesFromCodeSyntax). */
  webName?: string;
}

/** `var(--color-bg)`, `--color-bg` or `color-bg` -> `color-bg`; anything else is not a usable name. */
export function webNameOf(web: string | undefined): string | undefined {
  if (web === undefined) return undefined;
  const m = /^\s*(?:var\(\s*--([A-Za-z0-9_-]+)\s*\)|--([A-Za-z0-9_-]+)|([A-Za-z_][A-Za-z0-9_-]*))\s*$/.exec(web);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** Style Dictionary `$type` per kind. `fontSize` is Style Dictionary's own (it picks sp over dp). */
export type SdType = DtcgType | 'fontSize';

export interface TreeOptions {
  /** Name CSS custom properties after `codeSyntax.WEB` where a variable has one. */
  webNames?: boolean;
  /** Pixels per rem (config `tokens.remBase`): model floats are pixels, a `rem` kind is written as v / remBase. */
  remBase: number;
  /**
   * One plain tree of the default modes, without view keys: what the user's own Style Dictionary
   * platforms see, so their name transforms and references work as in any Style Dictionary project.
   */
  flat?: boolean;
  /**
   * `tokens.namespace`: with `collection` every token path starts with its collection's slug, so
   * every platform name holds the collection and collections may share names.
   */
  namespace?: 'none' | 'collection';
}

/**
 * A dimension is a font size (sp on Android and Compose, not dp) when the design tool scopes it to
 * font sizes, or when its name says so (`font/size/body`, `fontSize/sm`).
 */
function isFontSize(e: { name: string; scopes?: string[] }): boolean {
  return (
    (e.scopes?.includes('FONT_SIZE') ?? false) ||
    e.name.split('/').some((s) => /^(font[-_ ]?size|text[-_ ]?size)s?$/i.test(s))
  );
}

export interface Tree {
  tokens: DesignTokens;
  count: number;
  /**
   * Each token's TokenMeta, by the tree's token object. The multi-mode tree keeps it beside the
   * tokens (direct.ts puts it into each token's `$extensions`, where `metaOf` reads it) so the tree
   * stays plain DTCG; keyed by the object, no key string is joined per token here and hashed again
   * in direct.ts. The flat tree (user platforms) carries it inline in `$extensions`, as before.
   */
  meta: Map<object, TokenMeta>;
}

export function buildTree(set: TokenSet, views: View[], opts: TreeOptions): Tree {
  const model = treeModel(set, views, opts);
  const tokens: DesignTokens = {};
  // A Map, not a WeakMap: it lives as long as the tree, and a WeakMap of every token is an
  // ephemeron table each garbage collection marks entry by entry (docs/benchmarks.md "Full build",
  // sixth round).
  const metaByToken = new Map<object, TokenMeta>();
  let count = 0;
  const byCollection = entriesByCollection(model.entries);
  const flatRoot: DesignTokens = {};
  const partial = new Set<unknown>([...(set.partial?.variables ?? []), ...(set.partial?.tokens ?? [])]);
  for (const view of views) {
    if (opts.flat && !view.isDefault) continue;
    const root: DesignTokens = opts.flat ? flatRoot : {};
    if (!opts.flat) tokens[view.key] = root;
    for (const e of byCollection.get(view.parent ?? view.collection.name) ?? []) {
      const v = entryOf(e);
      // A context view (contexts.ts) holds only the tokens its context changes.
      const value = (view.pick ? view.pick(v) : valuesOf(e)[view.mode]) as Value | undefined;
      // A context view, or a token some contexts do not define (docs/overrides.md §5), holds only what it has.
      if (value === undefined && (view.pick || partial.has(v))) continue;
      if (value === undefined) {
        throw new BuildError('BUILD_MODEL_INVALID', `${who(v)} has no value for mode "${view.mode}".`, {
          hint: `Give it a value in tokens/<collection>/<mode>.tokens.json for mode "${view.mode}".`,
        });
      }
      const { token, meta } = treeToken(model, e, view, value, opts);
      if (opts.flat) token['$extensions'] = { [EXT]: meta };
      else metaByToken.set(token, meta);
      place(root, v, meta.path, token, metaByToken);
      count++;
    }
  }
  return { tokens: opts.flat ? flatRoot : tokens, count, meta: metaByToken };
}

/**
 * Each collection's entries sorted by name (code-point order, not locale) so the output bytes do not
 * depend on the order the reader or the service listed them in (deterministic output); a view walks
 * only its own collection's.
 */
function entriesByCollection(entries: readonly Entry[]): Map<string, Entry[]> {
  const out = new Map<string, Entry[]>();
  const sorted = entries
    .map((e) => ({ e, name: entryOf(e).name, collection: entryOf(e).collection }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { e, collection } of sorted) {
    const list = out.get(collection);
    if (list === undefined) out.set(collection, [e]);
    else list.push(e);
  }
  return out;
}

/** One entry's token in one view: its Style Dictionary type and value, and its TokenMeta. */
function treeToken(
  model: TreeModel,
  e: Entry,
  view: View,
  value: Value,
  opts: TreeOptions,
): { token: Record<string, unknown>; meta: TokenMeta } {
  const v = entryOf(e);
  const end = model.terminal(e, view.mode);
  const type = typeOf(end.entry);
  const sdType: SdType = type === 'dimension' && isFontSize(end.entry.variable ?? end.entry.repo) ? 'fontSize' : type;
  const path = model.pathOf(v);
  const meta: TokenMeta = {
    view: view.key,
    collection: v.collection,
    variable: v.name,
    mode: view.mode,
    path,
    kind: type,
  };
  if (e.repo?.owner === 'repository') meta.repo = true;
  const webName = opts.webNames ? webNameOf(e.variable?.meta?.codeSyntax?.WEB) : undefined;
  if (webName !== undefined) meta.webName = webName;
  let $value: unknown;
  if (isAlias(value)) {
    const tv = targetView(model.views, view, value.alias.collection)!;
    const tpath = model.pathOf(value.alias);
    meta.alias = { view: tv.key, collection: value.alias.collection, variable: value.alias.name, path: tpath };
    $value = `{${[...(opts.flat ? [] : [tv.key]), ...tpath].join('.')}}`;
    // The multi-mode tree's reference is the target's key: joined once, here.
    if (!opts.flat) meta.alias[ALIAS_KEY] = $value as string;
  } else {
    const n = normalize(model, e, view, view.mode, value, type, 0);
    if (type === 'color') {
      const c = n as Color;
      if (c.source !== undefined) meta.color = c;
      // 6-digit hex when opaque so outputs stay short; 8-digit keeps the alpha otherwise.
      $value = c.a >= 1 ? colorToHex(c) : colorToHex8(c);
    } else if (opts.flat && COMPOSITE_TYPES.has(type)) {
      $value = toDtcg(n);
    } else {
      $value = n;
    }
  }
  // direct.ts `treeCopy` copies exactly these members, in this order.
  const token: Record<string, unknown> = { $type: sdType, $value };
  if (v.description !== '') token['$description'] = v.description;
  return { token, meta };
}

/**
 * A normalized composite back in DTCG form for the user's own Style Dictionary platforms: a
 * reference becomes `{path}`, colors hex, so Style Dictionary's own composite transforms
 * (`shadow/css/shorthand`, …) read it as in any DTCG project.
 */
function toDtcg(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(toDtcg);
  if (typeof n !== 'object' || n === null) return n;
  if ('$lit' in n) {
    const s = n as Sub;
    return s.$ref ? `{${s.$ref.path.join('.')}}` : toDtcg(s.$lit);
  }
  if (isColor(n as Value)) {
    const c = n as Color;
    return c.a >= 1 ? colorToHex(c) : colorToHex8(c);
  }
  return Object.fromEntries(Object.entries(n).map(([k, x]) => [k, toDtcg(x)]));
}

/** Puts a token at its path; a token that is also a group (`a/b` and `a/b/c`) is an error. */
function place(
  root: DesignTokens,
  v: { collection: string; name: string; owner?: string },
  segments: string[],
  token: Record<string, unknown>,
  meta: Map<object, TokenMeta>,
): void {
  let node: Record<string, unknown> = root;
  for (let i = 0; i < segments.length - 1; i++) {
    const s = segments[i]!;
    let next = node[s] as Record<string, unknown> | undefined;
    if (next === undefined) {
      next = {};
      node[s] = next;
    } else if ('$value' in next) {
      throw new BuildError(
        'BUILD_NAME_CLASH',
        `${who(v)} sits inside "${v.collection}/${segments.slice(segments.length - v.name.split('/').length, i + 1).join('/')}", which is a token, not a group.`,
        {
          hint: 'Rename one of the two so that no token name is a prefix group of another.',
        },
      );
    }
    node = next;
  }
  const last = segments[segments.length - 1]!;
  const existing = node[last] as Record<string, unknown> | undefined;
  if (existing !== undefined && '$value' in existing) {
    const other = (existing['$extensions'] as Record<string, TokenMeta> | undefined)?.[EXT] ?? meta.get(existing);
    throw new BuildError(
      'BUILD_NAME_CLASH',
      `Tokens ${label(v)} and ${other ? label({ collection: other.collection, name: other.variable }) : 'another'} have the same token path "${segments.join('.')}".`,
      {
        hint: 'Rename one of them, or set tokens.namespace: collection so each collection has its own top-level group.',
      },
    );
  }
  if (existing !== undefined) {
    throw new BuildError('BUILD_NAME_CLASH', `${who(v)} is also a group of other tokens (${label(v)}/…).`, {
      hint: 'Rename one of the two so that no token name is a prefix group of another.',
    });
  }
  node[last] = token;
}
