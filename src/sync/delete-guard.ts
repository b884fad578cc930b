/**
 * Deletions above a threshold need an explicit count (docs/sync.md "Deletion and orphans"): a push
 * with `--delete-orphans` that would delete more than `DELETE_THRESHOLD` things (a collection counts
 * with every variable in it) goes ahead only with `--max-deletes N` at least that count, or, in an
 * interactive terminal, when the user confirms. Checked after the plan, before any request.
 */
import { TokensyncError } from '../errors.js';
import type { TokenSet } from '../model/types.js';
import type { Orphan } from './changes.js';
import { listNames } from './concurrency.js';
import type { Plan } from './plan.js';

/** The most a run deletes without `--max-deletes` or a confirmation. */
export const DELETE_THRESHOLD = 10;

export interface DeleteLimit {
  /** `--max-deletes N`, when given. */
  max?: number | undefined;
  /** Interactive runs: ask the user (the names, the count); absent in CI and without a terminal. */
  confirm?: ((names: string[], count: number) => Promise<boolean>) | undefined;
}

/** How many things the plan deletes (a collection with its variables), and their names. */
export function deletions(plan: Plan, remote: TokenSet, orphans: Orphan[]): { count: number; names: string[] } {
  const ids = new Set(plan.deletes ?? []);
  if (ids.size === 0) return { count: 0, names: [] };
  const goneCols = new Set(remote.collections.filter((c) => c.id && ids.has(c.id)).map((c) => c.name));
  const vars = remote.variables.filter((v) => (v.id && ids.has(v.id)) || goneCols.has(v.collection)).length;
  const modes = remote.collections.flatMap((c) => c.modes).filter((m) => m.id && ids.has(m.id)).length;
  const names = orphans.filter((o) => ids.has(o.id)).map(orphanName);
  return { count: goneCols.size + modes + vars, names };
}

export function orphanName(o: Orphan): string {
  if (o.kind === 'collection') return `collection ${o.collection}`;
  if (o.kind === 'mode') return `mode ${o.collection}/${o.mode}`;
  return `${o.collection}/${o.variable}`;
}

/** Throws PLAN_TOO_MANY_DELETES unless the deletions are within the limit or confirmed. */
export async function checkDeletes(
  plan: Plan,
  remote: TokenSet,
  orphans: Orphan[],
  limit: DeleteLimit | undefined,
  mode: string,
): Promise<void> {
  const { count, names } = deletions(plan, remote, orphans);
  const max = limit?.max;
  if (max !== undefined ? count <= max : count <= DELETE_THRESHOLD) return;
  if (max === undefined && limit?.confirm && (await limit.confirm(names, count))) return;
  const over =
    max !== undefined
      ? `more than --max-deletes ${max} allows`
      : `more than ${DELETE_THRESHOLD}, the most deleted without an explicit count`;
  throw new TokensyncError(
    'PLAN_TOO_MANY_DELETES',
    `This ${mode} with --delete-orphans would delete ${count} item(s) from the design file (a collection counts with its variables), ${over}: ${listNames(names)}. Nothing was sent.`,
    {
      hint: `Check the list (\`tokensync diff --delete-orphans\` shows every one). If it is right, run \`tokensync ${mode} --delete-orphans --max-deletes ${count}\`; if not, restore what the repository lost (a missing tokens.resolver.json or token file) first.`,
    },
  );
}
