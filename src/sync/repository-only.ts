/**
 * The repository-only parts of a token set, per modifier (docs/overrides.md §5): tokens a modifier
 * defines in some contexts only, and third axes. Never synced; `diff`, `push` and `check --remote`
 * name each modifier on one "Repository only" line (report.ts `describeRepoOnlyModifiers`).
 */
import type { TokenSet } from '../model/types.js';
import type { RepoOnlyModifier } from './changes.js';

export function repoOnlyModifiers(
  set: Pick<TokenSet, 'partial' | 'repositoryAxes' | 'collections'>,
): RepoOnlyModifier[] {
  const out = new Map<string, RepoOnlyModifier>();
  const entry = (kind: RepoOnlyModifier['kind'], modifier: string, collection: string): RepoOnlyModifier => {
    const key = `${kind}\u0000${modifier}\u0000${collection}`;
    const e = out.get(key) ?? { kind, modifier, collection, items: {} };
    out.set(key, e);
    return e;
  };
  const p = set.partial;
  const collections = [...set.collections, ...(p?.collections ?? [])];
  for (const t of [...(p?.variables ?? []), ...(p?.tokens ?? [])]) {
    const c = collections.find((x) => x.name === t.collection);
    entry('partial', c?.modifier?.name ?? t.collection, t.collection).items[t.name] = Object.keys(t.values);
  }
  for (const a of set.repositoryAxes ?? []) {
    const modifier = a.collection.modifier?.name ?? a.collection.name;
    const context = a.collection.modifier?.context ?? a.collection.name;
    entry('axis', modifier, a.collection.parent ?? '').items[context] = Object.keys(a.overrides).length;
  }
  return [...out.values()];
}
