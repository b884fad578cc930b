/**
 * "A pull is writing the token files" (docs/build.md "Watching while a pull runs"): a pull or sync
 * marks `.tokensync/writing.json` (git-ignored) with its pid for as long as it writes the token files,
 * the resolver and the lock, so `build --watch` waits until they are all written rather than building
 * a state that never existed. A mark whose process is gone (a killed pull) counts as no mark.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const markFile = (root: string): string => path.join(root, '.tokensync', 'writing.json');

/** Marks the repository as being written; the returned function removes the mark. */
export async function markWriting(root: string): Promise<() => Promise<void>> {
  const file = markFile(root);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`);
  } catch {
    return async () => {}; // a read-only checkout: watchers fall back to waiting for files to settle
  }
  return () => rm(file, { force: true });
}

/** Whether a live process is writing the token files now. */
export async function someoneWriting(root: string): Promise<boolean> {
  let pid: unknown;
  try {
    pid = (JSON.parse(await readFile(markFile(root), 'utf8')) as { pid?: unknown }).pid;
  } catch {
    return false;
  }
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
