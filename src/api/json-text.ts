/**
 * The text of a JSON answer for JSON.parse, from the chunks it arrived in (docs/benchmarks.md "No-op
 * pull and push, cold: the lock, the layout test, the remote model (eighth round)"). A variables
 * answer is a few MB, nearly all ASCII; a few characters outside it (a "…" in a value) made the usual
 * decode, `Buffer.concat(chunks).toString('utf8')`, a two-byte string twice the answer's size, each
 * page of it a fresh page (a page fault each). Here the chunks are joined into one buffer with room
 * to spare, each run of characters outside ASCII is written in place as its `\uXXXX` escapes, and the
 * buffer is copied once into a one-byte string. JSON allows such characters only inside strings,
 * where the escape is the same character, so the text parses to the same value, and is invalid JSON
 * exactly where the decoded text is (the same idea as the token reader's, tokens/read/escaped.ts).
 * Invalid UTF-8, a backslash right before such a character (`"x\é"`, an invalid escape that would
 * become the valid `\\u00e9`) and an answer whose escapes need more room take the usual decode.
 */
import { isAscii, isUtf8 } from 'node:buffer';

/** Room past the answer for its escapes (a run of n bytes takes at most 2n more: "é", 2 bytes, is 6). */
const SPARE = 64 * 1024;

/** The answer's text (escaped where it is not ASCII, see above); '' for no bytes. */
export function jsonText(chunks: readonly Buffer[]): string {
  let size = 0;
  for (const c of chunks) size += c.length;
  if (size === 0) return '';
  const buf = Buffer.allocUnsafeSlow(size + Math.min(SPARE, 2 * size));
  let at = 0;
  for (const c of chunks) at += c.copy(buf, at);
  const bytes = buf.subarray(0, size);
  if (isAscii(bytes)) return buf.toString('latin1', 0, size);
  if (!isUtf8(bytes)) return bytes.toString('utf8');
  const end = escapeInPlace(buf, size);
  return end === undefined ? bytes.toString('utf8') : buf.toString('latin1', 0, end);
}

/** Where a run of bytes outside ASCII starts and ends, and its characters. */
interface Run {
  from: number;
  to: number;
  chars: string;
}

/**
 * Each run of bytes outside ASCII in `buf[0, size)` replaced by the `\uXXXX` escapes of its
 * characters, in place, from the last run back (each move is `copyWithin`, which allows overlap).
 * Returns the escaped text's end, or undefined (nothing changed) when it does not fit or a backslash
 * comes right before a run.
 */
function escapeInPlace(buf: Buffer, size: number): number | undefined {
  const runs: Run[] = [];
  let extra = 0;
  for (let from = firstNonAscii(buf, 0, size); from !== -1; ) {
    if (from > 0 && buf[from - 1] === 0x5c) return undefined;
    let to = from + 1;
    while (to < size && buf[to]! >= 0x80) to++;
    const chars = buf.toString('utf8', from, to);
    runs.push({ from, to, chars });
    extra += chars.length * 6 - (to - from);
    from = firstNonAscii(buf, to, size);
  }
  if (size + extra > buf.length) return undefined;
  let end = size + extra;
  let rest = size;
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    const tail = rest - run.to;
    buf.copyWithin(end - tail, run.to, rest);
    end -= tail + run.chars.length * 6;
    for (let c = 0; c < run.chars.length; c++)
      buf.write(`\\u${run.chars.charCodeAt(c).toString(16).padStart(4, '0')}`, end + c * 6, 'latin1');
    rest = run.from;
  }
  return size + extra;
}

/** The first byte at or after `from` (before `size`) outside ASCII, or -1: isAscii (SIMD) on growing windows, then halves. */
function firstNonAscii(buf: Buffer, from: number, size: number): number {
  let lo = from;
  let step = 256;
  while (lo < size) {
    let hi = Math.min(size, lo + step);
    if (!isAscii(buf.subarray(lo, hi))) {
      while (hi - lo > 32) {
        const mid = (lo + hi) >>> 1;
        if (isAscii(buf.subarray(lo, mid))) lo = mid;
        else hi = mid;
      }
      for (let i = lo; i < hi; i++) if (buf[i]! >= 0x80) return i;
    }
    lo = hi;
    if (step < 65536) step *= 2;
  }
  return -1;
}
