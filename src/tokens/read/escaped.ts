/**
 * A token file that is not ASCII, parsed without decoding it (docs/architecture.md "The stages"):
 * the fatal TextDecoder took ~10 ms for a 560 KB file with a few such characters (about what its
 * JSON.parse takes; docs/benchmarks.md "The cold read"), and the text is needed only to place a
 * problem or to edit the file. JSON allows a character outside ASCII only inside a string, where
 * `\uXXXX` is the same character, so the one-byte text below is valid JSON exactly when the file
 * is, and JSON.parse gives the same value. The real text is decoded on first use.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { decodeStrict, readFileBytesSync } from '../../fs/read.js';

/** A valid UTF-8 file with characters outside ASCII: the one-byte text to parse, and the file's text on demand. */
export interface EscapedText {
  escaped: string;
  text: () => string;
}

/** Each run of bytes outside ASCII (whole characters in valid UTF-8). */
const NON_ASCII = /[\x80-\xff]+/g;

/**
 * The file's text (ASCII: a plain copy), or the escaped text of a valid UTF-8 file; invalid UTF-8
 * throws the error naming file:line:column, as every read of a token file does (fs/read.ts).
 */
export async function readTokenText(file: string): Promise<string | EscapedText | undefined> {
  const bytes = readFileBytesSync(file);
  if (bytes === undefined) return undefined;
  if (isAscii(bytes) || !isUtf8(bytes)) return decodeStrict(bytes, file);
  return { escaped: escapedJsonText(bytes), text: () => decodeStrict(bytes, file) };
}

/** Valid UTF-8 as one-byte JSON text: every character outside ASCII as its `\uXXXX` escape(s). */
export function escapedJsonText(bytes: Buffer): string {
  // Latin-1 maps byte i to character i, so a run's offset in the text is its offset in the bytes.
  return bytes.toString('latin1').replace(NON_ASCII, (run: string, at: number) => {
    const chars = bytes.toString('utf8', at, at + run.length);
    let out = '';
    for (let i = 0; i < chars.length; i++) out += `\\u${chars.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}
