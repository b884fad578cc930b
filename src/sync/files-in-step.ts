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
import { isJoined } from '../tokens/read/escaped.js';
import type { TokenSources } from '../tokens/read/index.js';
import { rendersAsParsed, type WrittenOrder } from '../tokens/read/parse.js';
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
    if (source === undefined) return false;
    // Asked of the reader's parse first: a file read escaped is then never decoded here.
    const parsed = source.written === undefined ? undefined : rendersAsParsed(source.written);
    if (!(parsed ?? inLayout(source.text))) return false;
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
  // The reader's parse marked the same keys with a `\u000N` escape (or found none): the same
  // comparison, without parsing the file a second time, nor decoding one read escaped (read/parse.ts).
  const parsed = written === undefined ? undefined : rendersAsParsed(written);
  if (parsed !== undefined) return parsed;
  if (!text.endsWith('}\n')) return false;
  const marked = text.includes('\\u0001') ? undefined : text.replace(INTEGER_KEY, '"\\u0001$1"');
  if (marked === undefined) return false; // cannot mark unambiguously: let the render decide
  let json: unknown;
  try {
    json = JSON.parse(marked);
  } catch {
    return false;
  }
  return isJoined(marked, JSON.stringify(json, null, 2), '\n');
}
