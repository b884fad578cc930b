/**
 * The code names the build gives each variable, written back to the service's `codeSyntax` on push
 * when `sync.codeSyntax` asks for it (docs/sync.md "Code names in the design file"). The code
 * generator computes them (src/codegen/code-names.ts), the CLI hands them to the sync as data, and
 * the sync uses these pure functions:
 * - `overlayCodeNames`: the repository's side as the sync sees it. For each enabled platform a
 *   variable whose token file does not set that platform's codeSyntax gets the computed name, so a
 *   push sends it where the service differs, and a service already holding it is in step;
 * - `stripCodeNames`: what a pull writes. A platform's codeSyntax equal to the computed name is the
 *   build's own and is left out of the token file (unless the file itself spells it), so the files
 *   stay as the team wrote them. Any other name (a designer's) is written like any kept field.
 */
import type { CodeSyntax, TokenSet, Variable } from './types.js';

export type CodeSyntaxPlatform = keyof CodeSyntax;

/** Computed names per variable (`codeNameKey`), only for the enabled platforms. */
export type CodeNames = ReadonlyMap<string, CodeSyntax>;

export const codeNameKey = (collection: string, name: string): string => `${collection}\u0000${name}`;

/** The platforms a token file sets explicitly, per variable: they win over the computed names. */
export type ExplicitCodeSyntax = ReadonlySet<string>;

const slot = (v: Pick<Variable, 'collection' | 'name'>, p: string): string =>
  `${codeNameKey(v.collection, v.name)}\u0000${p}`;

/** Which (variable, platform) pairs the files set themselves. */
export function explicitCodeSyntax(set: TokenSet): ExplicitCodeSyntax {
  const out = new Set<string>();
  for (const v of set.variables) for (const p of Object.keys(v.meta?.codeSyntax ?? {})) out.add(slot(v, p));
  return out;
}

/** The set with the computed names filled in where the files set none (new objects; the input is not changed). */
export function overlayCodeNames(set: TokenSet, names: CodeNames): TokenSet {
  let changed = false;
  const variables = set.variables.map((v) => {
    const want = names.get(codeNameKey(v.collection, v.name));
    if (want === undefined) return v;
    const cs: CodeSyntax = { ...v.meta?.codeSyntax };
    let added = false;
    for (const [p, name] of Object.entries(want) as [CodeSyntaxPlatform, string][]) {
      if (cs[p] !== undefined) continue; // the team's own name wins
      cs[p] = name;
      added = true;
    }
    if (!added) return v;
    changed = true;
    return { ...v, meta: { ...v.meta, codeSyntax: cs } };
  });
  return changed ? { ...set, variables } : set;
}

/** The set a pull writes: computed names the files did not spell themselves are left out. */
export function stripCodeNames(set: TokenSet, names: CodeNames, explicit: ExplicitCodeSyntax): TokenSet {
  let changed = false;
  const variables = set.variables.map((v) => {
    const computed = names.get(codeNameKey(v.collection, v.name));
    const cs = v.meta?.codeSyntax;
    if (computed === undefined || cs === undefined) return v;
    const kept: CodeSyntax = {};
    let dropped = false;
    for (const [p, name] of Object.entries(cs) as [CodeSyntaxPlatform, string][]) {
      if (computed[p] === name && !explicit.has(slot(v, p))) dropped = true;
      else kept[p] = name;
    }
    if (!dropped) return v;
    changed = true;
    const { codeSyntax: _, ...rest } = v.meta ?? {};
    const meta = Object.keys(kept).length > 0 ? { ...rest, codeSyntax: kept } : rest;
    const out: Variable = { ...v };
    if (Object.keys(meta).length > 0) out.meta = meta;
    else delete out.meta;
    return out;
  });
  return changed ? { ...set, variables } : set;
}
