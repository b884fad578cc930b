/**
 * The one way tokensync writes a file: to a temporary file in the same folder, then renamed over the
 * target. Rename is atomic within a file system, so a crash or a concurrent reader never sees half a
 * file (the standards: "files are written atomically").
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fsError } from './errors.js';

export async function writeFileAtomic(file: string, data: string, opts: { mode?: number } = {}): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
  } catch (err) {
    // ENOTDIR/EEXIST: a file stands where a folder on the way should be (e.g. `build --out FILE`).
    throw fsError(err, file, 'write');
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, data, { encoding: 'utf8', ...(opts.mode === undefined ? {} : { mode: opts.mode }) });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw fsError(err, file, 'write');
  }
}
