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
 */
import type { DesignTokens } from 'style-dictionary/types';
import { isAlias, isColor, type TokenKind, type TokenSet, type Value, type Variable } from '../model/types.js';
import { colorToHex, colorToHex8, roundFloat } from '../model/values.js';
import { BuildError } from './errors.js';
import { targetView, type View } from './views.js';

export const EXT = 'dev.tokensync';

/** What every Style Dictionary token carries in `$extensions["dev.tokensync"]`. */
export interface TokenMeta {
  view: string;
  collection: string;
  variable: string;
  mode: string;
  /** The variable's kind after following aliases, e.g. `dimension`. */
  kind: TokenKind['type'];
  /** Set on aliases: the target, for docs links. */
  alias?: { view: string; collection: string; variable: string };
  /** The CSS custom-property name from the variable's `codeSyntax.WEB` (build.webNamesFromCodeSyntax; issue 12). */
  webName?: string;
}

/** `var(--color-bg)`, `--color-bg` or `color-bg` -> `color-bg`; anything else is not a usable name. */
export function webNameOf(web: string | undefined): string | undefined {
  if (web === undefined) return undefined;
  const m = /^\s*(?:var\(\s*--([A-Za-z0-9_-]+)\s*\)|--([A-Za-z0-9_-]+)|([A-Za-z_][A-Za-z0-9_-]*))\s*$/.exec(web);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** Style Dictionary `$type` per kind. `fontSize` is Style Dictionary's own (it picks sp over dp). */
export type SdType = 'color' | 'dimension' | 'fontSize' | 'duration' | 'fontWeight' | 'fontFamily' | 'number' | 'string' | 'boolean';

export interface TreeOptions {
  /** Name CSS custom properties after `codeSyntax.WEB` where a variable has one (issue 12). */
  webNames?: boolean;
  /** Pixels per rem (config `tokens.remBase`): model floats are pixels, a `rem` kind is written as v / remBase. */
  remBase: number;
  /**
   * One plain tree of the default modes, without view keys: what the user's own Style Dictionary
   * platforms see, so their name transforms and references work as in any Style Dictionary project.
   */
  flat?: boolean;
}

function defaultKind(v: Variable): TokenKind {
  switch (v.type) {
    case 'COLOR':
      return { type: 'color' };
    case 'BOOLEAN':
      return { type: 'boolean' };
    case 'STRING':
      return v.kind?.type === 'fontFamily' ? v.kind : { type: 'string' };
    case 'FLOAT':
      return v.kind && v.kind.type !== 'color' && v.kind.type !== 'boolean' && v.kind.type !== 'string' && v.kind.type !== 'fontFamily' ? v.kind : { type: 'number' };
  }
}

/**
 * A dimension is a font size (sp on Android and Compose, not dp) when the design tool scopes it to
 * font sizes, or when its name says so (`font/size/body`, `fontSize/sm`).
 */
function isFontSize(v: Variable): boolean {
  return v.scopes.includes('FONT_SIZE') || v.name.split('/').some((s) => /^(font[-_ ]?size|text[-_ ]?size)s?$/i.test(s));
}

const label = (v: { collection: string; name: string }): string => `"${v.collection}/${v.name}"`;

export interface Tree {
  tokens: DesignTokens;
  count: number;
  /**
   * Each token's TokenMeta by Style Dictionary key (`{v0_0.color.bg}`). The multi-mode tree keeps
   * it beside the tokens (direct.ts puts it into each token's `$extensions`, where `metaOf` reads
   * it) so the tree stays plain DTCG. The flat tree (user platforms) carries it inline in
   * `$extensions`, as before.
   */
  meta: Map<string, TokenMeta>;
}

export function buildTree(set: TokenSet, views: View[], opts: TreeOptions): Tree {
  const byKey = new Map<string, Variable>();
  for (const v of set.variables) byKey.set(`${v.collection}\u0000${v.name}`, v);
  const find = (collection: string, name: string): Variable | undefined => byKey.get(`${collection}\u0000${name}`);
  const collectionOf = new Map(set.collections.map((c) => [c.name, c]));

  for (const v of set.variables) {
    if (!collectionOf.has(v.collection)) {
      throw new BuildError('BUILD_MODEL_INVALID', `Variable ${label(v)} belongs to collection "${v.collection}", which does not exist.`, {
        hint: 'Add the collection to tokens/tokens.resolver.json or move the token file into an existing collection.',
      });
    }
    const bad = v.name.split('/').find((s) => s === '' || /[.{}$]/.test(s) || s.startsWith('$'));
    if (bad !== undefined) {
      throw new BuildError('BUILD_NAME_INVALID', `Variable ${label(v)} has a name segment "${bad}" that cannot be a token path segment (empty, or holding ".", "{", "}" or "$").`, {
        hint: 'Rename the variable in the design file (and pull) or in its token file.',
      });
    }
  }

  /** Follows aliases in the default modes to the variable that holds a literal, to know the kind. */
  const terminal = (start: Variable, mode: string): Variable => {
    let v = start;
    let m = mode;
    const seen = new Set<string>();
    for (;;) {
      const key = `${v.collection}\u0000${v.name}\u0000${m}`;
      if (seen.has(key)) {
        throw new BuildError('BUILD_ALIAS_CYCLE', `Variable ${label(start)} (mode "${mode}") is part of an alias cycle.`, {
          hint: 'Point one of the aliases in the cycle at a literal value.',
        });
      }
      seen.add(key);
      const value = v.values[m];
      if (value === undefined || !isAlias(value)) return v;
      const target = find(value.alias.collection, value.alias.name);
      if (!target) {
        throw new BuildError('BUILD_ALIAS_MISSING', `Variable ${label(v)} (mode "${m}") is an alias of ${label(value.alias)}, which does not exist.`, {
          hint: 'Point the alias at an existing token, or add the missing token.',
        });
      }
      if (target.collection !== v.collection) m = collectionOf.get(target.collection)!.defaultMode;
      v = target;
    }
  };

  const tokens: DesignTokens = {};
  const metaByKey = new Map<string, TokenMeta>();
  let count = 0;
  // Variables sorted by name (code-point order, not locale) so the output bytes do not depend on
  // the order the reader or the service listed them in (issue 5: deterministic output).
  const sorted = [...set.variables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const flatRoot: DesignTokens = {};
  for (const view of views) {
    if (opts.flat && !view.isDefault) continue;
    const root: DesignTokens = opts.flat ? flatRoot : {};
    if (!opts.flat) tokens[view.key] = root;
    for (const v of sorted) {
      if (v.collection !== view.collection.name) continue;
      const value = v.values[view.mode];
      if (value === undefined) {
        throw new BuildError('BUILD_MODEL_INVALID', `Variable ${label(v)} has no value for mode "${view.mode}".`, {
          hint: `Give it a value in tokens/<collection>/<mode>.tokens.json for mode "${view.mode}".`,
        });
      }
      const end = terminal(v, view.mode);
      const kind = defaultKind(end);
      const sdType: SdType = kind.type === 'dimension' && isFontSize(end) ? 'fontSize' : kind.type;
      const meta: TokenMeta = { view: view.key, collection: v.collection, variable: v.name, mode: view.mode, kind: kind.type };
      const webName = opts.webNames ? webNameOf(v.meta?.codeSyntax?.WEB) : undefined;
      if (webName !== undefined) meta.webName = webName;
      let $value: unknown;
      if (isAlias(value)) {
        const tv = targetView(views, view, value.alias.collection)!;
        meta.alias = { view: tv.key, collection: value.alias.collection, variable: value.alias.name };
        $value = `{${[...(opts.flat ? [] : [tv.key]), ...value.alias.name.split('/')].join('.')}}`;
      } else {
        $value = literal(v, value, kind, opts);
      }
      const token: Record<string, unknown> = { $type: sdType, $value };
      if (v.description !== '') token['$description'] = v.description;
      if (opts.flat) token['$extensions'] = { [EXT]: meta };
      else metaByKey.set(`{${[view.key, ...v.name.split('/')].join('.')}}`, meta);
      place(root, v, token);
      count++;
    }
  }
  return { tokens: opts.flat ? flatRoot : tokens, count, meta: metaByKey };
}

function literal(v: Variable, value: Value, kind: TokenKind, opts: TreeOptions): unknown {
  const wrong = (): never => {
    throw new BuildError('BUILD_MODEL_INVALID', `Variable ${label(v)} of type ${v.type} has a value that is not a ${v.type}: ${JSON.stringify(value)}.`, {
      hint: 'Fix the value in its token file so it matches the token $type.',
    });
  };
  switch (kind.type) {
    case 'color':
      if (!isColor(value)) return wrong();
      // 6-digit hex when opaque so outputs stay short; 8-digit keeps the alpha otherwise.
      return value.a >= 1 ? colorToHex(value) : colorToHex8(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : wrong();
    case 'string':
    case 'fontFamily':
      return typeof value === 'string' ? value : wrong();
    case 'dimension':
      if (typeof value !== 'number') return wrong();
      return kind.unit === 'rem' ? { value: roundFloat(value / opts.remBase), unit: 'rem' } : { value: roundFloat(value), unit: 'px' };
    case 'duration':
      if (typeof value !== 'number') return wrong();
      return { value: roundFloat(value), unit: kind.unit };
    case 'number':
    case 'fontWeight':
      return typeof value === 'number' ? roundFloat(value) : wrong();
  }
}

/** Puts a token at its slash path; a token that is also a group (`a/b` and `a/b/c`) is an error. */
function place(root: DesignTokens, v: Variable, token: Record<string, unknown>): void {
  const segments = v.name.split('/');
  let node: Record<string, unknown> = root;
  for (let i = 0; i < segments.length - 1; i++) {
    const s = segments[i]!;
    let next = node[s] as Record<string, unknown> | undefined;
    if (next === undefined) {
      next = {};
      node[s] = next;
    } else if ('$value' in next) {
      throw new BuildError('BUILD_NAME_CLASH', `Variable ${label(v)} sits inside "${v.collection}/${segments.slice(0, i + 1).join('/')}", which is a token, not a group.`, {
        hint: 'Rename one of the two so that no token name is a prefix group of another.',
      });
    }
    node = next;
  }
  const last = segments[segments.length - 1]!;
  const existing = node[last] as Record<string, unknown> | undefined;
  if (existing !== undefined && '$value' in existing) {
    const other = (existing['$extensions'] as Record<string, TokenMeta>)[EXT]!;
    throw new BuildError('BUILD_NAME_CLASH', `Variables ${label(v)} and ${label({ collection: other.collection, name: other.variable })} have the same token path "${v.name}".`, {
      hint: 'Rename one of them, or set tokens.namespace: collection so each collection has its own top-level group.',
    });
  }
  if (existing !== undefined) {
    throw new BuildError('BUILD_NAME_CLASH', `Variable ${label(v)} is also a group of other tokens (${label(v)}/…).`, {
      hint: 'Rename one of the two so that no token name is a prefix group of another.',
    });
  }
  node[last] = token;
}
