/**
 * The text of a JSON answer for JSON.parse, from the chunks it arrived in: one-byte, each run of
 * characters outside ASCII written as escapes (model/json-bytes.ts; docs/benchmarks.md "No-op pull
 * and push, cold: the lock, the layout test, the remote model (eighth round)"). A variables answer is
 * a few MB, nearly all ASCII; its usual decode, `Buffer.concat(chunks).toString('utf8')`, made a
 * two-byte string twice the answer's size. Here the chunks are joined into one buffer with room for
 * the escapes, which are written in place, and the buffer is copied once into a string.
 */
import { oneByteJsonText } from '../model/json-bytes.js';

/** Room past the answer for its escapes: a run of n bytes takes at most 2n more. */
const SPARE = 64 * 1024;

/** The answer's text (decoded as it is where it cannot be escaped); '' for no bytes. */
export function jsonText(chunks: readonly Buffer[]): string {
  let size = 0;
  for (const c of chunks) size += c.length;
  if (size === 0) return '';
  const buf = Buffer.allocUnsafeSlow(size + Math.min(SPARE, 2 * size));
  let at = 0;
  for (const c of chunks) at += c.copy(buf, at);
  return oneByteJsonText(buf, size) ?? buf.toString('utf8', 0, size);
}
