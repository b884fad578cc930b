/**
 * The fast proof that a parse needs nothing more (read/parse.ts): every key of the text, in text
 * order, is the key `JSON.parse` gave at the same place of a depth-first walk, and the nesting is
 * within json-depth.ts's limit. Then no key is a duplicate (JSON.parse keeps one of two, so the text
 * would hold a key more than the walk) and each object's order is the written order (two orders of
 * distinct keys differ at their first key), which is what the pre-parse scan would find, at a
 * fraction of its cost. The keys are found by native substring searches from one string to the next
 * (a string followed by `:` is a key in valid JSON) and compared in place: no match object and no
 * substring per string (docs/benchmarks.md "The cold read").
 * False is no verdict: the caller scans as before (an escaped key, a reordered or duplicate key,
 * deep nesting).
 */
import { MAX_JSON_DEPTH } from '../json-depth.js';

/** Where the walk of the text stands: just after the last key found. */
interface Cursor {
  text: string;
  pos: number;
}

export function keysAsWritten(text: string, json: unknown): boolean {
  const c: Cursor = { text, pos: 0 };
  if (typeof json === 'object' && json !== null && !sameKeys(json, c, 1)) return false;
  return nextKeyIs(c, undefined);
}

/**
 * Moves past the next key of the text; true when it is `k` exactly as written (`undefined`: when the
 * text holds no further key). A key with an escape never equals its parsed form as written: false.
 */
function nextKeyIs(c: Cursor, k: string | undefined): boolean {
  const { text } = c;
  let pos = c.pos;
  for (;;) {
    const start = text.indexOf('"', pos);
    let end = start === -1 ? -1 : text.indexOf('"', start + 1);
    // The usual quote has no backslash before it: the run of them is counted only when it has.
    while (end !== -1 && text.charCodeAt(end - 1) === 92 && escaped(text, end)) end = text.indexOf('"', end + 1);
    if (end === -1) {
      c.pos = text.length;
      return k === undefined;
    }
    pos = end + 1;
    let i = pos;
    let ch = text.charCodeAt(i);
    while (ch === 32 || ch === 10 || ch === 13 || ch === 9) ch = text.charCodeAt(++i);
    if (ch !== 58 /* : */) continue; // a string value
    c.pos = i + 1;
    return k !== undefined && end - start - 1 === k.length && text.startsWith(k, start + 1);
  }
}

/** Whether the quote at `quote` is escaped (an odd run of backslashes before it). */
function escaped(text: string, quote: number): boolean {
  let n = 0;
  for (let i = quote - 1; text.charCodeAt(i) === 92; i--) n++;
  return (n & 1) === 1;
}

function sameKeys(node: object, c: Cursor, depth: number): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (Array.isArray(node)) {
    for (const v of node) if (typeof v === 'object' && v !== null && !sameKeys(v, c, depth + 1)) return false;
    return true;
  }
  // Object.keys, not for-in: no walk of the prototype chain, and the same own keys in the same order.
  const keys = Object.keys(node);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (!nextKeyIs(c, k)) return false;
    const v = (node as Record<string, unknown>)[k];
    if (typeof v === 'object' && v !== null && !sameKeys(v, c, depth + 1)) return false;
  }
  return true;
}
