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

export function subsetOf(set: TokenSet, keys: Set<string>): TokenSet {
  const out: TokenSet = { collections: set.collections, variables: set.variables.filter((v) => keys.has(keyOf(v))) };
  if (set.tokens) out.tokens = set.tokens.filter((t) => keys.has(keyOf(t)));
  return out;
}
