/**
 * `tokens/sync.lock.json` (DESIGN.md "Files in the repository"): machine-written, committed, the base
 * of the 3-way diff. Read strictly, because a silently misread base would turn into wrong merges:
 * a corrupt lock is an error that says how to recover (delete it; the next sync starts a fresh base).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { TokensConfig } from '../config/schema.js';
import { LOCK_VERSION, type Lock } from '../model/lock.js';
import { TokenFileError } from './errors.js';
import { findSyntaxError, lineColumn, locate, parseJsonTree } from './json-tree.js';
import { Ordered, sortedKeys, toJsonText, type Json } from './json-write.js';

export const LOCK_FILE = 'sync.lock.json';

const lockSchema = z
  .object({
    version: z.literal(LOCK_VERSION),
    fileKey: z.string(),
    remoteVersion: z.string(),
    collections: z.record(
      z.string(),
      z.object({ name: z.string(), key: z.string().optional(), defaultModeId: z.string(), modes: z.record(z.string(), z.string()) }).strict(),
    ),
    variables: z.record(
      z.string(),
      z
        .object({
          collectionId: z.string(),
          name: z.string(),
          key: z.string().optional(),
          fields: z
            .object({ type: z.string(), description: z.string(), scopes: z.string(), values: z.record(z.string(), z.string()) })
            .strict(),
        })
        .strict(),
    ),
  })
  .strict();

const RECOVER = 'The lock is machine-written: restore it from version control, or delete it (the next sync then treats every difference as a conflict unless --prefer repo|service).';

export async function readLock(root: string, config: TokensConfig): Promise<Lock | undefined> {
  const file = path.join(root, config.dir, LOCK_FILE);
  const display = path.relative(root, file).split(path.sep).join('/');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    const { offset, message } = findSyntaxError(text);
    throw new TokenFileError({ severity: 'error', file: display, ...lineColumn(text, offset), message: `the lock file is corrupt (${message})`, hint: RECOVER }, { code: 'LOCK_FILE_INVALID', cause });
  }
  const result = lockSchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const at = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const offset = locate(parseJsonTree(text), at, issue.code === 'unrecognized_keys' ? 'value' : 'key');
    const keyName = at.join('.') || '(root)';
    throw new TokenFileError(
      { severity: 'error', file: display, ...lineColumn(text, offset), message: `the lock file is corrupt at "${keyName}": ${issue.message}`, hint: RECOVER },
      { code: 'LOCK_FILE_INVALID' },
    );
  }
  return result.data as Lock;
}

/**
 * Sorted keys, 2-space indent, trailing newline: the same lock gives the same bytes. One exception:
 * each collection's `modes` keeps its order, which is the collection's mode order (model/lock.ts).
 */
export function renderLock(lock: Lock): string {
  const doc = sortedKeys(lock) as Ordered;
  const collections = doc.get('collections');
  if (collections instanceof Ordered) {
    for (const [id, c] of collections.entries) {
      const original = lock.collections[id]?.modes;
      if (c instanceof Ordered && original) {
        const modes = new Ordered();
        for (const [modeId, name] of Object.entries(original)) modes.set(modeId, name);
        c.set('modes', modes as Json);
      }
    }
  }
  return toJsonText(doc);
}
