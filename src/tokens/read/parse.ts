/**
 * Stage 1, parse: the files of the tokens folder as text and JSON. One JSON.parse per file: this is
 * the `check` path (pre-commit), so it stays fast and light (no Style Dictionary, undici or zod).
 * The key order that JSON.parse loses for integer-like keys is kept by `parseInWrittenOrder`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fsError } from '../../fs/errors.js';
import { readTextFile } from '../../fs/read.js';
import { scanJson } from '../json-depth.js';
import { isJoined, readTokenText, type EscapedText } from './escaped.js';
import type { CollectionLayout } from '../resolver-doc.js';
import type { Problem } from './problems.js';
import { keysAsWritten } from './written-order.js';

/** What read() saw, so a later write can keep what it does not own (see render.ts). */
export interface TokenSources {
  /** File path relative to the tokens folder -> its text and parsed JSON (undefined when broken). */
  files: Map<string, SourceFile>;
  /** Collection name -> mode name -> file path relative to the tokens folder. */
  modeFiles: Map<string, Map<string, string>>;
  /**
   * Collections read from more than one source per mode (several files, inline tokens, or a folder
   * without a resolver document): a pull writes them back file by file where it can
   * (docs/token-files.md "How a pull edits your files"; tokens/mode-files.ts).
   */
  merged?: string[];
  /**
   * The collections' files as the resolver document laid them out, so a write keeps a
   * hand-written repository's file names instead of moving them to tokensync's (render.ts).
   */
  layouts?: CollectionLayout[];
  /**
   * File -> the JSON paths of tokens a modifier defines in some contexts only (read/partial.ts): a
   * pull keeps each as the file has it (docs/overrides.md §5).
   */
  keep?: Map<string, string[][]>;
}

/** A file as read: its text, its JSON.parse result (undefined when broken), and for a token file the parse in written order. */
export interface SourceFile {
  text: string;
  json: unknown;
  /** The reader's own parse (parseInWrittenOrder), shared so that no later stage parses the file again. */
  written?: WrittenOrder;
}

/**
 * A token file parsed so that its keys keep the order they are written in. JSON.parse lists
 * integer-like keys (`"100"`, `"500"`: every palette has them) first, whatever the file says, and read
 * order (thus the order of the model, of the build output, and of problems at the same position)
 * follows the file. Rather than a second, position-keeping parse of the whole file (json-tree.ts;
 * it cost ~130 ms at 10k variables x 2 modes), such keys get a one-character prefix in the
 * text before JSON.parse, so they are ordinary keys that keep their place; the walk strips it.
 *
 * The prefix is a control character the file does not hold: raw control characters cannot occur in
 * valid JSON, so it is enough that the file has no `\u000N` escape of it. Only keys are marked: in
 * valid JSON a `"` that no backslash precedes, followed by digits, `"` and `:`, opens a key.
 */
export interface WrittenOrder {
  json: unknown;
  /** Char code of the prefix on integer-like keys, or -1 when no key carries one. */
  mark: number;
  /** The text holds `$ref`: the walk resolves JSON pointers (group `$extends` needs no such hint). */
  refs: boolean;
  /**
   * The text JSON.parse was given (marks written as `\u000N` escapes), or undefined when the file
   * holds all eight escapes: files-in-step.ts compares it with a re-render of `json` for layout.
   */
  parsedText?: string;
  /**
   * Whether `parsedText` is `head` followed by `tail` (ASCII), where that is cheaper than reading
   * `parsedText`: a file read escaped is compared without being decoded (escaped.ts `textIs`).
   */
  textIs?: (head: string, tail: string) => boolean;
}

/**
 * Whether the text JSON.parse was given is exactly `JSON.stringify(json, null, 2)` and a newline, the
 * layout tokensync writes (json-write.ts `toJsonText`), with marked keys marked on both sides; an
 * escaped file is compared without being decoded (`textIs`). Undefined when the parse kept no text
 * to compare (a file holding all eight escapes). The one layout test of the no-op pull
 * (files-in-step.ts) and of the writer's reuse of a previous file (mode-files.ts).
 */
export function rendersAsParsed(w: WrittenOrder): boolean | undefined {
  if (w.textIs === undefined && w.parsedText === undefined) return undefined;
  const rendered = JSON.stringify(w.json, null, 2);
  // The text ends with `}` and a newline: a file whose JSON is not an object is not in the layout.
  if (rendered.charCodeAt(rendered.length - 1) !== 0x7d) return false;
  return w.textIs !== undefined ? w.textIs(rendered, '\n') : isJoined(w.parsedText!, rendered, '\n');
}

const INTEGER_KEY = /(?<!\\)"(0|[1-9]\d*)"(?=\s*:)/g;
const INTEGER_KEY_TEST = /"(?:0|[1-9]\d*)"\s*:/;

/**
 * Throws JSON.parse's SyntaxError when the text is not JSON. `integerKeys`: where the integer-like
 * keys open, from the pre-parse scan (json-depth.ts), or undefined to find them with a regex.
 * `inOrder`: the scan found every object's integer-like keys written first and ascending, where
 * JSON.parse puts them anyway, so the plain parse is in written order and no key is marked (a
 * generated or pulled palette, `"100"`, `"200"`, …: the usual case, and the cheap one).
 */
function parseInWrittenOrder(text: string, integerKeys: number[] | undefined, inOrder: boolean): WrittenOrder {
  // One indexOf (not includes, not two needles): a full scan of every file, so the cheapest one.
  const refs = text.indexOf('$ref') !== -1;
  if (inOrder) return { json: JSON.parse(text), mark: -1, refs, parsedText: text };
  if (integerKeys ? integerKeys.length > 0 : INTEGER_KEY_TEST.test(text)) {
    for (let code = 0; code < 8; code++) {
      const escape = `\\u000${code}`;
      if (text.includes(escape)) continue;
      const parsedText = integerKeys ? insertAt(text, integerKeys, escape) : text.replace(INTEGER_KEY, `"${escape}$1"`);
      try {
        return { json: JSON.parse(parsedText), mark: code, refs, parsedText };
      } catch {
        break; // not JSON: the plain parse below throws the error to report
      }
    }
    // A file holding all eight escapes keeps JSON.parse's order (integer-like keys first).
    return { json: JSON.parse(text), mark: -1, refs };
  }
  return { json: JSON.parse(text), mark: -1, refs, parsedText: text };
}

/**
 * The usual file, in one JSON.parse and a walk of its keys (written-order.ts): in written order, no
 * duplicate key, not too deep, so no scan and no mark. Undefined: the scan's path decides.
 */
function parseAsWritten(text: string): WrittenOrder | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined; // the scan's path reports it (a duplicate key too, as before)
  }
  if (!keysAsWritten(text, json)) return undefined;
  return { json, mark: -1, refs: text.indexOf('$ref') !== -1, parsedText: text };
}

/** `insert` after the character at each offset (a key's opening quote): slices joined once, no regex. */
function insertAt(text: string, offsets: number[], insert: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const at of offsets) {
    parts.push(text.slice(last, at + 1), insert);
    last = at + 1;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** A key as written: without the mark of parseInWrittenOrder. */
export function unmark(key: string, mark: number): string {
  return key.charCodeAt(0) === mark ? key.slice(1) : key;
}

/** Deep copy without marks, for the rare `$value` object with integer-like keys. */
export function unmarkDeep(value: unknown, mark: number): unknown {
  if (Array.isArray(value)) return value.map((v) => unmarkDeep(v, mark));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[unmark(k, mark)] = unmarkDeep(v, mark);
  return out;
}

/** Whether a marked key is anywhere in a `$value` (runs for every object value: no callbacks). */
export function hasMark(value: unknown, mark: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const v of value as unknown[]) if (hasMark(v, mark)) return true;
    return false;
  }
  for (const k in value)
    if (k.charCodeAt(0) === mark || hasMark((value as Record<string, unknown>)[k], mark)) return true;
  return false;
}

/** The child of a parsed object under a key as written (marked or not). */
export function childOf(obj: Record<string, unknown>, key: string, mark: number): unknown {
  if (Object.hasOwn(obj, key)) return obj[key];
  if (mark >= 0) {
    const marked = String.fromCharCode(mark) + key;
    if (Object.hasOwn(obj, marked)) return obj[marked];
  }
  return undefined;
}

/**
 * Where the token files come from: the work tree by default, or another view of them, such as the git
 * index for `check --staged` (validate the set as git would commit it). Paths are relative to
 * the tokens folder, with `/`.
 */
export interface TokenFileSource {
  /** The file's text, or undefined when it does not exist. */
  read(relPath: string): Promise<string | undefined>;
  /** Every `*.tokens.json` file, sorted. */
  list(): Promise<string[]>;
  /**
   * Like `read`, where the source has the bytes: a file that is not ASCII comes as its escaped
   * text, decoded only when asked (escaped.ts). Without it, `read` is used.
   */
  readEscaped?(relPath: string): Promise<string | EscapedText | undefined>;
}

export function workTreeSource(dir: string): TokenFileSource {
  return {
    read: (rel) => readText(path.join(dir, rel)),
    list: () => tokenFiles(dir),
    readEscaped: (rel) => readTokenText(path.join(dir, rel)),
  };
}

/**
 * A missing file is undefined; a folder, FIFO, device, loop or unreadable file is an error naming it,
 * and so is invalid UTF-8 (it used to become U+FFFD and be pushed as such; fs/read.ts).
 */
export const readText = (file: string): Promise<string | undefined> => readTextFile(file, { strictUtf8: true });

/**
 * One pass over the text before JSON.parse (json-depth.ts): nesting deeper than the walks can take is
 * invalid JSON (thrown, reported by the caller with its position), and a duplicate key is an error
 * where it is written (items 6-7); parsing goes on, so other problems are found too.
 */
function prescan(
  file: string,
  text: string,
  problems: Problem[],
  integerKeys?: number[],
): { exact: boolean; inOrder: boolean } {
  const { tooDeep, duplicate: dup, reordered } = scanJson(text, undefined, integerKeys);
  if (tooDeep) throw new SyntaxError('too deep');
  if (dup) {
    problems.push({
      severity: 'error',
      file,
      offset: dup.offset,
      message: `the key "${dup.key}" appears twice in the same object; JSON keeps only the last, so the first is silently lost`,
      hint: 'Remove or rename one of the two.',
    });
  }
  return { exact: dup === undefined, inOrder: dup === undefined && reordered === false };
}

/** `*.tokens.json` files under the tokens folder, relative with `/`, sorted. */
export async function tokenFiles(dir: string): Promise<string[]> {
  try {
    // Synchronous: the promise API's recursive walk costs more than the listing (docs/benchmarks.md "The cold read").
    const entries = readdirSync(dir, { recursive: true });
    return entries
      .map(String)
      .filter((e) => e.endsWith('.tokens.json'))
      .map((e) => e.split(path.sep).join('/'))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw fsError(err, dir, 'list');
  }
}

export function parseOrReport(file: string, text: string, sources: TokenSources, problems: Problem[]): unknown {
  try {
    // Deeper than json-tree.ts's limit: invalid JSON (the walks recurse).
    prescan(file, text, problems);
    const json: unknown = JSON.parse(text);
    sources.files.set(file, { text, json });
    return json;
  } catch {
    sources.files.set(file, { text, json: undefined });
    problems.push({
      severity: 'error',
      file,
      offset: -1,
      message: 'invalid JSON',
      hint: 'Fix the JSON syntax at that position.',
    });
    return undefined;
  }
}

/**
 * parseTokenFile for a file read as escaped text (escaped.ts): the usual file is parsed and its keys
 * walked on the one-byte text, and its text is decoded only when a later stage asks for it. A key
 * holding a character outside ASCII differs from its escaped spelling, so such a file (and any that
 * the walk refuses) takes parseTokenFile on the real text, with every problem as before.
 */
export function parseEscapedTokenFile(
  file: string,
  read: EscapedText,
  sources: TokenSources,
  problems: Problem[],
): WrittenOrder | undefined {
  const fast = parseAsWritten(read.escaped);
  if (fast === undefined) return parseTokenFile(file, read.text(), sources, problems);
  let text: string | undefined;
  const real = (): string => (text ??= read.text());
  const parsed: WrittenOrder = {
    json: fast.json,
    mark: -1,
    refs: fast.refs,
    get parsedText() {
      return real();
    },
  };
  // Decoded already (a problem placed, an edit): compare the text itself.
  const textIs = read.textIs;
  if (textIs) parsed.textIs = (head, tail) => (text === undefined ? textIs(head, tail) : isJoined(text, head, tail));
  sources.files.set(file, {
    get text() {
      return real();
    },
    json: fast.json,
    written: parsed,
  });
  return parsed;
}

/** Like parseOrReport, for a token file: in written key order; its JSON.parse result on first use. */
export function parseTokenFile(
  file: string,
  text: string,
  sources: TokenSources,
  problems: Problem[],
): WrittenOrder | undefined {
  let parsed: WrittenOrder;
  try {
    // The scan finds the integer-like keys too; after a duplicate it stops tracking objects, so the regex does.
    parsed =
      parseAsWritten(text) ??
      (() => {
        const integerKeys: number[] = [];
        const { exact, inOrder } = prescan(file, text, problems, integerKeys);
        return parseInWrittenOrder(text, exact ? integerKeys : undefined, inOrder);
      })();
  } catch {
    sources.files.set(file, { text, json: undefined });
    problems.push({
      severity: 'error',
      file,
      offset: -1,
      message: 'invalid JSON',
      hint: 'Fix the JSON syntax at that position.',
    });
    return undefined;
  }
  if (parsed.mark < 0) {
    sources.files.set(file, { text, json: parsed.json, written: parsed });
  } else {
    // Nothing on the check path reads it; a later write may (TokenSources is public).
    let json: unknown;
    sources.files.set(file, {
      text,
      written: parsed,
      get json() {
        return (json ??= JSON.parse(text) as unknown);
      },
    });
  }
  return parsed;
}
