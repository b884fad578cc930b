/**
 * Resolver inputs over the model (docs/overrides.md "Build"): an input picks one context of every
 * modifier; resolving it gives every variable one literal value, as the DTCG Resolver Module does
 * (sources merged in order, later wins, aliases resolved after the merge). A collection's modes are
 * its modifier's contexts (§2, §3); an extended collection (§4) or a repository-only axis (§5) applies
 * its overrides when the input picks its context. Pure: the build's permutations and the differential
 * test against Terrazzo's resolver use it.
 */
import type { Collection, TokenSet, Value, Variable } from '../model/types.js';
import { isAlias } from '../model/types.js';

/** Modifier name -> context name; a modifier not named takes its default. */
export type Input = Record<string, string>;

/** The modifier that picks a collection's mode: its own (§3), else the collection itself (§2). */
export function modifierOf(c: Collection): string {
  return c.modifier?.name ?? c.name;
}

/** Every modifier of the set with its contexts, default first (the axes of the build). */
export function axesOf(set: TokenSet): { modifier: string; contexts: string[]; default: string }[] {
  const out = new Map<string, { modifier: string; contexts: string[]; default: string }>();
  const add = (modifier: string, context: string, isDefault: boolean): void => {
    const axis = out.get(modifier) ?? { modifier, contexts: [], default: context };
    if (isDefault) axis.default = context;
    if (!axis.contexts.includes(context)) axis.contexts.push(context);
    out.set(modifier, axis);
  };
  for (const c of set.collections) {
    if (c.parent !== undefined) continue;
    if (c.modes.length < 2 && c.modifier === undefined) continue;
    for (const m of c.modes) add(modifierOf(c), m.name, m.name === c.defaultMode);
  }
  const extensions = [
    ...set.collections.filter((c) => c.parent !== undefined),
    ...(set.repositoryAxes ?? []).map((a) => a.collection),
  ];
  for (const e of extensions) {
    const modifier = e.modifier?.name ?? e.name;
    if (!out.has(modifier)) add(modifier, '', true);
    add(modifier, e.modifier?.context ?? e.name, false);
  }
  return [...out.values()];
}

/**
 * Each variable's own value under one input, before aliases are followed: the last picked
 * extension or repository-only axis that overrides it, else the value of the mode the input picks.
 */
export function ownValues(set: TokenSet, input: Input): (v: Variable) => Value | undefined {
  const collections = new Map(set.collections.map((c) => [c.name, c]));
  const picked = (c: Collection | undefined): boolean =>
    c?.modifier?.context !== undefined && input[c.modifier.name] === c.modifier.context;
  return (v) => {
    for (const a of [...(set.repositoryAxes ?? [])].reverse())
      if (a.collection.parent === v.collection && picked(a.collection) && a.overrides[v.name])
        return Object.values(a.overrides[v.name]!)[0];
    const c = collections.get(v.collection);
    const mode = c ? modeIn(c, input) : undefined;
    for (const [ext, perMode] of Object.entries(v.overrides ?? {}).reverse())
      if (picked(collections.get(ext)) && mode !== undefined && perMode[mode] !== undefined) return perMode[mode];
    return mode === undefined ? undefined : v.values[mode];
  };
}

/** Every variable's literal value under one input, by variable (aliases followed in that input). */
export function resolveInput(set: TokenSet, input: Input): Map<Variable, Value> {
  const byKey = new Map(set.variables.map((v) => [`${v.collection}\u0000${v.name}`, v]));
  const own = ownValues(set, input);
  const out = new Map<Variable, Value>();
  for (const v of set.variables) {
    let value = own(v);
    const seen = new Set<Variable>([v]);
    while (value !== undefined && isAlias(value)) {
      const target = byKey.get(`${value.alias.collection}\u0000${value.alias.name}`);
      if (!target || seen.has(target)) break;
      seen.add(target);
      value = own(target);
    }
    if (value !== undefined) out.set(v, value);
  }
  return out;
}

/** The mode of a collection an input picks (its default when the input names none of its modes). */
export function modeIn(c: Collection, input: Input): string {
  const picked = input[modifierOf(c)];
  return picked !== undefined && c.modes.some((m) => m.name === picked) ? picked : c.defaultMode;
}

/**
 * The tokens a modifier defines in some contexts only (docs/overrides.md §5) are built with the rest,
 * each in the contexts that define it; `partial` stays on the set so the tree knows which may lack a mode.
 */
export function withPartial(set: TokenSet): TokenSet {
  const p = set.partial;
  if (!p) return set;
  return {
    ...set,
    collections: [...set.collections, ...p.collections],
    variables: [...set.variables, ...p.variables],
    tokens: [...(set.tokens ?? []), ...p.tokens],
  };
}
