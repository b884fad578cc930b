/**
 * The fast proof that a parse needs nothing more (read/parse.ts): every key of the text, in text
 * order, is the key `JSON.parse` gave at the same place of a depth-first walk, and the nesting is
 * within json-depth.ts's limit. Then no key is a duplicate (JSON.parse keeps one of two, so the text
 * would hold a key more than the walk) and each object's order is the written order (two orders of
 * distinct keys differ at their first key), which is what the pre-parse scan would find, at a
 * fraction of its cost: the keys are found by one native regex, not a loop over every character.
 * False is no verdict: the caller scans as before (an escaped key, a reordered or duplicate key,
 * deep nesting).
 */
import { MAX_JSON_DEPTH } from '../json-depth.js';

/** A JSON string in valid JSON, and whether a `:` follows it (then it is a key). */
const STRING = /"([^"\\]*(?:\\.[^"\\]*)*)"(\s*:)?/g;

export function keysAsWritten(text: string, json: unknown): boolean {
  const keys = new RegExp(STRING);
  try {
    if (typeof json === 'object' && json !== null && !sameKeys(json, keys, text, 1)) return false;
    return nextKey(keys, text) === undefined;
  } catch {
    return false; // the regex's backtrack stack on a huge string: scan instead
  }
}

function nextKey(keys: RegExp, text: string): string | undefined {
  for (;;) {
    const m = keys.exec(text);
    if (m === null) return undefined;
    if (m[2] !== undefined) return m[1];
  }
}

function sameKeys(node: object, keys: RegExp, text: string, depth: number): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (Array.isArray(node)) {
    for (const v of node) if (typeof v === 'object' && v !== null && !sameKeys(v, keys, text, depth + 1)) return false;
    return true;
  }
  for (const k in node) {
    if (nextKey(keys, text) !== k) return false;
    const v = (node as Record<string, unknown>)[k];
    if (typeof v === 'object' && v !== null && !sameKeys(v, keys, text, depth + 1)) return false;
  }
  return true;
}
