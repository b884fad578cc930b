/** Identifiers and secrets of the local service, shaped like the real service's. */
import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function alnum(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** Numeric string ids, as user and team ids are. */
export function numericId(digits = 19): string {
  let s = String(randomInt(1, 10));
  for (let i = 1; i < digits; i++) s += String(randomInt(10));
  return s;
}

/**
 * A stable key (styles, components, variables): 40 hex characters, derived from the file key and the
 * object's id rather than drawn at random, so the same seed gives the same keys on every machine. The
 * embedded local service relies on it: a fresh clone's committed lock must match a freshly seeded file.
 */
// One-shot crypto.hash (Node >= 20.12): the same digest without a Hash object per call; a POST of
// 10k variables makes 10k keys.
export const stableKey = (fileKey: string, id: string): string => hash('sha1', `${fileKey}\u0000${id}`, 'hex');

/** A secret with a recognisable prefix (tokens, codes); 32 random bytes. */
export const secret = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;

export const digest = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * Constant-time equality of two secrets: compares equal-length SHA-256 digests, so neither the length
 * nor a prefix of a secret shows in the time taken.
 */
export function secretEquals(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
