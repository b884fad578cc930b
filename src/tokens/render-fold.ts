/**
 * Writing an overridden collection back (docs/overrides.md §3, §4 "Writing back"), in place:
 * - the base file holds the default mode's values (a token the default context's own file holds keeps
 *   its base value, since that file decides the default mode);
 * - a context file holds exactly the tokens it held, with their new values, plus each token whose value
 *   in that mode now differs from the default mode's;
 * - an extension's context file holds exactly its overrides (an override removed in the design file
 *   leaves the file). An override that differs by mode cannot be a DTCG context (which does not vary by
 *   another modifier's context): it is kept out of the file and listed by `overridesByMode` for the sync
 *   side to keep and report.
 * Repository-owned tokens a file holds stay as the file has them. Files of a third axis (§5) are never
 * written.
 */
import type { RepoToken } from '../model/dtcg.js';
import { TokensyncError } from '../errors.js';
import type { Collection, TokenSet, Value, Variable } from '../model/types.js';
import { valuesEqual } from '../model/values.js';
import type { Ordered } from './json-write.js';
import { ModeFiles, tokenIn, writeModeFiles, type PreviousFile, type PreviousToken } from './mode-files.js';
import type { CollectionLayout } from './resolver-doc.js';

interface Place {
  segs: string[];
  id: string;
  prefixes: string[];
}

export interface FoldWrite {
  set: TokenSet;
  pathOf: Map<Variable, Place>;
  repoPath: Map<RepoToken, Place>;
  encode: (v: Variable, value: Value, before: PreviousToken) => Ordered;
  previousFile: (rel: string) => PreviousFile | undefined;
  out: Map<string, string>;
}

/** A context's own file: undefined for an empty context (the base file serves it). */
function ownFile(l: CollectionLayout, mode: string): string | undefined {
  return l.sources?.get(mode)?.length === 0 ? undefined : l.files.get(mode);
}

export function renderFold(layout: CollectionLayout, c: Collection, w: FoldWrite): void {
  const fold = layout.fold!;
  const vars = w.set.variables.filter((v) => v.collection === c.name);
  const def = c.defaultMode;
  if (fold.modes) {
    const defaultFile = ownFile(fold.modes, def);
    const baseFile = fold.base.files.get(fold.base.collection.defaultMode)!;
    writeFile(w, c, baseFile, (v, held) =>
      defaultFile !== undefined && holds(w, defaultFile, v) ? held : v.values[def],
    );
    for (const mode of c.modes) {
      const file = ownFile(fold.modes, mode.name);
      const differs = (v: Variable): boolean => !valuesEqual(v.values[mode.name]!, v.values[def]!);
      if (file === undefined) {
        const lost = mode.name === def ? undefined : vars.find(differs);
        if (lost) refuseNoFile(c, lost, `mode "${mode.name}"`, fold.modes.slug, mode.name);
        continue;
      }
      writeFile(w, c, file, (v, held) =>
        held !== undefined || (mode.name !== def && differs(v)) ? v.values[mode.name] : undefined,
      );
    }
  }
  for (const [name, { modifier, mode }] of fold.extensions) {
    // An extension the set does not hold (the design file cannot: docs/overrides.md §5) keeps its file.
    if (!w.set.collections.some((x) => x.name === name)) continue;
    const override = (v: Variable): Value | undefined => uniformOverride(v, c, name);
    const file = ownFile(modifier, mode);
    if (file === undefined) {
      const lost = vars.find((v) => override(v) !== undefined);
      if (lost) refuseNoFile(c, lost, `extended collection "${name}"`, modifier.slug, mode);
      continue;
    }
    writeFile(w, c, file, (v) => override(v));
  }
}

/** The file of an extension that no context of the team's document holds yet: exactly its overrides. */
export function renderExtensionFile(w: FoldWrite, c: Collection, file: string, extension: string): void {
  writeFile(w, c, file, (v) => uniformOverride(v, c, extension));
}

function uniformOverride(v: Variable, c: Collection, extension: string): Value | undefined {
  const o = v.overrides?.[extension];
  const first = o?.[c.defaultMode];
  return first !== undefined && c.modes.every((m) => o?.[m.name] !== undefined && valuesEqual(o[m.name]!, first))
    ? first
    : undefined;
}

/** Whether a file held the variable's token before this write. */
function holds(w: FoldWrite, file: string, v: Variable): boolean {
  return tokenIn(w.previousFile(file)?.tree, w.pathOf.get(v)!.segs).token !== undefined;
}

/**
 * One file in place: each variable `valueOf` gives a value (or, for the base value kept as it was,
 * the `held` marker back), and the repository-owned tokens the file held, as they were.
 */
function writeFile(
  w: FoldWrite,
  c: Collection,
  file: string,
  valueOf: (v: Variable, held: Value | undefined) => Value | undefined,
): void {
  const files = new ModeFiles([{ rel: file, prev: w.previousFile(file) }]);
  const tokens = new Map<string, Ordered>();
  const prefixes = new Set<string>();
  const paths: Place[] = [];
  const KEEP = {} as Value;
  for (const v of w.set.variables) {
    if (v.collection !== c.name) continue;
    const place = w.pathOf.get(v)!;
    const before = files.token(0, place.segs);
    const value = valueOf(v, before.token ? KEEP : undefined);
    if (value === undefined) continue;
    tokens.set(place.id, value === KEEP ? before.token! : w.encode(v, value, before));
    paths.push(place);
    for (const p of place.prefixes) prefixes.add(p);
  }
  for (const t of w.set.tokens ?? []) {
    if (t.collection !== c.name) continue;
    const place = w.repoPath.get(t)!;
    const before = files.token(0, place.segs).token;
    if (!before) continue;
    tokens.set(place.id, before);
    paths.push(place);
    for (const p of place.prefixes) prefixes.add(p);
  }
  for (const [rel, text] of writeModeFiles(files, paths, tokens, prefixes)) w.out.set(rel, text);
}

function refuseNoFile(c: Collection, v: Variable, what: string, modifier: string, context: string): never {
  throw new TokensyncError(
    'TOKEN_CONTEXT_HAS_NO_FILE',
    `Variable "${v.name}" of collection "${c.name}" has a value of its own in ${what}, but context "${context}" of modifier "${modifier}" in tokens.resolver.json has no file to hold it.`,
    {
      hint: `Nothing was written. Give the context a file (e.g. "${context}": [{ "$ref": "${modifier}/${context}.tokens.json" }] with "{}" in it), then pull again.`,
    },
  );
}

/**
 * Overrides a pull cannot write into a context file because they differ by mode (docs/overrides.md
 * §4): the sync side keeps them in the lock and reports each on one line.
 */
export function overridesByMode(
  set: TokenSet,
): { variable: string; collection: string; extension: string; values: Record<string, Value> }[] {
  const out: { variable: string; collection: string; extension: string; values: Record<string, Value> }[] = [];
  for (const v of set.variables) {
    for (const [extension, o] of Object.entries(v.overrides ?? {})) {
      const vals = Object.values(o);
      const uniform =
        vals.length === set.collections.find((c) => c.name === v.collection)?.modes.length &&
        vals.every((x) => valuesEqual(x, vals[0]!));
      if (!uniform) out.push({ variable: v.name, collection: v.collection, extension, values: o });
    }
  }
  return out;
}

/**
 * A pull never drops a design file's extended collection (docs/overrides.md "Decisions made while
 * building"): under a team's own resolver document (kept as written) an extension that no modifier
 * context holds has nowhere to go, so the pull is refused before anything is written, with the fix.
 */
export function refuseUnheldExtensions(set: TokenSet, folded: ReadonlyMap<string, CollectionLayout>): void {
  for (const x of set.collections) {
    if (x.parent === undefined || folded.get(x.parent)?.fold?.extensions.has(x.name)) continue;
    const held = [...(folded.get(x.parent)?.fold?.extensions.values() ?? [])][0]?.modifier.slug;
    const modifier = held ?? 'brand';
    const context = x.name.startsWith(`${x.parent} / `) ? x.name.slice(x.parent.length + 3) : x.name;
    throw new TokensyncError(
      'TOKEN_EXTENSION_HAS_NO_CONTEXT',
      `Extended collection "${x.name}" of "${x.parent}" is in the design file, but no context of a modifier in tokens.resolver.json holds it (the document is the team's, so a pull does not add one).`,
      {
        hint: `Nothing was written. Add a context for it${held ? ` to modifier "${held}"` : ' to a modifier after the one that gives the collection its modes'} (e.g. "${context}": [{ "$ref": "${modifier}/${context}.tokens.json" }] with "{}" in that file), then run \`tokensync pull --prefer service\`: the pull writes its overrides there (with no base, the empty file and the design file's overrides differ: a conflict the design file's side settles).`,
      },
    );
  }
}
