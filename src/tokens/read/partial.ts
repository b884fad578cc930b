/**
 * A token a modifier defines in only some of its contexts (docs/overrides.md §5, "A token in some
 * contexts only"): the Resolver Module allows it (a context may add tokens; the resolved set differs
 * by input), but no variable of a design file can lack a value in a mode. Such a token is read and
 * checked like any other (`fillPartial` gives each mode that lacks it a placeholder, so it goes
 * through the same type modules and references), then `takePartial` moves it out of the synced set
 * into `TokenSet.partial`, holding only the values of the contexts that define it: built, never
 * pushed, kept as written by a pull (`TokenSources.keep`).
 */
import type { RepoToken } from '../../model/dtcg.js';
import type { Collection, PartialTokens, Variable } from '../../model/types.js';
import { RESOLVER_FILE } from '../resolver-doc.js';
import { pathOf, type RawToken } from './gather.js';
import type { PerCollection } from './overrides.js';
import type { Problem } from './problems.js';
import type { Gathered } from './validate.js';

export interface PartialMarks {
  /** Collection name -> token name -> the modes whose contexts define it. */
  defined: Map<string, Map<string, Set<string>>>;
  /** Token file -> the JSON paths of the partial tokens it holds (kept as written by a pull). */
  keep: Map<string, string[][]>;
}

/**
 * Marks the tokens of a team's modifier that some of its contexts lack, and fills each lacking mode
 * with the first defining context's token (a placeholder, dropped by `takePartial`). A document
 * tokensync wrote (`declared`) keeps the rule that every mode file holds the same tokens.
 */
export function fillPartial(perCollection: readonly PerCollection[]): PartialMarks | undefined {
  const marks: PartialMarks = { defined: new Map(), keep: new Map() };
  for (const { layout, perMode } of perCollection) {
    if (layout.kind !== 'modifier' || layout.declared || layout.extends !== undefined) continue;
    const c = layout.collection;
    // A mode whose file could not be read is already reported: it decides nothing here.
    const modes = c.modes.map((m) => m.name).filter((m) => perMode.has(m));
    const order = [c.defaultMode, ...modes.filter((m) => m !== c.defaultMode)].filter((m) => perMode.has(m));
    const names = new Set<string>();
    for (const m of order) for (const n of perMode.get(m)!.keys()) names.add(n);
    for (const name of names) {
      const defining = order.filter((m) => perMode.get(m)!.has(name));
      if (defining.length === modes.length) continue;
      const held = defining.map((m) => perMode.get(m)!.get(name)!);
      // One description per token: the contexts' own when they agree, else none (each file keeps its own).
      const agree = new Set(held.map((t) => t.description).filter((d) => d !== '')).size <= 1;
      const first = agree ? held[0]! : { ...held[0]!, description: '' };
      for (const m of modes) {
        const tokens = perMode.get(m)!;
        const t = tokens.get(name);
        if (t) keepAt(marks, t);
        if (!t || t === held[0]) tokens.set(name, first);
        else if (t.description !== '') tokens.set(name, { ...t, description: '' });
      }
      const byName = marks.defined.get(c.name) ?? new Map<string, Set<string>>();
      byName.set(name, new Set(defining));
      marks.defined.set(c.name, byName);
    }
  }
  return marks.defined.size > 0 ? marks : undefined;
}

function keepAt(marks: PartialMarks, t: RawToken): void {
  if (t.file === RESOLVER_FILE) return; // inline tokens: the resolver document is kept as written
  const list = marks.keep.get(t.file) ?? [];
  list.push(pathOf(t).map(String));
  marks.keep.set(t.file, list);
}

/**
 * After references are resolved: each marked token leaves `variables`/`tokens` with only its defining
 * modes' values; a collection left with nothing else leaves `collections`. A reference to such a token
 * from anything that exists in a context where it does not is refused (it would resolve to nothing).
 */
export function takePartial(
  marks: PartialMarks | undefined,
  collections: Collection[],
  g: Gathered,
  problems: Problem[],
): PartialTokens | undefined {
  if (!marks) return undefined;
  const definedOf = (e: { collection: string; name: string }): Set<string> | undefined =>
    marks.defined.get(e.collection)?.get(e.name);
  const out: PartialTokens = { variables: [], tokens: [], collections: [] };
  const trim = <T extends Variable | RepoToken>(e: T, defined: Set<string>): T => {
    for (const m of Object.keys(e.values)) if (!defined.has(m)) delete e.values[m];
    return e;
  };
  refuseReferences(g, definedOf, problems);
  const partial = (e: Variable | RepoToken): boolean => definedOf(e) !== undefined && !g.dropped.has(e);
  out.variables = takeOut(g.variables, partial).map((e) => trim(e, definedOf(e)!));
  out.tokens = takeOut(g.tokens, partial).map((e) => trim(e, definedOf(e)!));
  for (const name of marks.defined.keys()) {
    const held = (e: { collection: string }): boolean => e.collection === name;
    if (g.variables.some(held) || g.tokens.some(held)) continue;
    const at = collections.findIndex((c) => c.name === name);
    if (at >= 0) out.collections.push(collections.splice(at, 1)[0]!);
  }
  return out;
}

/** Removes the entries `take` picks from `list` in place (one pass, order kept) and returns them in order. */
function takeOut<T>(list: T[], take: (e: T) => boolean): T[] {
  const taken: T[] = [];
  let kept = 0;
  for (const e of list) {
    if (take(e)) taken.push(e);
    else list[kept++] = e;
  }
  list.length = kept;
  return taken;
}

/** A reference to a partial token is sound only from a token of the same collection defined in fewer contexts. */
function refuseReferences(
  g: Gathered,
  definedOf: (e: { collection: string; name: string }) => Set<string> | undefined,
  problems: Problem[],
): void {
  const reported = new Set<unknown>();
  for (const p of g.pending) {
    const owner = g.byPath.get(p.target);
    const target = owner?.variable ?? owner?.token;
    const targetModes = target && definedOf(target);
    if (!owner || !target || !targetModes) continue;
    const from = p.variable ?? p.repo ?? p.composedOf;
    if (!from || reported.has(from)) continue;
    const fromModes = definedOf(from);
    // A placeholder mode of a partial referrer is not a context that defines it.
    if (fromModes && !fromModes.has(p.mode)) continue;
    if (fromModes && from.collection === target.collection && targetModes.has(p.mode)) continue;
    reported.add(from);
    const modifier = owner.layout.collection.modifier?.name ?? owner.layout.slug;
    problems.push({
      severity: 'error',
      file: p.file,
      jsonPath: pathOf(p.token, '$value'),
      tokenPath: p.token.dotted,
      message: `{${p.target}} is defined only in context${targetModes.size === 1 ? '' : 's'} ${[...targetModes].map((m) => `"${m}"`).join(', ')} of modifier "${modifier}", so this token has no value in the other contexts`,
      hint: `Define ${p.target} in every context of "${modifier}" (or in the set it overrides), or reference a token every context defines.`,
    });
  }
}
