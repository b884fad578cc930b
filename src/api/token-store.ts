/**
 * Where the OAuth token pair lives (config `service.oauth.tokenFile`, default `.tokensync/oauth.json`).
 * Refresh tokens are single-use (spec "OAuth 2.0" step 5), so a new pair is written, atomically and
 * with mode 0600, before the new access token is used: a crash after the refresh never loses the
 * only valid refresh token. A lock file keeps two tokensync processes from refreshing at once.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
  chmodSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { OAuthTokenError } from './errors.js';

export interface StoredTokenPair {
  access_token: string;
  refresh_token: string;
  /** ISO 8601; when the access token stops working (from `expires_in` at the time it was issued). */
  expires_at: string;
}

/** How long an access token lasts when the answer names no `expires_in` (the spec's typical value). */
export const DEFAULT_EXPIRES_IN_SECONDS = 14_400;

const require = createRequire(import.meta.url);

/**
 * The stored pair's schema, built when a token file is read: zod is compiled only by a run that
 * reads one, never by one with a personal token (docs/benchmarks.md "Fast paths").
 */
function storedSchema() {
  const { z } = require('zod') as typeof import('zod');
  return z.object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    expires_at: z.iso.datetime(),
  });
}

/** Reads the pair; undefined when the file does not exist. A damaged file is an error that says how to fix it. */
export function readTokenPair(file: string): StoredTokenPair | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new OAuthTokenError('OAUTH_TOKEN_FILE', `The OAuth token file ${file} cannot be read.`, {
      hint: 'Check its permissions, or run `tokensync login` again.',
      cause: err,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new OAuthTokenError('OAUTH_TOKEN_FILE', `The OAuth token file ${file} is not valid JSON.`, {
      hint: 'Delete it and run `tokensync login` again.',
    });
  }
  const parsed = storedSchema().safeParse(data);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.path.map(String).join('.') || '(root)';
    throw new OAuthTokenError(
      'OAUTH_TOKEN_FILE',
      `The OAuth token file ${file} is damaged: key "${key}" is missing or invalid.`,
      { hint: 'Delete it and run `tokensync login` again.' },
    );
  }
  return parsed.data;
}

/** Atomic write (temp file in the same folder, fsync, rename), mode 0600, folder 0700 when created. */
export function writeTokenPair(file: string, pair: StoredTokenPair): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(pair, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    chmodSync(tmp, 0o600); // the umask cannot widen it, but be explicit
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * Runs `fn` holding `<file>.lock` (created with O_EXCL). A lock older than `staleMs` is left over
 * from a crashed process and is taken over. Waiting polls every 25 ms × timeScale, up to
 * `waitMs` (counted in polls, so tests with a small time scale give up as soon, relatively).
 */
export async function withFileLock<T>(
  file: string,
  fn: () => Promise<T>,
  opts: { timeScale: number; staleMs?: number; waitMs?: number } = { timeScale: 1 },
): Promise<T> {
  const lock = `${file}.lock`;
  const staleMs = opts.staleMs ?? 30_000;
  const waitMs = opts.waitMs ?? 60_000;
  mkdirSync(path.dirname(lock), { recursive: true, mode: 0o700 });
  for (let polls = 0; ; polls++) {
    try {
      closeSync(openSync(lock, 'wx', 0o600));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > staleMs) {
        rmSync(lock, { force: true });
        continue;
      }
      if (polls * 25 > waitMs) {
        throw new OAuthTokenError(
          'OAUTH_LOCKED',
          `Another tokensync process has been refreshing the OAuth token (${lock}) for too long.`,
          {
            hint: `If no other tokensync is running, delete ${lock} and try again.`,
          },
        );
      }
      await sleep(25 * opts.timeScale);
    }
  }
  try {
    return await fn();
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      // already removed as stale by another process: nothing to undo
    }
  }
}
