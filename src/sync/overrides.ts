/**
 * Overrides in extended collections, the parts the diff (diff-overrides.ts) and the lock
 * (next-lock.ts) share (docs/overrides.md §4 and §6).
 *
 * Which extension belongs to which collection: an extension's overrides are held by the variables of
 * the ROOT of its chain (a brand of a brand overrides the root's variables), so each extension pair is
 * tied to the pair of its root collection.
 *
 * What token files can hold: a DTCG context has one value per token, the same in every mode of the
 * collection, so an extension's overrides of one variable are *expressible* when they are absent or
 * present in every mode with one value. Per-mode overrides (Figma allows them) are kept out of the
 * context file (docs/overrides.md §4), so the files read back no override for that variable: the
 * *projection*. A repository that still holds exactly the projection (nothing) of the service's
 * per-mode overrides has not changed them: they are kept as the service holds them, never pushed over
 * or deleted; one that holds an override for the variable has edited them.
 */
import { canonicalValue } from '../model/values.js';
import type { Collection, Value, Variable } from '../model/types.js';
import type { ColPair } from './pairing.js';

export type ByMode = Record<string, Value>;

export interface ExtensionPair {
  ext: ColPair;
  root: ColPair;
}

export const isExtensionPair = (p: ColPair): boolean =>
  p.remote?.parent !== undefined || (p.remote === undefined && p.local?.parent !== undefined);

/** Every extension pair with the pair of its root collection (by the service's chain, else the repository's). */
export function extensionPairs(pairs: ColPair[]): ExtensionPair[] {
  const byRemote = new Map(pairs.filter((p) => p.remote).map((p) => [p.remote!.name, p]));
  const byLocal = new Map(pairs.filter((p) => p.local).map((p) => [p.local!.name, p]));
  const out: ExtensionPair[] = [];
  for (const ext of pairs) {
    if (!isExtensionPair(ext)) continue;
    let p: ColPair | undefined = ext;
    for (let depth = 0; p && isExtensionPair(p) && depth < 64; depth++) {
      p = p.remote ? byRemote.get(p.remote.parent ?? '') : byLocal.get(p.local?.parent ?? '');
    }
    if (p && !isExtensionPair(p)) out.push({ ext, root: p });
  }
  return out;
}

const canon = (m: ByMode | undefined): string =>
  JSON.stringify(
    Object.keys(m ?? {})
      .sort()
      .map((k) => [k, canonicalValue((m as ByMode)[k] as Value)]),
  );

/** Absent, or one value in every mode of the extension. */
export function expressible(r: ByMode | undefined, c: Collection): boolean {
  const values = Object.values(r ?? {});
  if (values.length === 0) return true;
  if (c.modes.some((m) => r?.[m.name] === undefined)) return false;
  const first = canonicalValue(values[0] as Value);
  return values.every((v) => canonicalValue(v) === first);
}

/** What the token files read back for these overrides: themselves when expressible, else nothing. */
export function projection(r: ByMode | undefined, c: Collection): ByMode {
  return expressible(r, c) ? { ...r } : {};
}

/**
 * The repository's overrides as the 3-way diff should see them: the service's own per-mode overrides
 * where the repository holds exactly their projection (unchanged since they were pulled), else as read.
 * `l` and `r` are keyed by mode names of the same extension (the repository's and the service's, which
 * follow one parent: pairing.ts matches them).
 */
export function effectiveLocal(
  l: ByMode | undefined,
  r: ByMode | undefined,
  remoteExt: Collection,
): ByMode | undefined {
  if (!r || expressible(r, remoteExt)) return l;
  return canon(l) === canon(projection(r, remoteExt)) ? r : l;
}

/**
 * The repository holds the extension, but not as an extension (no `parent`: a reader that does not know
 * extended collections): it holds none of its overrides knowingly, so they are the service's, never
 * removed by a push (docs/sync.md "Nothing is dropped").
 */
export const unaware = (p: ColPair): boolean => p.local !== undefined && p.local.parent === undefined;

/** The overrides of `v` in extension `name`, or undefined. */
export const overridesOf = (v: Variable | undefined, name: string | undefined): ByMode | undefined =>
  v && name !== undefined ? v.overrides?.[name] : undefined;
