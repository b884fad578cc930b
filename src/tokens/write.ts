/**
 * Writes files atomically and only when their bytes change (docs/architecture.md: "a no-op pull changes no byte").
 * Each file is written to a temporary file in the same folder and renamed over the target, so a crash
 * or a concurrent reader never sees half a file (rename is atomic within one file system).
 */
import { readdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic.js';
import { fsError } from '../fs/errors.js';
import { readTextFile } from '../fs/read.js';

export interface WriteResult {
  written: string[];
  removed: string[];
  unchanged: string[];
}

/** `files` and `remove` are paths relative to `dir` (with `/`); results are too, sorted. */
export async function writeFilesAtomic(
  dir: string,
  files: Map<string, string>,
  opts: { remove?: string[] } = {},
): Promise<WriteResult> {
  const result: WriteResult = { written: [], removed: [], unchanged: [] };
  for (const [rel, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const target = inside(dir, rel);
    const current = await readTextFile(target);
    if (current === text) {
      result.unchanged.push(rel);
      continue;
    }
    await writeFileAtomic(target, text);
    result.written.push(rel);
  }
  for (const rel of [...(opts.remove ?? [])].sort()) {
    const target = inside(dir, rel);
    try {
      await rm(target);
      result.removed.push(rel);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw fsError(err, target, 'write');
      continue;
    }
    // A collection folder left empty goes too, so a removed collection leaves nothing behind.
    const folder = path.dirname(target);
    if (folder !== path.resolve(dir) && (await readdir(folder)).length === 0) await rmdir(folder);
  }
  return result;
}

function inside(dir: string, rel: string): string {
  const base = path.resolve(dir);
  const target = path.resolve(base, rel);
  if (target !== base && !target.startsWith(base + path.sep)) {
    throw new TokensyncError('WRITE_OUTSIDE_DIR', `Refusing to write "${rel}": it is outside ${dir}.`, {
      hint: 'This is a bug in tokensync; please report it.',
    });
  }
  return target;
}
