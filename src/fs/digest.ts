/**
 * Content digests for the result caches (docs/caching.md): what a command read, as one SHA-256.
 * Every file under a folder counts, by its path and its bytes (not its time stamps), so any changed,
 * added or removed byte or file gives another digest; nothing is parsed or decoded.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';

/** Adds a labelled part to the hash: its label, its length and its bytes, so parts never run together. */
export function addPart(hash: Hash, label: string, bytes: string | Buffer | undefined): void {
  if (bytes === undefined) {
    hash.update(`${label}\u0000-\u0000`);
    return;
  }
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  hash.update(`${label}\u0000${data.length}\u0000`);
  hash.update(data);
}

/** Never read by a command that is cached, and large or our own (a tokens folder that is the root). */
const SKIPPED = /^(\.git|\.tokensync)([\\/]|$)/;

/**
 * Every entry under `dir` (recursively, sorted by path) with its bytes; a folder is named as one. A
 * missing folder is a part of its own. Nothing is decoded, and each file is read once into one
 * reused buffer that feeds the hash (no copy of the file is kept): a tokens folder of a few files is
 * hashed in a few milliseconds (docs/benchmarks.md "Fast paths"), where reading every file into its
 * own buffer in parallel took several times as long.
 */
export async function addFolder(hash: Hash, label: string, dir: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((n) => !SKIPPED.test(n))
      .sort();
  } catch (err) {
    addPart(hash, `${label}:${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`, undefined);
    return;
  }
  hash.update(`${label}\u0000${names.length}\u0000`);
  for (const n of names) addFile(hash, n.split(path.sep).join('/'), path.join(dir, n));
}

export function newDigest(): Hash {
  return createHash('sha256');
}

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const CHUNK = 1 << 20;
let chunk: Buffer | undefined;

/**
 * A regular file's part (its path, its size, its bytes), or what stands there instead ('dir',
 * 'special', 'unreadable'). Opened without blocking and checked on the open handle, as fs/read.ts
 * does: a FIFO is never waited on. A file that grew or shrank while it was read adds the count it
 * gave, so its part never reads as another file's.
 */
function addFile(hash: Hash, rel: string, file: string): void {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (err) {
    addPart(hash, `${rel}:${(err as NodeJS.ErrnoException).code === 'EISDIR' ? 'dir' : 'unreadable'}`, undefined);
    return;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) {
      addPart(hash, `${rel}:${st.isDirectory() ? 'dir' : 'special'}`, undefined);
      return;
    }
    hash.update(`${rel}\u0000${st.size}\u0000`);
    chunk ??= Buffer.allocUnsafeSlow(CHUNK);
    let total = 0;
    for (let n = readSync(fd, chunk, 0, CHUNK, null); n > 0; n = readSync(fd, chunk, 0, CHUNK, null)) {
      hash.update(chunk.subarray(0, n));
      total += n;
    }
    if (total !== st.size) hash.update(`\u0000${rel}:read ${total}\u0000`);
  } catch {
    addPart(hash, `${rel}:unreadable`, undefined);
  } finally {
    closeSync(fd);
  }
}
