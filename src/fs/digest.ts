/**
 * Content digests for the result caches (docs/caching.md): what a command read, as one SHA-256.
 * Every file under a folder counts, by its path and its bytes (not its time stamps), so any changed,
 * added or removed byte or file gives another digest; nothing is parsed or decoded.
 */
import { createHash, type Hash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
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
 * missing folder is a part of its own. Files are read in parallel; nothing is decoded.
 */
export async function addFolder(hash: Hash, label: string, dir: string): Promise<void> {
  let names: string[];
  try {
    names = (await readdir(dir, { recursive: true }))
      .map(String)
      .filter((n) => !SKIPPED.test(n))
      .sort();
  } catch (err) {
    addPart(hash, `${label}:${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`, undefined);
    return;
  }
  const bytes = await Promise.all(names.map((n) => regularBytes(path.join(dir, n))));
  hash.update(`${label}\u0000${names.length}\u0000`);
  names.forEach((n, i) => {
    const b = bytes[i]!;
    const rel = n.split(path.sep).join('/');
    if (typeof b === 'string') addPart(hash, `${rel}:${b}`, undefined);
    else addPart(hash, rel, b);
  });
}

export function newDigest(): Hash {
  return createHash('sha256');
}

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * A regular file's bytes, or what stands there instead ('dir', 'special', 'unreadable'). Opened
 * without blocking and checked on the open handle, as fs/read.ts does: a FIFO is never waited on.
 */
async function regularBytes(file: string): Promise<Buffer | string> {
  let handle;
  try {
    handle = await open(file, FLAGS);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EISDIR' ? 'dir' : 'unreadable';
  }
  try {
    const st = await handle.stat();
    if (st.isDirectory()) return 'dir';
    if (!st.isFile()) return 'special';
    return await handle.readFile();
  } catch {
    return 'unreadable';
  } finally {
    await handle.close();
  }
}
