/**
 * `pull`/`sync --prefer service` replaces the repository's edits since the lock with the design file's.
 * An edit git holds as committed can be brought back; an uncommitted one cannot, so the run refuses
 * without `--force`, naming each edit it would replace (docs/sync.md "--prefer").
 */
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import { uncommittedFiles } from '../git/uncommitted.js';
import type { SyncDiff } from '../sync/diff.js';
import { JOURNAL_FILE } from '../sync/journal.js';
import { replacedEdits } from '../sync/report.js';
import { LOCK_FILE } from '../tokens/lock-file.js';

export function replaceGuard(mode: string, tokensDir: string): (diff: SyncDiff) => Promise<void> {
  return async (diff) => {
    const edits = replacedEdits(diff);
    if (edits.length === 0) return;
    const dirty = await uncommittedFiles(tokensDir);
    const own = new Set([LOCK_FILE, JOURNAL_FILE].map((f) => path.join(tokensDir, f)));
    const files = dirty?.filter((f) => !own.has(f));
    if (files && files.length === 0) return;
    const where =
      files === undefined
        ? `${path.basename(tokensDir)}/ is not in a git repository, so nothing else records them`
        : `uncommitted: ${files.map((f) => path.relative(path.dirname(tokensDir), f).split(path.sep).join('/')).join(', ')}`;
    const n = edits.length;
    throw new TokensyncError(
      'SYNC_WOULD_REPLACE_EDITS',
      `${mode} --prefer service would replace ${n} edit${n === 1 ? '' : 's'} of the repository with the design file's (${where}): ${edits.join('; ')}. Nothing was written and nothing was sent.`,
      {
        hint: `Commit the token files first (git then keeps the edits), or rerun with --force to replace them.`,
      },
    );
  };
}
