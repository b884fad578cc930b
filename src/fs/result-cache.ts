/**
 * Where the result caches live and how an entry is kept (docs/caching.md): one JSON file per cache
 * under `<project root>/.tokensync/cache/`, holding the key it was written for and the result. The
 * folder carries its own `.gitignore` (`*`), so it is never committed even where `.tokensync/` is not
 * ignored. An entry is only ever a hint: it is used when its key equals the key of the files as they
 * are now, and a cache that cannot be read or written is no cache (the command does its full work).
 */
import { closeSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

export const CACHE_DIR = '.tokensync/cache';

/**
 * tokensync's own identity in every key: its version and the time this module was built or
 * installed, so that a rebuilt or reinstalled tokensync never replays another build's result.
 */
export function toolStamp(version: string): string {
  let built = '';
  try {
    built = String(statSync(fileURLToPath(import.meta.url)).mtimeMs);
  } catch {
    built = 'unknown';
  }
  return `tokensync ${version} ${built}`;
}

interface Entry<T> {
  key: string;
  value: T;
}

/** The cache folder's own `.gitignore`: nothing in it is ever committed. */
const GITIGNORE = '# tokensync result caches (docs/caching.md)\n*\n';

/** A temporary name beside a cache file, renamed over it once written. */
export function cacheFileTemp(file: string): string {
  return `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * Writes `parts` one after another to `tmp` (a cacheFileTemp name), the folder and its `.gitignore`
 * made first when missing; synchronous, for a binary entry (tokens/read/model-cache.ts). Throws.
 */
export function writeCacheFile(tmp: string, parts: readonly Uint8Array[]): void {
  const dir = path.dirname(tmp);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(dir, '.gitignore'), GITIGNORE, { flag: 'wx' });
  } catch {
    // already there
  }
  const fd = openSync(tmp, 'wx');
  try {
    for (const part of parts) for (let at = 0; at < part.length; ) at += writeSync(fd, part, at);
  } finally {
    closeSync(fd);
  }
}

function fileOf(root: string, name: string): string {
  return path.join(root, CACHE_DIR, `${name}.json`);
}

/** The value stored under `name` when it was written for `key`; undefined otherwise. */
export async function readEntry<T>(root: string, name: string, key: string): Promise<T | undefined> {
  try {
    const entry = JSON.parse(await readFile(fileOf(root, name), 'utf8')) as Entry<T>;
    return entry.key === key ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Stores `value` under `name` for `key`, atomically (a temporary file renamed over the entry), so a
 * concurrent run reads the old entry or the new one, never half of one. Failures are ignored.
 */
export async function writeEntry<T>(root: string, name: string, key: string, value: T): Promise<void> {
  const file = fileOf(root, name);
  const tmp = cacheFileTemp(file);
  try {
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, '.gitignore'), GITIGNORE, {
      flag: 'wx',
    }).catch(() => undefined);
    await writeFile(tmp, JSON.stringify({ key, value } satisfies Entry<T>));
    await rename(tmp, file);
  } catch {
    await rm(tmp, { force: true }).catch(() => undefined);
  }
}
