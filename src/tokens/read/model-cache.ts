/**
 * The model cache (docs/caching.md "build"): the token set a clean read of the token files gave,
 * kept under the digest of every byte under the tokens folder, the tokens settings, the project
 * root and tokensync itself, so a `tokensync build` of unchanged files takes the model back instead
 * of parsing, validating and resolving every file again (at 10k variables x 2 modes, ~0.1 s against
 * ~0.8 s of CPU: docs/benchmarks.md "Full build", fifth round).
 *
 * The entry is the key (64 hex digits) followed by the set as `v8.serialize` writes it: the model is
 * plain data (docs/architecture.md "The model"), which that format gives back as it was (key order,
 * `undefined` members, shared objects), so a kept set builds the same bytes as a fresh read
 * (test/build/model-cache.test.ts). Any changed, added or removed byte under the folder, another
 * setting or another tokensync gives another key, and the files are read as always. A read that
 * fails (an error in the files) is never kept, nor one whose command is refused later, nor one
 * during which the files changed (`ModelRead.keep`). A cache that cannot be read or written is no
 * cache.
 */
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import path from 'node:path';
import type { TokensConfig } from '../../config/schema.js';
import type { TokenSet } from '../../model/types.js';
import { addFolder, addPart, newDigest } from '../../fs/digest.js';
import { CACHE_DIR, cacheFileTemp, writeCacheFile } from '../../fs/result-cache.js';

const FILE = 'model.bin';
/** A SHA-256 in hex: the entry's first bytes. */
const KEY_LENGTH = 64;

/** The key of the token files as they are now, for these settings and this tokensync (`tool`: fs/result-cache.ts toolStamp). */
export async function modelKey(root: string, config: TokensConfig, tool: string): Promise<string> {
  const hash = newDigest();
  addPart(hash, 'tool', tool);
  addPart(hash, 'root', path.resolve(root));
  addPart(hash, 'tokens', JSON.stringify(config));
  await addFolder(hash, 'files', path.resolve(root, config.dir));
  return hash.digest('hex');
}

/** The set kept for `key`, or undefined (no entry, another key, an entry that does not read back). */
export function cachedModel(root: string, key: string): TokenSet | undefined {
  try {
    const bytes = readFileSync(path.join(root, CACHE_DIR, FILE));
    if (bytes.length <= KEY_LENGTH || bytes.toString('latin1', 0, KEY_LENGTH) !== key) return undefined;
    return deserialize(bytes.subarray(KEY_LENGTH)) as TokenSet;
  } catch {
    return undefined;
  }
}

/** The set as the entry holds it; undefined when it is not plain data (nothing is kept then). */
function serialized(set: TokenSet): Buffer | undefined {
  try {
    return serialize(set);
  } catch {
    return undefined;
  }
}

/** Keeps `body` under `key`, written atomically (a concurrent run reads the old entry or the new one). */
function writeModel(root: string, key: string, body: Buffer): void {
  const file = path.join(root, CACHE_DIR, FILE);
  const tmp = cacheFileTemp(file);
  try {
    writeCacheFile(tmp, [Buffer.from(key, 'latin1'), body]);
    renameSync(tmp, file);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // a folder that cannot be written to: nothing was left there either
    }
  }
}

export interface ModelRead {
  set: TokenSet;
  /**
   * Keeps a set read from the files, once the command that read it has succeeded (a refused
   * command changes no file, the cache's included), and only when the files are still the ones
   * it read (the key taken again equals the one taken before the read). Nothing for a kept set.
   */
  keep: () => Promise<void>;
}

/**
 * The token set of the files: the kept one when the key matches, else `read()`'s. `read` throws
 * on an error in the files. The set is serialized as soon as it is read, so what is kept is the
 * set as read, whatever the command does with it afterwards.
 */
export async function readModel(
  root: string,
  config: TokensConfig,
  tool: string,
  read: () => Promise<TokenSet>,
): Promise<ModelRead> {
  const key = await modelKey(root, config, tool);
  const kept = cachedModel(root, key);
  if (kept !== undefined) return { set: kept, keep: async () => {} };
  const set = await read();
  const body = serialized(set);
  return {
    set,
    keep: async () => {
      if (body !== undefined && (await modelKey(root, config, tool)) === key) writeModel(root, key, body);
    },
  };
}
