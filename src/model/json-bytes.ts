/**
 * JSON text from UTF-8 bytes as a one-byte string (docs/benchmarks.md "No-op pull and push, cold: the
 * lock, the layout test, the remote model (eighth round)"). A few characters outside ASCII (a "…" in
 * a value) make the usual decode of a lock or a service answer a two-byte string twice the size of
 * its bytes, each page of it a fresh page to fault in. JSON allows such characters only inside
 * strings, where the `\uXXXX` escape is the same character, so the text with each run of them
 * written as escapes parses to the same value and is invalid JSON exactly where the decoded text is
 * (the token reader's escaped text, tokens/read/escaped.ts, rests on the same). One exception: a
 * backslash right before such a character (`"x\é"`, an invalid escape) would become the valid
 * `\\u00e9`, so such bytes are decoded as they are. Nothing of the project is imported: the API
 * client and the lock's reader both use it.
 */
import { isAscii, isUtf8 } from 'node:buffer';

/**
 * The one-byte JSON text of `buf[0, size)`: ASCII as Latin-1; valid UTF-8 with each run outside
 * ASCII replaced in place by its escapes, in the room `buf` has past `size`. Undefined, with `buf`
 * unchanged, where the bytes are to be decoded as they are: invalid UTF-8, a backslash right before
 * a run, or escapes that need more room (a run of n bytes takes at most 2n more: "é", 2 bytes, is 6).
 */
export function oneByteJsonText(buf: Buffer, size: number): string | undefined {
  const bytes = buf.subarray(0, size);
  if (isAscii(bytes)) return buf.toString('latin1', 0, size);
  if (!isUtf8(bytes)) return undefined;
  const end = escapeInPlace(buf, size);
  return end === undefined ? undefined : buf.toString('latin1', 0, end);
}

/** Where a run of bytes outside ASCII starts and ends, and its characters. */
interface Run {
  from: number;
  to: number;
  chars: string;
}

/**
 * Each run replaced by the escapes of its characters, from the last run back (each move is
 * `copyWithin`, which allows overlap). The escaped text's end, or undefined before any change.
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

/**
 * The first byte in `buf[from, size)` outside ASCII, or -1: isAscii (SIMD) on growing windows, then
 * halves, so no JavaScript loop runs over every byte.
 */
export function firstNonAscii(buf: Buffer, from: number, size: number): number {
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
