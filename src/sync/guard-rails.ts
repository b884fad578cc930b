/**
 * The guard rails a push checks on its first plan, before any request (docs/sync.md "Guard rails"):
 * no new collection that copies tokens the lock binds elsewhere (collection-guard.ts), and no more
 * deletions than allowed (delete-guard.ts). `diff` shows the same refusals, so a CI job sees them.
 */
import type { RunState } from './apply-read.js';
import type { Planned } from './apply-plan.js';
import { misplacedCollections, misplacedError } from './collection-guard.js';
import { checkDeletes } from './delete-guard.js';

export async function guardRails(run: RunState, planned: Planned): Promise<void> {
  const { opts } = run;
  if (opts.mode === 'pull') return;
  const misplaced = misplacedCollections(planned.diff, run.base, run.local);
  if (misplaced.length > 0) throw misplacedError(misplaced, opts.root, opts.config.tokens.dir, opts.mode);
  if (opts.mode === 'diff' || opts.dryRun) return;
  await checkDeletes(planned.plan, run.remote, planned.diff.orphans, opts.deleteLimit, opts.mode);
}
