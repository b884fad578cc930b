/**
 * Creates are idempotent by name (docs/sync.md "Several writers"): every CREATE is planned against a
 * read taken immediately before it, so a name that exists is adopted, not created again. Two writers
 * whose reads both came before either's POST can still both create one collection. After each write
 * the service is read again, and a collection whose name is held twice, one copy made by this run, is
 * a duplicate this run made. The oldest copy stays (ids are numbered in the order the service made
 * them, so every writer agrees on which one that is); this run removes its own copy where the dialect
 * can delete, then re-plans and adopts the one that stays. Where the dialect cannot delete, the run
 * stops with both ids and the way out.
 */
import { TokensyncError } from '../errors.js';
import type { TokenSet } from '../model/types.js';
import type { RunState } from './apply-read.js';

export interface Duplicate {
  name: string;
  /** The copy this run made. */
  ours: string;
  /** Every copy's id, the oldest first. */
  all: string[];
}

export class DuplicateCreatedError extends TokensyncError {
  override name = 'DuplicateCreatedError';
}

/** Collections held twice by name where one copy has an id this run received for a temp id. */
export function duplicatesMadeBy(remote: TokenSet, tempIds: Record<string, string>): Duplicate[] {
  const byName = new Map<string, string[]>();
  for (const c of remote.collections) if (c.id) (byName.get(c.name) ?? byName.set(c.name, []).get(c.name)!).push(c.id);
  const twice = [...byName].filter(([, ids]) => ids.length > 1);
  if (twice.length === 0) return [];
  // The map holds every variable this run created too (10k at 10k): read only when a name is held twice.
  const mine = new Set(Object.values(tempIds));
  const out: Duplicate[] = [];
  for (const [name, ids] of twice) {
    const ours = ids.find((id) => mine.has(id));
    if (ours) out.push({ name, ours, all: [...ids].sort(byAge) });
  }
  return out;
}

/** Natural order of ids: numbered segments compare as numbers, so the oldest sorts first. */
export function byAge(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/**
 * Removes the duplicates this run made that are not the oldest copy. True when it removed something
 * (the caller re-reads and re-plans); false when there is nothing to remove.
 */
export async function removeOwnDuplicates(
  run: RunState,
  s: { pj: { tempIds: Record<string, string> } },
  remote: TokenSet,
): Promise<boolean> {
  const extra = duplicatesMadeBy(remote, s.pj.tempIds).filter((d) => d.all[0] !== d.ours);
  if (extra.length === 0) return false;
  const { client, fileKey } = run.opts;
  const remove = client.dialect.deleteCollections;
  if (!remove) throw cannotDelete(run, extra);
  run.progress(
    `another writer created ${extra.map((d) => `"${d.name}"`).join(', ')} at the same time; removing this run's copy and adopting theirs`,
  );
  await client.writeVariables(fileKey, remove(extra.map((d) => d.ours)));
  const gone = new Set(extra.map((d) => d.ours));
  s.pj.tempIds = Object.fromEntries(Object.entries(s.pj.tempIds).filter(([, id]) => !gone.has(id)));
  return true;
}

function cannotDelete(run: RunState, extra: Duplicate[]): DuplicateCreatedError {
  const list = extra
    .map((d) => `"${d.name}" (this run's copy ${d.ours}; kept: ${d.all.filter((id) => id !== d.ours).join(', ')})`)
    .join('; ');
  return new DuplicateCreatedError(
    'SYNC_DUPLICATE_CREATED',
    `Another writer created the same collection at the same time as this ${run.opts.mode}: ${list}. The service's API cannot delete, so both copies are in ${run.opts.fileKey}. Nothing was written to the repository.`,
    {
      hint: "Delete this run's copy in the design file (by its id above, e.g. in the design tool), then run `tokensync pull` and push again: the copy that stays is matched by name.",
    },
  );
}
