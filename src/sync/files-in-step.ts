/**
 * Whether a pull with nothing to pull may leave the token files alone without rendering them
 * (docs/sync.md "Performance" and "Formatting drift"). Rendering every file to compare it with the
 * disk was the largest part of a no-op sync (~370 ms of ~3 s at 10k variables x 2 modes).
 *
 * Called only when the 3-way diff has no repository change: the set a pull would write is then the
 * set just read from these very files (every field the repository's, docs/architecture.md "Sync semantics"), so
 * what a render could still change is presentation only. The policy (docs/sync.md "Formatting drift"):
 * - layout drift IS a change: a file not in tokensync's layout (2-space indent, one key per line,
 *   `": "`, no trailing spaces, a final newline), a file missing or extra for the collections and
 *   modes, files mapped to other paths than the layout's, or a resolver document that is not what
 *   tokensync writes for them. Any of these sends the caller to the full render, which rewrites them;
 * - a file in that layout that spells the same model differently (a value written another equal way,
 *   a `$type` inherited from its group, an empty group) is NOT a change on its own: it stays as the
 *   user wrote it until the next pull that has something to write renders the files again.
 */
import type { TokenSet } from '../model/types.js';
import { toJsonText } from '../tokens/json-write.js';
import type { TokenSources } from '../tokens/read/index.js';
import type { WrittenOrder } from '../tokens/read/parse.js';
import { inPlainLayout, layoutsFor } from '../tokens/render.js';
import { RESOLVER_FILE, renderResolver } from '../tokens/resolver-doc.js';

/**
 * @param set what a pull would write (the merged set; equal to the repository's when the diff has no
 *   repository change)
 * @param sources the files as read (text and parsed JSON)
 * @param onDisk every `*.tokens.json` under the tokens folder, relative, with `/`
 */
export function filesInStep(set: TokenSet, sources: TokenSources, onDisk: readonly string[]): boolean {
  if (set.collections.length === 0) return onDisk.length === 0;
  // Where a write would put each collection (render.ts: a hand-written repository keeps its files).
  const { layouts, keptResolver } = layoutsFor(set, sources);

  // The files the layout names, mapped as the reader mapped them, and no others.
  const expected = new Set<string>();
  for (const l of layouts) {
    const read = sources.modeFiles.get(l.collection.name);
    if (!read || read.size !== l.files.size) return false;
    for (const [mode, file] of l.files) {
      if (read.get(mode) !== file) return false;
      expected.add(file);
    }
  }
  if (sources.modeFiles.size !== layouts.length || onDisk.length !== expected.size) return false;
  if (!onDisk.every((f) => expected.has(f))) return false;

  // The resolver is small: render it and compare the bytes.
  const resolver = sources.files.get(RESOLVER_FILE);
  if (
    resolver?.json === undefined ||
    (keptResolver
      ? !inPlainLayout(resolver.text)
      : resolver.text !== toJsonText(renderResolver(layouts, resolver.json)))
  )
    return false;

  for (const file of expected) {
    const source = sources.files.get(file);
    if (source === undefined || !inLayout(source.text, source.written)) return false;
  }
  return true;
}

/** An integer-like key (`"500":`) that no backslash escapes: JSON.parse would move it to the front. */
const INTEGER_KEY = /(?<!\\)"(0|[1-9]\d*)"(?=\s*:)/g;

/**
 * The text is exactly `JSON.stringify(parsed, null, 2)` plus a newline, which is the layout of
 * tokens/json-write.ts `toJsonText`, in the key order written. JSON.parse puts integer-like keys
 * first, so those are marked with a `\u0001` prefix on both sides of the comparison first: the mark
 * is not an integer-like key, survives the round trip as the same six characters, and changes no
 * line or indent, so the texts compare equal exactly when the original is in layout. (A stray match
 * inside a string value is marked on both sides too and cannot make a wrong layout look right.)
 */
export function inLayout(text: string, written?: WrittenOrder): boolean {
  if (!text.endsWith('}\n')) return false;
  // The reader's parse marked the same keys with a `\u000N` escape (or found none): the same
  // comparison, without parsing the file a second time (read/parse.ts).
  if (written?.parsedText !== undefined) {
    const parsed = written.parsedText;
    // The same verdict without writing the text again: a lexical check (`laidOut`), and the count of
    // keys, which a duplicate key (JSON.parse keeps one) would make differ. A lone surrogate, which
    // JSON.stringify escapes, takes the comparison (a decoded file holds none).
    if (!(parsed as unknown as { isWellFormed(): boolean }).isWellFormed())
      return `${JSON.stringify(written.json, null, 2)}\n` === parsed;
    const keys = laidOut(parsed);
    return keys >= 0 && keys === keyCount(written.json);
  }
  const marked = text.includes('\\u0001') ? undefined : text.replace(INTEGER_KEY, '"\\u0001$1"');
  if (marked === undefined) return false; // cannot mark unambiguously: let the render decide
  let json: unknown;
  try {
    json = JSON.parse(marked);
  } catch {
    return false;
  }
  return `${JSON.stringify(json, null, 2)}\n` === marked;
}

/**
 * Whether a valid JSON text is laid out exactly as `JSON.stringify(JSON.parse(text), null, 2)` plus a
 * newline would write it, keys in the order written: the number of keys when it is, else -1. Writing
 * the text again to compare took ~90-100 ms of a cold no-op pull at 10k x 2 (4.5 MB; docs/benchmarks.md
 * "No-op pull and push, and the initial push: the service and the lock (fifth round)"). What
 * `JSON.stringify` writes, with a 2-space indent: no space but one after each key's colon; each member
 * of a non-empty object or array on its own line, one level deeper; `{}` and `[]` when empty; a string
 * as written unless it holds a backslash (then its escapes must be `JSON.stringify`'s: checked by
 * writing that one string again); a number as `String(number)` spells it.
 */
function laidOut(text: string): number {
  const closing: number[] = []; // the close character of each open container
  const indents = [''];
  const indent = (depth: number): string => (indents[depth] ??= '  '.repeat(depth));
  let nextBackslash = text.indexOf('\\');
  let keys = 0;
  let i = 0;
  let wantKey = false;
  for (;;) {
    if (wantKey) {
      // A key, then `": "`.
      const end = stringEnd(text, i);
      if (end < 0 || !canonicalString(text, i, end, nextBackslash)) return -1;
      if (nextBackslash >= 0 && nextBackslash < end) nextBackslash = text.indexOf('\\', end);
      if (text.charCodeAt(end) !== 58 || text.charCodeAt(end + 1) !== 32) return -1; // ': '
      keys += 1;
      i = end + 2;
      wantKey = false;
    }
    // A value at i.
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91) {
      const close = c === 123 ? 125 : 93;
      if (text.charCodeAt(i + 1) === close) i += 2;
      else {
        closing.push(close);
        const pad = indent(closing.length);
        if (text.charCodeAt(i + 1) !== 10 || !text.startsWith(pad, i + 2)) return -1;
        i += 2 + pad.length;
        wantKey = c === 123;
        continue;
      }
    } else if (c === 34) {
      const end = stringEnd(text, i);
      if (end < 0 || !canonicalString(text, i, end, nextBackslash)) return -1;
      if (nextBackslash >= 0 && nextBackslash < end) nextBackslash = text.indexOf('\\', end);
      i = end;
    } else {
      let end = i;
      for (let d = c; end < text.length && d !== 44 && d !== 10; d = text.charCodeAt(++end));
      const token = text.slice(i, end);
      if (token !== 'true' && token !== 'false' && token !== 'null' && String(Number(token)) !== token) return -1;
      i = end;
    }
    // After a value: the next member, or the container's end (maybe several).
    for (;;) {
      if (closing.length === 0) return i === text.length - 1 && text.charCodeAt(i) === 10 ? keys : -1;
      const pad = indent(closing.length);
      if (text.charCodeAt(i) === 44) {
        if (text.charCodeAt(i + 1) !== 10 || !text.startsWith(pad, i + 2)) return -1;
        i += 2 + pad.length;
        wantKey = closing[closing.length - 1] === 125;
        break;
      }
      const close = closing.pop()!;
      const outer = indent(closing.length);
      if (
        text.charCodeAt(i) !== 10 ||
        !text.startsWith(outer, i + 1) ||
        text.charCodeAt(i + 1 + outer.length) !== close
      )
        return -1;
      i += 2 + outer.length;
    }
  }
}

/** The offset just past the string that opens at `start` (a `"`), or -1. */
function stringEnd(text: string, start: number): number {
  if (text.charCodeAt(start) !== 34) return -1;
  let q = text.indexOf('"', start + 1);
  for (;;) {
    if (q < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 92) slashes += 1;
    if (slashes % 2 === 0) return q + 1;
    q = text.indexOf('"', q + 1);
  }
}

/** A string token spelled as `JSON.stringify` spells its value: with no backslash, or with its escapes. */
function canonicalString(text: string, start: number, end: number, nextBackslash: number): boolean {
  if (nextBackslash < 0 || nextBackslash >= end) return true;
  const token = text.slice(start, end);
  return JSON.stringify(JSON.parse(token)) === token;
}

/** Keys of every object in a parsed JSON value. */
function keyCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (const item of value) n += keyCount(item);
    return n;
  }
  for (const key in value) n += 1 + keyCount((value as Record<string, unknown>)[key]);
  return n;
}
