/**
 * The lock as `check` sees it (docs/sync.md "Locks after a merge"): a lock left with git's conflict
 * markers, or one that is no longer JSON, is an error at its line with the way out, before any other
 * command trips over it. Only the text is looked at, so `check` stays free of the lock's schema (zod).
 */
import path from 'node:path';
import { readTextFile } from '../fs/read.js';
import type { Diagnostic } from './errors.js';

export const LOCK_NAME = 'sync.lock.json';

export const LOCK_MERGE_HINT =
  'Do not merge the lock by hand: take either side (git checkout --ours or --theirs tokens/sync.lock.json), then run `tokensync pull`, which re-reads the design file and writes a lock that matches it and your token files; a local edit shows as a change to push, never lost.';

/** The 1-based line of the first git conflict marker, if the text holds one. */
export function conflictMarkerLine(text: string): number | undefined {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => /^(<{7}|>{7}|\|{7})( |$)/.test(l) || l === '=======');
  return at === -1 ? undefined : at + 1;
}

/** Problems of the lock's text: conflict markers, or not JSON. None when there is no lock. */
export function lockTextProblems(text: string, file: string): Diagnostic[] {
  const line = conflictMarkerLine(text);
  if (line !== undefined) {
    return [
      {
        severity: 'error',
        file,
        line,
        column: 1,
        message: 'the lock still holds merge-conflict markers',
        hint: LOCK_MERGE_HINT,
      },
    ];
  }
  try {
    JSON.parse(text);
    return [];
  } catch (cause) {
    return [
      {
        severity: 'error',
        file,
        line: 1,
        column: 1,
        message: `the lock is not valid JSON (${(cause as Error).message})`,
        hint: LOCK_MERGE_HINT,
      },
    ];
  }
}

/** Reads `<tokens dir>/sync.lock.json` (or the staged text) and returns its problems. */
export async function checkLockText(
  root: string,
  dir: string,
  staged?: (file: string) => Promise<string | undefined>,
): Promise<Diagnostic[]> {
  const file = path.join(root, dir, LOCK_NAME);
  const text = staged ? await staged(file) : await readTextFile(file);
  if (text === undefined) return [];
  return lockTextProblems(text, path.relative(root, file).split(path.sep).join('/'));
}
