/**
 * The small token set an edit is rendered from (docs/architecture.md "Build", "Watch"): the edited
 * tokens, every token that references them (directly or through others, as a static platform prints
 * an alias with its target's value), and everything those reference, so every reference resolves as
 * in the whole set. The collections and modes stay whole, so views and class names are the same.
 */
import type { TokenSet } from '../../model/types.js';
import { keyOf, refsOf } from './changes.js';

type Held = TokenSet['variables'][number] | NonNullable<TokenSet['tokens']>[number];

function references(set: TokenSet): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of [...set.variables, ...(set.tokens ?? [])] as Held[]) out.set(keyOf(t), refsOf(t.values));
  return out;
}

/** Keys reachable from `start` along `edges`. */
function closure(start: Iterable<string>, edges: (k: string) => readonly string[]): Set<string> {
  const seen = new Set(start);
  const todo = [...seen];
  while (todo.length > 0) {
    for (const n of edges(todo.pop()!)) {
      if (seen.has(n)) continue;
      seen.add(n);
      todo.push(n);
    }
  }
  return seen;
}

/** Each token's references and the tokens referencing it; the same until a reference changes. */
export interface ReferenceIndex {
  refs: Map<string, string[]>;
  back: Map<string, string[]>;
}

export function referenceIndex(set: TokenSet): ReferenceIndex {
  const refs = references(set);
  const back = new Map<string, string[]>();
  for (const [k, to] of refs) for (const t of to) (back.get(t) ?? back.set(t, []).get(t)!).push(k);
  return { refs, back };
}

/** The keys to render for an edit of `changed` (the references are the same before and after it). */
export function affectedKeys({ refs, back }: ReferenceIndex, changed: Set<string>): Set<string> {
  const users = closure(changed, (k) => back.get(k) ?? []);
  return closure(users, (k) => refs.get(k) ?? []);
}

/**
 * Where each token sits in the set's lists, by key: the same for every set an edit is spliced
 * into (the same tokens), so the small set is picked by position, not by a pass over every token
 * (two per edit, ~7 ms each at 10k x 2 on Node 26: docs/benchmarks.md "Watch", fifth round).
 */
export interface Positions {
  variables: Map<string, number>;
  tokens: Map<string, number>;
}

export function positionsOf(set: TokenSet): Positions {
  const at = (list: readonly Held[]) => new Map(list.map((t, i) => [keyOf(t), i]));
  return { variables: at(set.variables), tokens: at(set.tokens ?? []) };
}

/** The tokens of `list` with the `keys` found in `at`, in the list's order; undefined where a position is wrong. */
function pick<T extends Held>(list: readonly T[], keys: Set<string>, at: Map<string, number>): T[] | undefined {
  const found: [number, string][] = [];
  for (const k of keys) {
    const i = at.get(k);
    if (i !== undefined) found.push([i, k]);
  }
  found.sort((a, b) => a[0] - b[0]);
  const out: T[] = [];
  for (const [i, k] of found) {
    const t = list[i];
    if (t === undefined || keyOf(t) !== k) return undefined;
    out.push(t);
  }
  return out;
}

/** The tokens of `set` with the given keys, in the set's order; by position when `at` is right for it. */
export function subsetOf(set: TokenSet, keys: Set<string>, at?: Positions): TokenSet {
  const variables = at && pick(set.variables, keys, at.variables);
  const tokens = at && set.tokens && pick(set.tokens, keys, at.tokens);
  const out: TokenSet = {
    collections: set.collections,
    variables: variables ?? set.variables.filter((v) => keys.has(keyOf(v))),
  };
  if (set.tokens) out.tokens = tokens ?? set.tokens.filter((t) => keys.has(keyOf(t)));
  return out;
}
