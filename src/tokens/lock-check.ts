/**
 * The lock as `check` sees it (docs/sync.md "Locks after a merge"): a lock left with git's conflict
 * markers, or one that is no longer JSON, is an error at its line with the way out, before any other
 * command trips over it. Only the text is looked at, so `check` stays free of the lock's schema (zod).
 */
import path from 'node:path';
import { readTextFile } from '../fs/read.js';
import type { TokenSet } from '../model/types.js';
import { type Diagnostic, TokenFileError } from './errors.js';
import { findSyntaxError, lineColumn, locate, parseJsonTree } from './json-tree.js';
import { LOCK_REBUILD_HINT, lockDisagreements } from './lock-agree.js';

export const LOCK_NAME = 'sync.lock.json';

export const LOCK_MERGE_HINT =
  'Do not merge the lock by hand: take either side (git checkout --ours or --theirs tokens/sync.lock.json), then run `tokensync pull`, which re-reads the design file and writes a lock that matches it and your token files; a local edit shows as a change to push, never lost.';

const MARKER_RUNS = ['<<<<<<<', '>>>>>>>', '|||||||', '======='];

/** The 1-based line of the first git conflict marker, if the text holds one. */
export function conflictMarkerLine(text: string): number | undefined {
  // A marker is seven equal characters; a lock without any such run (the usual case) is not split
  // into lines (that cost ~100 ms of a no-op pull on a 10k-variable lock, docs/benchmarks.md). Four
  // native substring searches, not one regex of four alternatives tried at every character.
  if (!MARKER_RUNS.some((run) => text.includes(run))) return undefined;
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => /^(<{7}|>{7}|\|{7})( |$)/.test(l) || l === '=======');
  return at === -1 ? undefined : at + 1;
}

/**
 * Problems of the lock's text: conflict markers, or not JSON; with the token files' set, also where
 * the lock disagrees with itself or with them (lock-agree.ts). None when there is no lock.
 */
export function lockTextProblems(text: string, file: string, files?: TokenSet): Diagnostic[] {
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
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Our own words and position: JSON.parse's message differs between Node versions.
    const { offset, message } = findSyntaxError(text);
    // findSyntaxError's message starts "invalid JSON": said once, with what is wrong in brackets.
    const detail = message.replace(/^invalid JSON(: )?/, '');
    return [
      {
        severity: 'error',
        file,
        ...lineColumn(text, offset),
        message: detail === '' ? 'the lock is not valid JSON' : `the lock is not valid JSON (${detail})`,
        hint: LOCK_MERGE_HINT,
      },
    ];
  }
  return files ? disagreementDiagnostics(text, json, file, files) : [];
}

/** Each disagreement at the position of its entry in the lock's text. */
export function disagreementDiagnostics(text: string, json: unknown, file: string, files: TokenSet): Diagnostic[] {
  const found = lockDisagreements(json, files);
  if (found.length === 0) return [];
  let tree: ReturnType<typeof parseJsonTree> | undefined;
  try {
    tree = parseJsonTree(text);
  } catch {
    tree = undefined; // JSON.parse took it; a BOM or a depth the tree refuses: line 1 then
  }
  return found.map((d) => ({
    severity: 'error' as const,
    file,
    ...(tree ? lineColumn(text, locate(tree, d.path, 'key')) : { line: 1, column: 1 }),
    message: d.message,
    hint: LOCK_REBUILD_HINT,
  }));
}

/** Reads `<tokens dir>/sync.lock.json` (or the staged text) and returns its problems. */
export async function checkLockText(
  root: string,
  dir: string,
  staged?: (file: string) => Promise<string | undefined>,
  files?: TokenSet,
): Promise<Diagnostic[]> {
  const file = path.join(root, dir, LOCK_NAME);
  const text = staged ? await staged(file) : await readTextFile(file);
  if (text === undefined) return [];
  return lockTextProblems(text, path.relative(root, file).split(path.sep).join('/'), files);
}

/**
 * For the sync commands: the first way the lock disagrees with itself or the token files, as an error
 * at its position (LOCK_FILE_MERGED), before any request. Undefined when they agree.
 */
export async function lockAgreementError(
  root: string,
  dir: string,
  lock: unknown,
  files: TokenSet,
): Promise<TokenFileError | undefined> {
  if (lockDisagreements(lock, files).length === 0) return undefined;
  const file = path.join(root, dir, LOCK_NAME);
  const text = (await readTextFile(file)) ?? '';
  const shown = path.relative(root, file).split(path.sep).join('/');
  const [first] = disagreementDiagnostics(text, lock, shown, files);
  return first ? new TokenFileError(first, { code: 'LOCK_FILE_MERGED' }) : undefined;
}
