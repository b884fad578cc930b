/**
 * A token file that is not ASCII, parsed without decoding it (docs/architecture.md "The stages"):
 * the fatal TextDecoder took ~10 ms for a 560 KB file with a few such characters (about what its
 * JSON.parse takes; docs/benchmarks.md "The cold read"), and the text is needed only to place a
 * problem or to edit the file. JSON allows a character outside ASCII only inside a string, where
 * `\uXXXX` is the same character, so the one-byte text below is valid JSON exactly when the file
 * is, and JSON.parse gives the same value. One exception: a backslash right before such a character
 * (`"x\é"`, an invalid escape) would become a valid `\\u00e9`; such a file is decoded and parsed as it
 * is, so it fails where it should. The real text is decoded on first use.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { decodeStrict, readFileBytesShared } from '../../fs/read.js';
import { firstNonAscii } from '../../model/json-bytes.js';

/** A valid UTF-8 file with characters outside ASCII: the one-byte text to parse, and the file's text on demand. */
export interface EscapedText {
  escaped: string;
  text: () => string;
  /**
   * Whether the file's text is `head` followed by `tail`, compared without decoding the file or
   * joining the two (docs/benchmarks.md "No-op pull and push, cold: the lock, the layout test, the
   * remote model (eighth round)"). Absent: compare with `text()`.
   */
  textIs?: (head: string, tail: string) => boolean;
}

/**
 * The file's text (ASCII: a plain copy), or the escaped text of a valid UTF-8 file; invalid UTF-8
 * throws the error naming file:line:column, as every read of a token file does (fs/read.ts).
 * The bytes are read into fs/read.ts's shared buffer and copied once, into the one string JSON.parse
 * is given (docs/benchmarks.md "The cold read"): nothing here awaits before that copy.
 */
export async function readTokenText(file: string): Promise<string | EscapedText | undefined> {
  const bytes = readFileBytesShared(file);
  if (bytes === undefined) return undefined;
  if (isAscii(bytes) || !isUtf8(bytes)) return decodeStrict(bytes, file);
  const done = escape(bytes);
  if (done === undefined) return decodeStrict(bytes, file);
  const { escaped, runs } = done;
  return {
    escaped,
    text: () => unescape(escaped, runs),
    textIs: (head, tail) => unescapedIs(escaped, runs, head, tail),
  };
}

/** Whether `text` is `head` followed by `tail`, without joining them (a join is a copy of both, flattened to compare). */
export function isJoined(text: string, head: string, tail: string): boolean {
  return text.length === head.length + tail.length && text.endsWith(tail) && text.startsWith(head);
}

/** The file's text of what readTokenText gave (an escaped text decoded), or undefined for no file. */
export function textOf(read: string | EscapedText | undefined): string | undefined {
  return typeof read === 'object' ? read.text() : read;
}

/**
 * Valid UTF-8 as one-byte JSON text: every character outside ASCII as its `\uXXXX` escape(s); undefined
 * where a backslash comes right before one (the escape would turn invalid JSON into valid JSON).
 */
export function escapedJsonText(bytes: Buffer): string | undefined {
  return escape(bytes)?.escaped;
}

/** A run of characters outside ASCII: where its escapes start in the escaped text, their length, the characters. */
interface Run {
  at: number;
  length: number;
  chars: string;
}

/** The buffer the escaped text is written into before its one copy into a string, kept between calls. */
let out: Buffer | undefined;

/**
 * The escaped text and its runs. The runs are found by native ASCII tests on halves of the bytes (no
 * JavaScript loop over every byte, no regex over a copy), and the text is written into a buffer and
 * copied into a string once (it was a Latin-1 copy, then a second copy by `replace`).
 */
function escape(bytes: Buffer): { escaped: string; runs: Run[] } | undefined {
  const runs: Run[] = [];
  const cuts: number[] = [];
  let extra = 0;
  for (let at = firstNonAscii(bytes, 0, bytes.length); at !== -1; ) {
    if (at > 0 && bytes[at - 1] === 0x5c) return undefined;
    let end = at + 1;
    while (end < bytes.length && bytes[end]! >= 0x80) end++;
    const chars = bytes.toString('utf8', at, end);
    runs.push({ at: at + extra, length: chars.length * 6, chars });
    cuts.push(at, end);
    extra += chars.length * 6 - (end - at);
    at = firstNonAscii(bytes, end, bytes.length);
  }
  const size = bytes.length + extra;
  if (out === undefined || out.length < size) out = Buffer.allocUnsafeSlow(size);
  let from = 0;
  let to = 0;
  runs.forEach((run, i) => {
    to += bytes.copy(out!, to, from, cuts[2 * i]);
    for (let c = 0; c < run.chars.length; c++)
      to += out!.write(`\\u${run.chars.charCodeAt(c).toString(16).padStart(4, '0')}`, to, 'latin1');
    from = cuts[2 * i + 1]!;
  });
  to += bytes.copy(out, to, from, bytes.length);
  const escaped = out.toString('latin1', 0, to);
  if (out.length > 16 * 1024 * 1024) out = undefined;
  return { escaped, runs };
}

/**
 * Whether `unescape(escaped, runs)` is `head + tail` (`tail` in ASCII): the parts between the runs
 * and each run's characters compared in place (`startsWith` at an offset copies nothing).
 */
function unescapedIs(escaped: string, runs: Run[], head: string, tail: string): boolean {
  let length = escaped.length;
  for (const run of runs) length += run.chars.length - run.length;
  // The escaped text ends with `tail` as the text does, unless a run reaches into the tail; then
  // the run's characters are missing from `head`, which the loop finds.
  if (length !== head.length + tail.length || !escaped.endsWith(tail)) return false;
  let from = 0;
  let at = 0;
  for (const run of runs) {
    if (!head.startsWith(escaped.slice(from, run.at), at)) return false;
    at += run.at - from;
    if (!head.startsWith(run.chars, at)) return false;
    at += run.chars.length;
    from = run.at + run.length;
  }
  return head.startsWith(escaped.slice(from, escaped.length - tail.length), at);
}

/** The file's text: the escaped text with each run's escapes back as its characters (what the fatal decoder gives). */
function unescape(escaped: string, runs: Run[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const run of runs) {
    parts.push(escaped.slice(from, run.at), run.chars);
    from = run.at + run.length;
  }
  parts.push(escaped.slice(from));
  return parts.join('');
}
