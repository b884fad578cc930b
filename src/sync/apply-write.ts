/**
 * Apply, step 5: write the repository (docs/architecture.md "Apply", docs/sync.md "Files a kill cannot
 * trap anyone in"). Token files first (collection files, then the resolver document that names them), the lock
 * after them, styles after the lock, and the journal goes last. A kill at any point leaves a state the
 * next pull finishes: until the lock is written the previous base holds, and files written before it
 * read as "both sides changed to the same thing".
 */
import path from 'node:path';
import type { FileResponse } from '../api/index.js';
import { interruption } from '../errors.js';
import { removeStaleTemps } from '../fs/atomic.js';
import { markWriting } from '../fs/writer-mark.js';
import { lockEquals } from '../model/lock.js';
import { renderLock, writeFilesAtomic } from '../tokens/index.js';
import { applyStyles, type StylesPlan } from '../styles/stage.js';
import type { RunState } from './apply-read.js';
import type { Planned } from './apply-plan.js';
import { stopped } from './apply-errors.js';
import { journalOwner, removeJournal, writeJournal, type Journal } from './journal.js';
import { nextLock } from './next-lock.js';
import type { FileChanges } from './apply-types.js';

export interface WriteInput {
  run: RunState;
  planned: Planned;
  /** The journal on disk now, if any. */
  journal: Journal | undefined;
  requestsSent: number;
  /** The file's version as read with the verification read, when there was one. */
  version: string | undefined;
  styles: StylesPlan | undefined;
}

export async function writePhase(input: WriteInput): Promise<FileChanges> {
  // build --watch waits while the mark is there (fs/writer-mark.ts).
  const unmark = input.planned.rendered ? await markWriting(input.run.opts.root) : undefined;
  try {
    return await writeAll(input);
  } finally {
    await unmark?.();
  }
}

async function writeAll(input: WriteInput): Promise<FileChanges> {
  const { run, planned, requestsSent, styles } = input;
  const { opts, tokensDir, base } = run;
  const pulls = opts.mode === 'pull' || opts.mode === 'sync';
  const pushes = opts.mode === 'push' || opts.mode === 'sync';
  let journal = input.journal;
  const files: FileChanges = { written: [], removed: [] };
  // A killed writer's temporary files go whatever this run writes: its kill may have come at the
  // lock, after every token file was in place, leaving nothing to render now.
  await removeStaleTemps(tokensDir);
  if (planned.rendered) {
    if (opts.signal?.aborted) throw stopped(interruption(opts.signal), opts, requestsSent, requestsSent, !!journal);
    // A first pull records which files it writes, so a pull stopped part-way is not mistaken for the
    // repository's own tokens by the next run.
    if (!base && !journal) {
      journal = {
        version: 1,
        kind: 'pull',
        owner: journalOwner(opts.root),
        fileKey: opts.fileKey,
        startedAt: new Date().toISOString(),
        files: [...planned.rendered.keys()].sort(),
      };
      await writeJournal(tokensDir, journal);
    }
    const result = await writeFilesAtomic(tokensDir, planned.rendered, { remove: planned.stale });
    files.written.push(...rel(opts.root, tokensDir, result.written));
    files.removed.push(...rel(opts.root, tokensDir, result.removed));
  }
  files.written.push(...(await writeLock(input, files.written.length + files.removed.length > 0)));
  if (styles) {
    const result = await applyStyles(tokensDir, styles);
    for (const f of rel(opts.root, tokensDir, result.written)) if (!files.written.includes(f)) files.written.push(f);
    files.removed.push(...rel(opts.root, tokensDir, result.removed));
  }
  // The journal goes, unless it is a push's and this run did not push (a pull leaves the
  // placeholders of an unfinished push for the next push to settle).
  if (journal && (journal.kind === 'pull' ? pulls : pushes)) await removeJournal(tokensDir);
  return files;
}

/** The lock, when it says something new. Compared as data, not as rendered text. */
async function writeLock(input: WriteInput, filesChanged: boolean): Promise<string[]> {
  const { run, planned, requestsSent } = input;
  const { opts, tokensDir, base } = run;
  // Proven in step and nothing written: the next lock is the lock (quiet.ts).
  if (planned.quiet && base && requestsSent === 0 && !filesChanged) return [];
  let lock = nextLock({
    local: planned.repoTarget,
    remote: run.remote,
    previous: planned.base,
    fileKey: opts.fileKey,
    remoteVersion: base?.remoteVersion ?? '',
  });
  if (!(requestsSent > 0 || filesChanged || !base || !lockEquals(lock, base))) return [];
  // The version identifies what the lock describes; read only when the lock changes, so a no-op
  // sync stays one GET.
  const version =
    input.version ?? String(((await opts.client.getFile(opts.fileKey, { depth: 1 })) as FileResponse).version);
  lock = { ...lock, remoteVersion: version };
  if (base && lockEquals(lock, base)) return [];
  const result = await writeFilesAtomic(tokensDir, new Map([['sync.lock.json', renderLock(lock)]]));
  return rel(opts.root, tokensDir, result.written);
}

export function rel(root: string, dir: string, files: string[]): string[] {
  return files.map((f) => path.relative(root, path.join(dir, f)).split(path.sep).join('/'));
}
