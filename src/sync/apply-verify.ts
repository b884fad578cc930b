/**
 * Apply, step 4: verify (docs/architecture.md "Apply", docs/sync.md "Several writers"). The service is read once more
 * and only what this run wrote is checked against what it meant to write. Another writer's edit of
 * something else is that writer's (the lock keeps it a service edit for the next pull); one that
 * changed what this run wrote ends the run as a conflict (exit 3), never as a failure (exit 1), which
 * is kept for a write that did not land with no other writer to explain it.
 */
import { ConcurrentEditError, listNames } from './concurrency.js';
import type { RunState } from './apply-read.js';
import type { Planned } from './apply-plan.js';
import { freshRead, type PushSession } from './apply-push.js';
import { SyncNotConvergedError } from './apply-errors.js';
import { byAge, DuplicateCreatedError, removeOwnDuplicates } from './duplicates.js';
import { movedBetween } from './moved.js';
import { compilePlan } from './plan.js';
import { overridesAwaitingModes } from './plan-extensions.js';
import type { TokenSet } from '../model/types.js';

export type Verified =
  | { kind: 'verified'; version: string }
  | { kind: 'moved'; remote: TokenSet; moved: string[]; awaiting?: true };

export async function verifyPhase(run: RunState, planned: Planned, s: PushSession): Promise<Verified> {
  const { opts, progress } = run;
  const plannedAgainst = run.remote;
  const read = await freshRead(run, s, { beforeWrite: false });
  if (await removeOwnDuplicates(run, s, read.remote))
    return { kind: 'moved', remote: await run.readRemote(), moved: [] };
  run.remote = read.remote;
  const twice = heldTwice(read.remote);
  if (twice.length > 0) throw othersDuplicate(run, twice);
  const left = compilePlan(read.remote, planned.serviceTarget, planned.planOptions);
  if (left.requests.length === 0) return { kind: 'verified', version: read.version };
  // Overrides in modes this push just created exist only now: one more round sets them.
  const awaiting = overridesAwaitingModes(plannedAgainst, planned.serviceTarget);
  if (awaiting > 0) {
    progress(`the new modes exist now; setting ${awaiting} override(s) of extended collections in them`);
    return { kind: 'moved', remote: read.remote, moved: [], awaiting: true };
  }
  const differing = movedBetween(planned.serviceTarget, read.remote, { byName: true });
  const ours = differing.filter((label) => s.ours.has(label));
  const others = differing.filter((label) => !s.ours.has(label));
  if (ours.length === 0) {
    progress(`another writer changed ${listNames(others)} meanwhile; left for the next pull`);
    return { kind: 'verified', version: read.version };
  }
  if (others.length > 0 || s.othersWrote) {
    throw new ConcurrentEditError(
      'SYNC_CONCURRENT_EDIT',
      `Every write of this ${opts.mode} was sent, but another writer changed ${opts.fileKey} at the same time, and ${listNames(ours)} no longer ${ours.length === 1 ? 'holds' : 'hold'} what this run wrote. Nothing was written to the repository.`,
      {
        hint: `Run \`tokensync diff\` to see both sides, then \`tokensync ${opts.mode}\` again (or pull first to take the other edit): the next run starts from the service's real state and creates nothing twice.`,
      },
    );
  }
  throw new SyncNotConvergedError(
    'SYNC_NOT_CONVERGED',
    `After applying the plan, ${opts.fileKey} still differs from the repository in ${listNames(ours)} (${left.requests.length} request(s) would remain), and no other writer explains it.`,
    {
      hint: 'Nothing was written locally. Run `tokensync diff` to see what differs; if it persists, report it with `tokensync diff --dry-run --json`.',
    },
  );
}

/** Collection names the service holds more than once, with their ids, the oldest first. */
function heldTwice(remote: TokenSet): { name: string; ids: string[] }[] {
  const byName = new Map<string, string[]>();
  for (const c of remote.collections) if (c.id) byName.set(c.name, [...(byName.get(c.name) ?? []), c.id]);
  return [...byName].filter(([, ids]) => ids.length > 1).map(([name, ids]) => ({ name, ids: [...ids].sort(byAge) }));
}

/**
 * Another writer created a collection this run also has, at the same moment: this run's copy is the
 * oldest and stays; the other writer removes its own (or, where it cannot, stops naming both ids).
 * Every write of this run landed, so this is exit 3, never exit 1.
 */
function othersDuplicate(run: RunState, twice: { name: string; ids: string[] }[]): DuplicateCreatedError {
  const list = twice.map((d) => `"${d.name}" (${d.ids.join(', ')}; the first is kept)`).join('; ');
  return new DuplicateCreatedError(
    'SYNC_DUPLICATE_CREATED',
    `Another writer created the same collection at the same time as this ${run.opts.mode}: ${list}. Every write of this run landed; nothing was written to the repository.`,
    {
      hint: 'The later copy is removed by the run that made it where the API can delete; otherwise delete it in the design file (by its id above). Then run `tokensync pull`: the copy that stays is matched by name.',
    },
  );
}
