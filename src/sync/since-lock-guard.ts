/**
 * Before each write, the design file's version against the lock's `remoteVersion` (docs/sync.md
 * "Several writers", "The version since the lock"): when it moved, no field the service changed
 * since the lock may be overwritten by this write unless `--force` or `--prefer repo` said so. The
 * run then stops as a conflict (exit 3) before sending anything more.
 */
import type { RunState } from './apply-read.js';
import type { Planned } from './apply-plan.js';
import { ConcurrentEditError, type FreshRead, listNames } from './concurrency.js';
import { overwritesSinceLock, versionSinceLock } from './since-lock.js';

export function guardSinceLock(run: RunState, planned: Planned, fresh: FreshRead): void {
  const { opts } = run;
  const base = planned.base;
  if (!base || opts.force || opts.prefer === 'repo') return;
  const since = versionSinceLock(base, fresh.version);
  if (!since.moved) return;
  const over = overwritesSinceLock(base, fresh.remote, planned.serviceTarget);
  if (over.length === 0) return;
  const when =
    since.writes === undefined
      ? `its version is ${fresh.version}, the lock's ${base.remoteVersion || '(none)'}`
      : `${since.writes} write(s) since the lock's version ${base.remoteVersion}`;
  throw new ConcurrentEditError(
    'SYNC_REMOTE_EDITED',
    `${opts.fileKey} was edited since the last sync (${when}), and this ${opts.mode} would overwrite ${listNames(over)}. Nothing more was sent.`,
    {
      hint: `Run \`tokensync diff\` to see both sides; take the design file's edit with \`tokensync pull\`, or keep the repository's with \`tokensync ${opts.mode} --force\`.`,
    },
  );
}
