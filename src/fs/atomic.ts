/**
 * The one way tokensync writes a file: to a temporary file in the same folder, then renamed over the
 * target. Rename is atomic within a file system, so a crash or a concurrent reader never sees half a
 * file (the standards: "files are written atomically").
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fsError } from './errors.js';

export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  opts: { mode?: number } = {},
): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
  } catch (err) {
    // ENOTDIR/EEXIST: a file stands where a folder on the way should be (e.g. `build --out FILE`).
    throw fsError(err, file, 'write');
  }
  // The writer's pid is in the name, so a later run can tell a temporary file a killed run left
  // (its process is gone) from one a running writer is still filling (removeStaleTemps).
  const tmp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    // A string is encoded first: fs/promises writeFile encodes it chunk by chunk, ~12x the CPU of one
    // Buffer.from at megabytes (a 2.8 MB journal: 32 ms against 2.6 ms on Node 20).
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await writeFile(tmp, bytes, opts.mode === undefined ? {} : { mode: opts.mode });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw fsError(err, file, 'write');
  }
}

const TEMP = /^\..+\.(\d+)-[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temporary files that killed writers left under `dir` (recursively), so that nothing
 * such as `git add -A` ever picks them up. A file whose writer still runs is left alone.
 * Returns the paths removed.
 */
export async function removeStaleTemps(dir: string): Promise<string[]> {
  const removed: string[] = [];
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return removed;
  }
  for (const e of entries) {
    const m = e.isFile() ? TEMP.exec(e.name) : null;
    if (!m || alive(Number(m[1]))) continue;
    const file = path.join(e.parentPath, e.name);
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
