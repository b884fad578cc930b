/**
 * Reading a text file the user controls (token files, the lock, the config): only a regular file is
 * read. The file is opened with O_NONBLOCK and checked with fstat on the open handle, so a FIFO or a
 * device put in a token file's place is refused without blocking (issue 11, item 7: a FIFO made
 * `check` hang forever), and there is no window between the check and the read. Errors name the
 * path and the fix (errors.ts). A missing file is `undefined`, not an error.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { fsError, notRegularFile, specialKind } from './errors.js';

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

export async function readTextFile(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, FLAGS);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fsError(err, file, 'read');
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw notRegularFile(file, specialKind(st));
    return await handle.readFile({ encoding: 'utf8' });
  } catch (err) {
    throw fsError(err, file, 'read');
  } finally {
    await handle.close();
  }
}

export function readTextFileSync(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fsError(err, file, 'read');
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw notRegularFile(file, specialKind(st));
    return readFileSync(fd, 'utf8');
  } catch (err) {
    throw fsError(err, file, 'read');
  } finally {
    closeSync(fd);
  }
}
