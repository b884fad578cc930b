/**
 * Style Dictionary's reference helpers as the reference-keeping formats use them
 * (formats/variables.ts): `usesReferences`, `getReferences` and the nested token tree of
 * `convertTokenData`, with the same semantics, so a build of our platforms does not load
 * `style-dictionary/utils` (about 0.17 s of CPU, most of it modules no build needs:
 * docs/benchmarks.md "Full build"). test/build/variables-format.test.ts compares the formats that
 * use them with Style Dictionary's own, references in strings and objects included.
 */
import type { DesignTokens, TransformedToken } from 'style-dictionary/types';

/** A `{…}` reference anywhere in a string (Style Dictionary's default reference regex). */
const REFERENCE = /\{([^}]+)\}/g;
/** The same pattern without `g`, for a yes-or-no test that keeps no state. */
const HAS_REFERENCE = /\{([^}]+)\}/;

/** Whether a value holds a reference: a string with `{…}`, or an object with such a string anywhere in it. */
export function usesReferences(value: unknown): boolean {
  // Most strings hold no `{` at all: no regex run (and no match array) for them.
  if (typeof value === 'string') return value.indexOf('{') !== -1 && HAS_REFERENCE.test(value);
  if (typeof value === 'object') {
    for (const key in value) {
      if (Object.hasOwn(value as object, key) && usesReferences((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/** Style Dictionary's getValueByPath over a nested tree: whatever the path leads to (a token, a group, a field). */
function valueByPath(path: string[], tokens: unknown): unknown {
  let ref = tokens as Record<string, unknown>;
  for (const seg of path) {
    if (typeof ref[seg] === 'undefined') return undefined;
    ref = ref[seg] as Record<string, unknown>;
  }
  return ref;
}

/**
 * What each reference in `value` points at in the nested `tokens` (then `unfilteredTokens`), as a
 * copy with `ref` (its path), in the order they are written; a reference to nothing is left out, as
 * Style Dictionary's getReferences does when told not to warn at once.
 */
export function getReferences(
  value: unknown,
  tokens: DesignTokens,
  unfilteredTokens?: DesignTokens,
  references: TransformedToken[] = [],
): TransformedToken[] {
  const find = (_match: string, variable: string): string => {
    const path = variable
      .trim()
      .replace(/\.\$value$/, '')
      .split('.');
    let ref = valueByPath(path, tokens);
    if (ref === undefined && unfilteredTokens !== undefined) ref = valueByPath(path, unfilteredTokens);
    if (ref !== undefined) references.push({ ...(ref as TransformedToken), ref: path });
    return '';
  };
  if (typeof value === 'string') value.replace(REFERENCE, find);
  if (typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value as object, key)) continue;
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'string') v.replace(REFERENCE, find);
      if (typeof v === 'object') getReferences(v, tokens, unfilteredTokens, references);
    }
  }
  return references;
}

/**
 * The tokens as one nested tree by their keys (`{a.b}` -> `tree.a.b`), the token objects themselves
 * at the leaves: Style Dictionary's convertTokenData from an array to an object.
 */
export function nestTokens(tokens: readonly TransformedToken[]): DesignTokens {
  const root = Object.create(null) as Record<string, unknown>;
  for (const token of tokens) {
    const keys = String(token.key).replace('{', '').replace('}', '').split('.');
    let slice = root;
    keys.forEach((k, i) => {
      if (slice[k] === undefined) slice[k] = Object.create(null);
      if (i === keys.length - 1) slice[k] = token;
      slice = slice[k] as Record<string, unknown>;
    });
  }
  return root as DesignTokens;
}
