/**
 * What an edit changed in the model, for the watch session (docs/architecture.md "Build", "Watch"):
 * the tokens whose values or description changed, or the reason the edit is structural and the
 * session builds everything again. An edit is spliced only when every token keeps its collection,
 * name, type and other fields, and no reference is added, removed or pointed elsewhere (the
 * reference-keeping formats order tokens by their references, so a reference change may move lines).
 */
import type { RepoToken } from '../../model/dtcg.js';
import { isAlias, type TokenSet, type Variable } from '../../model/types.js';

export type Changes = { keys: Set<string> } | { structural: string };

/** A token's key: its collection and name (aliases name tokens the same way). */
export const keyOf = (t: { collection: string; name: string }): string => `${t.collection}\u0000${t.name}`;

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** The references a value holds (an alias, or a composite's sub-values), as token keys, in order. */
export function refsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return out;
  if (isAlias(value as never)) {
    out.push(keyOf((value as { alias: { collection: string; name: string } }).alias));
    return out;
  }
  for (const v of Object.values(value)) refsOf(v, out);
  return out;
}

/** A string with braces reads as a reference to the reference-keeping formats (formats/variables.ts). */
function bracedString(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{');
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(bracedString);
}

type Token = Variable | RepoToken;

/** Why one token's edit is structural, or undefined when only its values or description changed. */
function tokenChange(a: Token, b: Token): string | undefined | 'same' {
  const { values: va, description: da, ...ra } = a;
  const { values: vb, description: db, ...rb } = b;
  if (!deepEqual(ra, rb)) return `${a.collection}/${a.name} changed more than its values`;
  if (da === db && deepEqual(va, vb)) return 'same';
  if (!deepEqual(Object.keys(va), Object.keys(vb))) return `${a.collection}/${a.name} changed its modes`;
  for (const m of Object.keys(va)) {
    if (deepEqual(va[m], vb[m])) continue;
    if (!deepEqual(refsOf(va[m]), refsOf(vb[m]))) return `a reference of ${a.collection}/${a.name} changed`;
    if (bracedString(va[m]) || bracedString(vb[m])) return `${a.collection}/${a.name} holds braces`;
  }
  return undefined;
}

/**
 * Compared by key, not position: the outputs place tokens in name order (codegen/tree.ts). Tokens
 * the watch session's read did not touch are the same objects (tokens/read/incremental.ts): those
 * are passed over at once.
 */
function compareList(a: readonly Token[], b: readonly Token[], keys: Set<string>): string | undefined {
  if (a.length !== b.length) return 'tokens were added or removed';
  let before: Map<string, Token> | undefined;
  for (let i = 0; i < b.length; i++) {
    const t = b[i]!;
    if (a[i] === t) continue;
    const k = keyOf(t);
    const old = a[i] && keyOf(a[i]!) === k ? a[i] : (before ??= new Map(a.map((x) => [keyOf(x), x]))).get(k);
    if (old === undefined) return 'tokens were added, removed or renamed';
    const why = tokenChange(old, t);
    if (why === 'same') continue;
    if (why !== undefined) return why;
    keys.add(k);
  }
  // By position, every key of `b` was found in `a`; with as many tokens, none was removed unless one is there twice.
  if (before === undefined) return undefined;
  return new Set(b.map(keyOf)).size === b.length ? undefined : 'tokens were added, removed or renamed';
}

/** The tokens an edit changed, or why it is structural. */
export function changesOf(prev: TokenSet, next: TokenSet): Changes {
  for (const s of [prev, next]) {
    if (s.kept?.length || s.repositoryAxes?.length || s.partial)
      return { structural: 'the set has axes or partial tokens' };
    if (s.collections.some((c) => c.parent !== undefined)) return { structural: 'the set has extended collections' };
    if (s.variables.some((v) => v.overrides !== undefined) || s.tokens?.some((t) => t.overrides !== undefined))
      return { structural: 'the set has overrides' };
  }
  if (!deepEqual(prev.collections, next.collections)) return { structural: 'the collections or modes changed' };
  const keys = new Set<string>();
  const why =
    compareList(prev.variables, next.variables, keys) ?? compareList(prev.tokens ?? [], next.tokens ?? [], keys);
  return why === undefined ? { keys } : { structural: why };
}
