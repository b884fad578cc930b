/**
 * Stage 2b, fold (docs/overrides.md "The mapping"): the sets and modifiers of a resolver document,
 * in `resolutionOrder`, into collections. The first source that defines a path owns the token; a
 * later source that defines the same path overrides it, whole (resolver §Resolution: later sources
 * win). What an override becomes depends on the owner collection:
 * - a set (one mode) and the first modifier that overrides it: the modifier's contexts become the
 *   collection's modes, each mode the base value unless its context overrides it (§3);
 * - a collection that already has its modes: each non-default context becomes an extended collection
 *   `<parent> / <context>` (§4); a third modifier is a repository-only axis (§5);
 * - a later set: the same value in every mode and every axis (§5, "between two sets").
 * Axes are validated as extra *pseudo-modes* of their parent (so every value goes through the same
 * type modules, aliases and cycles), and split off into `overrides` once references are resolved
 * (`splitAxes`).
 */
import type { RepoToken } from '../../model/dtcg.js';
import type { Collection, Mode, RepositoryAxis, Variable } from '../../model/types.js';
import type { CollectionLayout } from '../resolver-doc.js';
import { pathOf, type RawToken } from './gather.js';
import type { Problem } from './problems.js';

export interface PerCollection {
  layout: CollectionLayout;
  perMode: Map<string, Map<string, RawToken>>;
}

/** An extension (or a repository-only axis) of a collection, carried as a pseudo-mode until split. */
export interface FoldedAxis {
  /** Its key in the parent's `perMode` and modes while validating. */
  pseudo: string;
  collection: Collection;
  /** The token names its context overrides. */
  names: Set<string>;
  /** Set for a third axis: why the design file cannot hold it. */
  repositoryOnly?: string;
}

interface Entry {
  item: PerCollection;
  /** The collection's own modes (without pseudo-modes). */
  modes: Mode[];
  /** Modifiers that made axes over it, in order. */
  axisModifiers: string[];
  axes: FoldedAxis[];
}

export interface Fold {
  perCollection: PerCollection[];
  /** Parent collection name -> its axes, in order. */
  axes: Map<string, FoldedAxis[]>;
}

const PSEUDO = '\u0001';

/** Folds overriding sources into the collections they override; problems are collected. */
export function foldOverrides(input: readonly PerCollection[], problems: Problem[]): Fold {
  const out: Entry[] = [];
  const owner = new Map<string, Entry>();
  // Who owns a name is asked only by a source that may override (not one tokensync declared): the
  // names of the sources before it are entered then, not for every set (docs/benchmarks.md "The cold read").
  const unentered: { e: Entry; names: () => Iterable<string> }[] = [];
  const own = (item: PerCollection, names: () => Iterable<string>): void => {
    const e: Entry = { item, modes: [...item.layout.collection.modes], axisModifiers: [], axes: [] };
    out.push(e);
    unentered.push({ e, names });
  };
  const ownerOf = (n: string): Entry | undefined => {
    for (const { e, names } of unentered.splice(0)) for (const name of names()) owner.set(name, e);
    return owner.get(n);
  };
  for (const g of input) {
    // A modifier tokensync wrote for extended collections overrides its parent, by declaration.
    const parent =
      g.layout.extends === undefined ? undefined : out.find((e) => e.item.layout.collection.name === g.layout.extends);
    if (parent) {
      addAxes(parent, g, namesOf(g.perMode), problems);
      continue;
    }
    // A declared collection (tokensync's own document) is never an override: a clash is reported.
    if (g.layout.declared) {
      // Its mode maps as they are now: a later extension adds pseudo-modes to this same `perMode`.
      const maps = [...g.perMode.values()];
      own(g, () => namesOf(maps));
      continue;
    }
    const names = namesOf(g.perMode);
    const byTarget = new Map<Entry, Set<string>>();
    const fresh = new Set<string>();
    for (const n of names) {
      const o = ownerOf(n);
      if (o) byTarget.set(o, (byTarget.get(o) ?? new Set()).add(n));
      else fresh.add(n);
    }
    if (byTarget.size === 0) {
      own(g, () => names);
      continue;
    }
    for (const [target, overridden] of byTarget) {
      if (g.layout.kind !== 'modifier') overrideEverywhere(target, g, overridden);
      else if (target.item.layout.kind === 'set' && target.modes.length === 1 && target.axes.length === 0)
        giveModes(target, g, overridden);
      else addAxes(target, g, overridden, problems);
    }
    if (fresh.size > 0) own(restrict(g, fresh), () => fresh);
  }
  const axes = new Map<string, FoldedAxis[]>();
  for (const e of out) if (e.axes.length > 0) axes.set(e.item.layout.collection.name, e.axes);
  return { perCollection: out.map((e) => e.item), axes };
}

/** Every token name of a source, in mode order. */
function namesOf(perMode: Map<string, Map<string, RawToken>> | Map<string, RawToken>[]): Set<string> {
  const names = new Set<string>();
  for (const tokens of perMode.values()) for (const n of tokens.keys()) names.add(n);
  return names;
}

/** The source with only the tokens no earlier source defines (its own collection). */
function restrict(g: PerCollection, names: Set<string>): PerCollection {
  const perMode = new Map<string, Map<string, RawToken>>();
  for (const [m, tokens] of g.perMode) perMode.set(m, new Map([...tokens].filter(([n]) => names.has(n))));
  return { layout: g.layout, perMode };
}

/**
 * An override takes the base token's `$type` when it has none (a context file often holds bare
 * values under a group that declares no type): the merged token is the override, typed as the base.
 */
function typed(t: RawToken, base: RawToken | undefined): RawToken {
  return t.type === undefined && base?.type !== undefined ? { ...t, type: base.type } : t;
}

/** A later set: the same value in every mode and every axis of the target. */
function overrideEverywhere(target: Entry, g: PerCollection, names: Set<string>): void {
  const source = g.perMode.get(g.layout.collection.defaultMode) ?? new Map<string, RawToken>();
  for (const tokens of target.item.perMode.values())
    for (const n of names) {
      const t = source.get(n);
      if (t) tokens.set(n, typed(t, tokens.get(n)));
    }
  for (const axis of target.axes) for (const n of names) axis.names.delete(n);
  const l = target.item.layout;
  target.item.layout = { ...l, fold: { ...(l.fold ?? { base: l, extensions: new Map() }), laterSet: true } };
}

/** Files that serve a context: its own, or the base file for an empty context. */
function contextFile(g: PerCollection, mode: string, fallback: string): string {
  return g.layout.sources?.get(mode)?.length === 0 ? fallback : (g.layout.files.get(mode) ?? fallback);
}

/** §3: the modifier's contexts become the set's modes. */
function giveModes(target: Entry, g: PerCollection, names: Set<string>): void {
  const base = target.item.layout;
  const baseTokens = target.item.perMode.get(base.collection.defaultMode) ?? new Map<string, RawToken>();
  const baseFile = base.files.get(base.collection.defaultMode)!;
  const m = g.layout.collection;
  const perMode = new Map<string, Map<string, RawToken>>();
  const files = new Map<string, string>();
  for (const mode of m.modes) {
    const tokens = new Map(baseTokens);
    for (const [n, t] of g.perMode.get(mode.name) ?? []) if (names.has(n)) tokens.set(n, typed(t, tokens.get(n)));
    perMode.set(mode.name, tokens);
    files.set(mode.name, contextFile(g, mode.name, baseFile));
  }
  const collection: Collection = {
    name: base.collection.name,
    modes: m.modes.map((x) => ({ name: x.name })),
    defaultMode: m.defaultMode,
    modifier: { name: g.layout.slug },
  };
  target.item = {
    layout: {
      collection,
      slug: base.slug,
      files,
      contexts: new Map(g.layout.contexts),
      kind: 'set',
      fold: { base, modes: g.layout, extensions: new Map() },
    },
    perMode,
  };
  target.modes = [...collection.modes];
}

/** §4 and §5: each non-default context of the modifier is an extended collection of the target. */
function addAxes(target: Entry, g: PerCollection, names: Set<string>, problems: Problem[]): void {
  const t = target.item;
  const parent = t.layout.collection;
  const m = g.layout.collection;
  const inDefault = [...(g.perMode.get(m.defaultMode) ?? [])].filter(([n]) => names.has(n));
  if (inDefault.length > 0) {
    const [, first] = inDefault[0]!;
    const context = g.layout.contexts.get(m.defaultMode) ?? m.defaultMode;
    problems.push({
      severity: 'error',
      file: first.file,
      jsonPath: pathOf(first),
      at: 'key',
      tokenPath: first.dotted,
      message: `the default context "${context}" of modifier "${g.layout.slug}" overrides ${inDefault.length === 1 ? 'a token' : `${inDefault.length} tokens`} of collection "${parent.name}" (${first.dotted}), which already has its modes; its default context must be empty`,
      hint: `Move these tokens into the set that defines them, or add an empty context (e.g. "base": []) and make it the modifier's "default" (docs/overrides.md §4).`,
    });
    return;
  }
  if (!target.axisModifiers.includes(g.layout.slug)) target.axisModifiers.push(g.layout.slug);
  const third = target.axisModifiers.indexOf(g.layout.slug) > 0;
  if (!t.layout.fold) t.layout = { ...t.layout, fold: { base: t.layout, extensions: new Map() } };
  const defaults = t.perMode.get(parent.defaultMode) ?? new Map<string, RawToken>();
  for (const mode of m.modes) {
    if (mode.name === m.defaultMode) continue;
    const context = g.layout.contexts.get(mode.name) ?? mode.name;
    const pseudo = `${PSEUDO}${g.layout.slug}${PSEUDO}${mode.name}`;
    const tokens = new Map(defaults);
    const overridden = new Set<string>();
    for (const [n, tok] of g.perMode.get(mode.name) ?? []) {
      if (!names.has(n)) continue;
      tokens.set(n, typed(tok, tokens.get(n)));
      overridden.add(n);
    }
    t.perMode.set(pseudo, tokens);
    t.layout.files.set(pseudo, contextFile(g, mode.name, t.layout.files.get(parent.defaultMode)!));
    parent.modes.push({ name: pseudo });
    const collection: Collection = {
      name: g.layout.extends === undefined ? `${parent.name} / ${mode.name}` : mode.name,
      modes: target.modes.map((x) => ({ name: x.name })),
      defaultMode: parent.defaultMode,
      parent: parent.name,
      modifier: { name: g.layout.slug, context },
    };
    const axis: FoldedAxis = { pseudo, collection, names: overridden };
    if (third)
      axis.repositoryOnly = `modifier "${g.layout.slug}" is a third axis over collection "${parent.name}" (after "${target.axisModifiers[0]}"), which a design file cannot hold`;
    else t.layout.fold!.extensions.set(collection.name, { modifier: g.layout, mode: mode.name });
    target.axes.push(axis);
  }
}

/**
 * After validation and references: each axis's pseudo-mode values become the overrides of its
 * parent's variables and tokens (the same value in every mode), pseudo-modes leave the collections,
 * and the extended collections join the list after their parent. Returns the repository-only axes.
 */
export function splitAxes(
  fold: Fold,
  collections: Collection[],
  variables: readonly Variable[],
  tokens: readonly RepoToken[],
): RepositoryAxis[] {
  const repositoryAxes: RepositoryAxis[] = [];
  if (fold.axes.size === 0) return repositoryAxes;
  const byCollection = new Map<string, (Variable | RepoToken)[]>();
  for (const v of [...variables, ...tokens]) {
    const list = byCollection.get(v.collection) ?? [];
    list.push(v);
    byCollection.set(v.collection, list);
  }
  for (const [parentName, axes] of fold.axes) {
    const parent = collections.find((c) => c.name === parentName)!;
    parent.modes = parent.modes.filter((m) => !m.name.startsWith(PSEUDO));
    const repoAxes = axes.map((a): RepositoryAxis | undefined =>
      a.repositoryOnly === undefined
        ? undefined
        : { collection: a.collection, overrides: {}, reason: a.repositoryOnly },
    );
    for (const item of byCollection.get(parentName) ?? []) {
      axes.forEach((axis, i) => {
        const value = item.values[axis.pseudo];
        delete item.values[axis.pseudo];
        if (value === undefined || !axis.names.has(item.name)) return;
        const per = Object.fromEntries(parent.modes.map((m) => [m.name, structuredClone(value)]));
        const repo = repoAxes[i];
        if (repo && 'scopes' in item) repo.overrides[item.name] = per as RepositoryAxis['overrides'][string];
        else if (!repo) ((item.overrides ??= {}) as Record<string, unknown>)[axis.collection.name] = per;
      });
    }
    for (const r of repoAxes) if (r) repositoryAxes.push(r);
    const extensions = axes.filter((a) => a.repositoryOnly === undefined).map((a) => a.collection);
    collections.splice(collections.indexOf(parent) + 1, 0, ...extensions);
  }
  return repositoryAxes;
}
