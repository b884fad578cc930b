/**
 * The model as the token tree (tree.ts) reads it: variables and repository tokens as one list of
 * entries, each one's token path, and aliases followed to the literal they end at (into another
 * collection: its default mode, tree.ts says why). A missing target and a cycle are errors naming
 * the token that holds them.
 */
import type { DtcgType, RepoToken } from '../model/dtcg.js';
import {
  isAlias,
  type Alias,
  type Collection,
  type TokenKind,
  type TokenSet,
  type Value,
  type Variable,
} from '../model/types.js';
import { BuildError } from './errors.js';
import { namespaceOf, slug } from './naming.js';
import { targetView, type View } from './views.js';

/** A variable or a repository token: what the tree is made of. */
export type Entry = { variable: Variable; repo?: undefined } | { repo: RepoToken; variable?: undefined };
export const entryOf = (e: Entry): Variable | RepoToken => e.variable ?? e.repo;
export const valuesOf = (e: Entry): Record<string, unknown> => entryOf(e).values as Record<string, unknown>;

export const label = (v: { collection: string; name: string }): string => `"${v.collection}/${v.name}"`;
/** `Variable "c/n"` or, for a repository token, `Token "c/n"`. */
export const who = (v: { collection: string; name: string; owner?: string }): string =>
  `${v.owner === undefined ? 'Variable' : 'Token'} ${label(v)}`;

// The kinds a variable without a kind of its own gets: one object each, not one per call (the
// tree asks per token and view); frozen, so no caller can change them for every other.
const COLOR_KIND: TokenKind = Object.freeze({ type: 'color' });
const BOOLEAN_KIND: TokenKind = Object.freeze({ type: 'boolean' });
const STRING_KIND: TokenKind = Object.freeze({ type: 'string' });
const NUMBER_KIND: TokenKind = Object.freeze({ type: 'number' });

export function defaultKind(v: Variable): TokenKind {
  switch (v.type) {
    case 'COLOR':
      return COLOR_KIND;
    case 'BOOLEAN':
      return BOOLEAN_KIND;
    case 'STRING':
      return v.kind?.type === 'fontFamily' ? v.kind : STRING_KIND;
    case 'FLOAT':
      return v.kind &&
        v.kind.type !== 'color' &&
        v.kind.type !== 'boolean' &&
        v.kind.type !== 'string' &&
        v.kind.type !== 'fontFamily'
        ? v.kind
        : NUMBER_KIND;
  }
}

/** The DTCG type of an entry's literals. */
export function typeOf(e: Entry): DtcgType {
  return e.variable ? defaultKind(e.variable).type : e.repo.type;
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

export interface TreeModel {
  entries: Entry[];
  views: View[];
  remBase: number;
  /** A token's path segments in the tree (under its view key). */
  pathOf(x: { collection: string; name: string }): string[];
  /** The mode an alias from `from` in `mode` reads in `target`'s collection. */
  modeIn(from: { collection: string }, mode: string, target: { collection: string }): string;
  /** The entry an alias names, or an error naming the token that holds it. */
  target(holder: { collection: string; name: string }, mode: string, a: Alias, where?: string): Entry;
  /** Follows aliases to the entry and mode that hold a literal. */
  terminal(start: Entry, mode: string): { entry: Entry; mode: string };
  /** The view an alias from `from` into `collection` points at. */
  refView(from: View, collection: string): View;
}

export function treeModel(
  set: TokenSet,
  views: View[],
  opts: { remBase: number; namespace?: 'none' | 'collection' },
): TreeModel {
  const entries: Entry[] = [
    ...set.variables.map((variable) => ({ variable })),
    ...(set.tokens ?? []).map((repo) => ({ repo })),
  ];
  // By collection, then name: an alias's target is found without a key string joined per hop.
  const byKey = new Map<string, Map<string, Entry>>();
  for (const e of entries) {
    const { collection, name } = entryOf(e);
    let names = byKey.get(collection);
    if (names === undefined) byKey.set(collection, (names = new Map()));
    names.set(name, e);
  }
  const collectionOf = new Map(set.collections.map((c) => [c.name, c]));
  const pathOf = pathNamer(set, entries, opts.namespace === 'collection');
  for (const e of entries) checkEntry(entryOf(e), collectionOf);
  const modeIn = (from: { collection: string }, mode: string, target: { collection: string }): string =>
    target.collection === from.collection ? mode : collectionOf.get(target.collection)!.defaultMode;
  const target = (holder: { collection: string; name: string }, mode: string, a: Alias, where = ''): Entry => {
    const t = byKey.get(a.alias.collection)?.get(a.alias.name);
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
  const model: TreeModel = {
    entries,
    views,
    remBase: opts.remBase,
    pathOf,
    modeIn,
    target,
    terminal: (start, mode) => followAliases(model, start, mode),
    refView: (from, collection) => targetView(views, from, collection)!,
  };
  return model;
}

/** Each token's path: its name's segments, after its collection's slug with `tokens.namespace: collection`. */
function pathNamer(
  set: TokenSet,
  entries: Entry[],
  namespaced: boolean,
): (x: { collection: string; name: string }) => string[] {
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
  // Once per token, not once per mode and per alias to it: every view of a token shares its path
  // array (read only), by collection then name.
  const memo = new Map<string, Map<string, string[]>>();
  const spaceOf = new Map(set.collections.map((c) => [c.name, namespaceOf(c)]));
  return (x) => {
    let names = memo.get(x.collection);
    if (names === undefined) memo.set(x.collection, (names = new Map()));
    let path = names.get(x.name);
    if (path === undefined) {
      const segments = x.name.split('/').map(rootSegment);
      if (groups.has(`${x.collection}\u0000${x.name}`)) segments.push('root');
      path =
        namespaced && !unspaced.has(x.collection)
          ? [spaceOf.get(x.collection) ?? slug(x.collection), ...segments]
          : segments;
      names.set(x.name, path);
    }
    return path;
  };
}

/** A token in a collection that exists, with a name every platform's reference syntax can hold. */
function checkEntry(v: Variable | RepoToken, collectionOf: Map<string, Collection>): void {
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

/** Hops of an alias chain before followAliases starts looking for a cycle. */
const CHAIN = 16;

/** Follows aliases (into other collections: their default mode) to the entry and mode that hold a literal. */
function followAliases(model: TreeModel, start: Entry, mode: string): { entry: Entry; mode: string } {
  let e = start;
  let m = mode;
  // Only a long chain can be a cycle: the hops are counted, and only past CHAIN of them is each
  // (entry, mode) kept, so a cycle still comes back to one kept and is refused; the chains of a
  // real set (most tokens are literals, most aliases one or two hops) make no key and no set.
  let seen: Set<string> | undefined;
  for (let hops = 0; ; hops++) {
    const v = entryOf(e);
    const value = valuesOf(e)[m] as Value | undefined;
    if (value === undefined || !isAlias(value)) return { entry: e, mode: m };
    if (hops >= CHAIN) {
      const key = `${v.collection}\u0000${v.name}\u0000${m}`;
      if (seen?.has(key)) {
        throw new BuildError(
          'BUILD_ALIAS_CYCLE',
          `${who(entryOf(start))} (mode "${mode}") is part of an alias cycle.`,
          {
            hint: 'Point one of the aliases in the cycle at a literal value.',
          },
        );
      }
      (seen ??= new Set()).add(key);
    }
    const t = model.target(v, m, value);
    m = model.modeIn(v, m, entryOf(t));
    e = t;
  }
}
