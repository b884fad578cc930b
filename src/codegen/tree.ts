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
import type { DtcgType, Gradient, RepoToken } from '../model/dtcg.js';
import {
  isAlias,
  isColor,
  type Alias,
  type Color,
  type TokenKind,
  type TokenSet,
  type Value,
  type Variable,
} from '../model/types.js';
import { colorToHex, colorToHex8, roundFloat } from '../model/values.js';
import { BuildError } from './errors.js';
import { slug } from './naming.js';
import { COMPOSITE_TYPES } from './render/index.js';
import type { Sub } from '../types/render/context.js';
import { weightNumber } from '../types/font-weight.js';
import { targetView, type View } from './views.js';

/** tokensync's `$extensions` key (src/model/extension.ts), under the short name the formats use. */
import { EXTENSION as EXT } from '../model/extension.js';
export { EXT };

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
  /** Set on aliases: the target, for docs links. */
  alias?: { view: string; collection: string; variable: string; path: string[] };
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

function defaultKind(v: Variable): TokenKind {
  switch (v.type) {
    case 'COLOR':
      return { type: 'color' };
    case 'BOOLEAN':
      return { type: 'boolean' };
    case 'STRING':
      return v.kind?.type === 'fontFamily' ? v.kind : { type: 'string' };
    case 'FLOAT':
      return v.kind &&
        v.kind.type !== 'color' &&
        v.kind.type !== 'boolean' &&
        v.kind.type !== 'string' &&
        v.kind.type !== 'fontFamily'
        ? v.kind
        : { type: 'number' };
  }
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

const label = (v: { collection: string; name: string }): string => `"${v.collection}/${v.name}"`;
/** `Variable "c/n"` or, for a repository token, `Token "c/n"`. */
const who = (v: { collection: string; name: string; owner?: string }): string =>
  `${v.owner === undefined ? 'Variable' : 'Token'} ${label(v)}`;

/** A variable or a repository token: what the tree is made of. */
type Entry = { variable: Variable; repo?: undefined } | { repo: RepoToken; variable?: undefined };
const entryOf = (e: Entry): Variable | RepoToken => e.variable ?? e.repo;
const valuesOf = (e: Entry): Record<string, unknown> => entryOf(e).values as Record<string, unknown>;

/** The DTCG type of an entry's literals. */
function typeOf(e: Entry): DtcgType {
  return e.variable ? defaultKind(e.variable).type : e.repo.type;
}

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

/**
 * A `$root` token (format groups.md "Root Tokens in Groups") is the group's own value beside its
 * variants; no platform name can hold "$", and the group's name is taken by its children, so it is
 * built as the segment `root` (`--color-accent-root`, `color.accent.root`). A sibling really named
 * `root` then clashes, and the build's name-clash check says so. A variable whose name is also a
 * group (`color/accent` beside `color/accent/light`) is read from such a token and built the same way
 * (docs/token-files.md "A variable that is also a group").
 */
const rootSegment = (s: string): string => (s === '$root' ? 'root' : s);

export function buildTree(set: TokenSet, views: View[], opts: TreeOptions): Tree {
  const entries: Entry[] = [
    ...set.variables.map((variable) => ({ variable })),
    ...(set.tokens ?? []).map((repo) => ({ repo })),
  ];
  const byKey = new Map<string, Entry>();
  for (const e of entries) byKey.set(`${entryOf(e).collection}\u0000${entryOf(e).name}`, e);
  const find = (collection: string, name: string): Entry | undefined => byKey.get(`${collection}\u0000${name}`);
  const collectionOf = new Map(set.collections.map((c) => [c.name, c]));
  const namespaced = opts.namespace === 'collection';
  // Style tokens (design-owned) are named by their path in their file on every platform,
  // whatever the namespace: their file's top-level group (`typography`, config `styles.*.group`) is
  // already their namespace, and a built name follows the file's path (docs/styles.md "The files").
  const unspaced = new Set((set.tokens ?? []).filter((t) => t.owner === 'design').map((t) => t.collection));
  // A variable that is also a group (a group's `$root` token as read) is built as its `root` segment too.
  const groups = new Set<string>();
  for (const e of entries) {
    const { collection, name } = entryOf(e);
    for (let at = name.indexOf('/'); at > 0; at = name.indexOf('/', at + 1))
      groups.add(`${collection}\u0000${name.slice(0, at)}`);
  }
  const pathOf = (x: { collection: string; name: string }): string[] => {
    const segments = x.name.split('/').map(rootSegment);
    if (groups.has(`${x.collection}\u0000${x.name}`)) segments.push('root');
    return namespaced && !unspaced.has(x.collection) ? [slug(x.collection), ...segments] : segments;
  };

  for (const e of entries) {
    const v = entryOf(e);
    if (!collectionOf.has(v.collection)) {
      throw new BuildError(
        'BUILD_MODEL_INVALID',
        `${who(v)} belongs to collection "${v.collection}", which does not exist.`,
        {
          hint: 'Add the collection to tokens/tokens.resolver.json or move the token file into an existing collection.',
        },
      );
    }
    const bad = v.name
      .split('/')
      .map(rootSegment)
      .find((s) => s === '' || /[.{}$]/.test(s) || s.startsWith('$'));
    if (bad !== undefined) {
      throw new BuildError(
        'BUILD_NAME_INVALID',
        `${who(v)} has a name segment "${bad}" that cannot be a token path segment (empty, or holding ".", "{", "}" or "$").`,
        {
          hint: 'Rename the variable in the design file (and pull) or in its token file.',
        },
      );
    }
  }

  const modeIn = (from: { collection: string }, mode: string, target: { collection: string }): string =>
    target.collection === from.collection ? mode : collectionOf.get(target.collection)!.defaultMode;

  /** The entry an alias names, or an error naming the token that holds it. */
  const target = (holder: { collection: string; name: string }, mode: string, a: Alias, where = ''): Entry => {
    const t = find(a.alias.collection, a.alias.name);
    if (!t) {
      throw new BuildError(
        'BUILD_ALIAS_MISSING',
        `${who(holder)} (mode "${mode}")${where} is an alias of ${label(a.alias)}, which does not exist.`,
        {
          hint: 'Point the alias at an existing token, or add the missing token.',
        },
      );
    }
    return t;
  };

  /** Follows aliases (into other collections: their default mode) to the entry and mode that hold a literal. */
  const terminal = (start: Entry, mode: string): { entry: Entry; mode: string } => {
    let e = start;
    let m = mode;
    const seen = new Set<string>();
    for (;;) {
      const v = entryOf(e);
      const key = `${v.collection}\u0000${v.name}\u0000${m}`;
      if (seen.has(key)) {
        throw new BuildError(
          'BUILD_ALIAS_CYCLE',
          `${who(entryOf(start))} (mode "${mode}") is part of an alias cycle.`,
          {
            hint: 'Point one of the aliases in the cycle at a literal value.',
          },
        );
      }
      seen.add(key);
      const value = valuesOf(e)[m] as Value | undefined;
      if (value === undefined || !isAlias(value)) return { entry: e, mode: m };
      const t = target(v, m, value);
      m = modeIn(v, m, entryOf(t));
      e = t;
    }
  };

  const refView = (from: View, collection: string): View => targetView(views, from, collection)!;

  /**
   * A value of `type` as the renderers take it (render/context.ts): literals normalized, every
   * sub-value a `Sub` with its resolved literal and, when it is a reference, where it points.
   * `depth` guards against a composite that contains itself through sub-value references.
   */
  const normalize = (
    holder: Entry,
    view: View,
    mode: string,
    value: unknown,
    type: DtcgType,
    depth: number,
  ): unknown => {
    const h = entryOf(holder);
    if (depth > 32) {
      throw new BuildError(
        'BUILD_ALIAS_CYCLE',
        `${who(h)} (mode "${mode}") contains itself through sub-value references.`,
        {
          hint: 'Point one of the references in the cycle at a literal value.',
        },
      );
    }
    const sub = (x: unknown, t: DtcgType): Sub => {
      if (typeof x === 'object' && x !== null && isAlias(x as Value)) {
        const a = x as Alias;
        const direct = target(h, mode, a, ' in a sub-value');
        const end = terminal(direct, modeIn(h, mode, entryOf(direct)));
        const endType = typeOf(end.entry);
        if (endType !== t && !(t === 'dimension' && endType === 'dimension')) {
          throw new BuildError(
            'BUILD_MODEL_INVALID',
            `${who(h)} (mode "${mode}") has a ${t} sub-value that references ${label(a.alias)}, a ${endType}.`,
            {
              hint: `Point the reference at a ${t} token.`,
            },
          );
        }
        const endView =
          views.find((vw) => vw.collection.name === entryOf(end.entry).collection && vw.mode === end.mode) ?? view;
        const lit = normalize(end.entry, endView, end.mode, valuesOf(end.entry)[end.mode], t, depth + 1);
        const tv = refView(view, a.alias.collection);
        return { $lit: lit, $ref: { view: tv.key, path: pathOf(a.alias) } };
      }
      return { $lit: normalize(holder, view, mode, x, t, depth + 1) };
    };
    const wrong = (): never => {
      throw new BuildError(
        'BUILD_MODEL_INVALID',
        `${who(h)} (mode "${mode}") has a value that is not a ${type}: ${JSON.stringify(value)}.`,
        {
          hint: 'Fix the value in its token file so it matches the token $type.',
        },
      );
    };
    const obj = (x: unknown): Record<string, unknown> =>
      typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : wrong();
    if (holder.variable && !COMPOSITE_TYPES.has(type))
      return variableLiteral(holder.variable, value as Value, opts.remBase, wrong);
    switch (type) {
      case 'color':
        return isColor(value as Value) ? value : wrong();
      case 'dimension':
      case 'duration':
        return typeof obj(value)['value'] === 'number' ? value : wrong();
      case 'number':
        return typeof value === 'number' ? value : wrong();
      case 'fontWeight':
        return typeof value === 'number' || typeof value === 'string' ? weightNumber(value) : wrong();
      case 'fontFamily':
        return typeof value === 'string' || Array.isArray(value) ? value : wrong();
      case 'string':
        return typeof value === 'string' ? value : wrong();
      case 'boolean':
        return typeof value === 'boolean' ? value : wrong();
      case 'cubicBezier':
        return Array.isArray(value) && value.length === 4 ? value : wrong();
      case 'strokeStyle': {
        if (typeof value === 'string') return value;
        const o = obj(value);
        return {
          dashArray: (Array.isArray(o['dashArray']) ? o['dashArray'] : wrong()).map((d: unknown) =>
            sub(d, 'dimension'),
          ),
          lineCap: o['lineCap'],
        };
      }
      case 'border': {
        const o = obj(value);
        return {
          color: sub(o['color'], 'color'),
          width: sub(o['width'], 'dimension'),
          style: sub(o['style'], 'strokeStyle'),
        };
      }
      case 'transition': {
        const o = obj(value);
        return {
          duration: sub(o['duration'], 'duration'),
          delay: sub(o['delay'], 'duration'),
          timingFunction: sub(o['timingFunction'], 'cubicBezier'),
        };
      }
      case 'shadow': {
        const layer = (x: unknown): Record<string, unknown> => {
          const o = obj(x);
          return {
            color: sub(o['color'], 'color'),
            offsetX: sub(o['offsetX'], 'dimension'),
            offsetY: sub(o['offsetY'], 'dimension'),
            blur: sub(o['blur'], 'dimension'),
            spread: sub(o['spread'], 'dimension'),
            inset: o['inset'] === true,
          };
        };
        // An array item may reference another shadow token (format §9 "Array aliasing").
        return Array.isArray(value)
          ? value.map((x: unknown) => (isAlias(x as Value) ? sub(x, 'shadow') : layer(x)))
          : layer(value);
      }
      case 'gradient': {
        const stops = (Array.isArray(value) ? value : wrong()).map((x: unknown) => {
          if (isAlias(x as Value)) return sub(x, 'gradient');
          const o = obj(x);
          // Format §9.6: a position outside [0, 1] is taken as clamped to it.
          const position = sub(o['position'], 'number');
          if (typeof position.$lit === 'number') position.$lit = Math.min(1, Math.max(0, position.$lit));
          return { color: sub(o['color'], 'color'), position };
        });
        // The kind and angle ride on the model array (Gradient `shape`, from $extensions); the
        // renderer gets them in an object, which Style Dictionary's copies keep (an array's own
        // properties they would drop).
        const shape = (value as Gradient).shape;
        return shape ? { stops, shape } : { stops };
      }
      case 'typography': {
        const o = obj(value);
        return {
          fontFamily: sub(o['fontFamily'], 'fontFamily'),
          fontSize: sub(o['fontSize'], 'dimension'),
          fontWeight: sub(o['fontWeight'], 'fontWeight'),
          letterSpacing: sub(o['letterSpacing'], 'dimension'),
          lineHeight: sub(o['lineHeight'], 'number'),
        };
      }
    }
  };

  const tokens: DesignTokens = {};
  const metaByKey = new Map<string, TokenMeta>();
  let count = 0;
  // Tokens sorted by name (code-point order, not locale) so the output bytes do not depend on
  // the order the reader or the service listed them in (deterministic output).
  const sorted = [...entries].sort((a, b) =>
    entryOf(a).name < entryOf(b).name ? -1 : entryOf(a).name > entryOf(b).name ? 1 : 0,
  );
  const flatRoot: DesignTokens = {};
  const partial = new Set<unknown>([...(set.partial?.variables ?? []), ...(set.partial?.tokens ?? [])]);
  for (const view of views) {
    if (opts.flat && !view.isDefault) continue;
    const root: DesignTokens = opts.flat ? flatRoot : {};
    if (!opts.flat) tokens[view.key] = root;
    for (const e of sorted) {
      const v = entryOf(e);
      if (v.collection !== (view.parent ?? view.collection.name)) continue;
      // A context view (contexts.ts) holds only the tokens its context changes.
      const value = (view.pick ? view.pick(v) : valuesOf(e)[view.mode]) as Value | undefined;
      // A context view, or a token some contexts do not define (docs/overrides.md §5), holds only what it has.
      if (value === undefined && (view.pick || partial.has(v))) continue;
      if (value === undefined) {
        throw new BuildError('BUILD_MODEL_INVALID', `${who(v)} has no value for mode "${view.mode}".`, {
          hint: `Give it a value in tokens/<collection>/<mode>.tokens.json for mode "${view.mode}".`,
        });
      }
      const end = terminal(e, view.mode);
      const type = typeOf(end.entry);
      const sdType: SdType =
        type === 'dimension' && isFontSize(end.entry.variable ?? end.entry.repo) ? 'fontSize' : type;
      const path = pathOf(v);
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
        const tv = targetView(views, view, value.alias.collection)!;
        const tpath = pathOf(value.alias);
        meta.alias = { view: tv.key, collection: value.alias.collection, variable: value.alias.name, path: tpath };
        $value = `{${[...(opts.flat ? [] : [tv.key]), ...tpath].join('.')}}`;
      } else {
        const n = normalize(e, view, view.mode, value, type, 0);
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
      const token: Record<string, unknown> = { $type: sdType, $value };
      if (v.description !== '') token['$description'] = v.description;
      if (opts.flat) token['$extensions'] = { [EXT]: meta };
      else metaByKey.set(`{${[view.key, ...path].join('.')}}`, meta);
      place(root, v, path, token, metaByKey, view.key);
      count++;
    }
  }
  return { tokens: opts.flat ? flatRoot : tokens, count, meta: metaByKey };
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

/** A variable's literal in the tree: colors in hex, floats by kind (px, rem over remBase, ms/s). */
function variableLiteral(v: Variable, value: Value, remBase: number, wrong: () => never): unknown {
  const kind = defaultKind(v);
  switch (kind.type) {
    case 'color':
      return isColor(value) ? value : wrong();
    case 'boolean':
      return typeof value === 'boolean' ? value : wrong();
    case 'string':
    case 'fontFamily':
      return typeof value === 'string' ? value : wrong();
    case 'dimension':
      if (typeof value !== 'number') return wrong();
      return kind.unit === 'rem'
        ? { value: roundFloat(value / remBase), unit: 'rem' }
        : { value: roundFloat(value), unit: 'px' };
    case 'duration':
      if (typeof value !== 'number') return wrong();
      return { value: roundFloat(value), unit: kind.unit };
    case 'number':
    case 'fontWeight':
      return typeof value === 'number' ? roundFloat(value) : wrong();
  }
}

/** Puts a token at its path; a token that is also a group (`a/b` and `a/b/c`) is an error. */
function place(
  root: DesignTokens,
  v: { collection: string; name: string; owner?: string },
  segments: string[],
  token: Record<string, unknown>,
  meta: Map<string, TokenMeta>,
  view: string,
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
    const other =
      (existing['$extensions'] as Record<string, TokenMeta> | undefined)?.[EXT] ??
      meta.get(`{${[view, ...segments].join('.')}}`);
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
