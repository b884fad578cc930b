/**
 * JSON with positions, through jsonc-parser (one library for positions and in-place edits,
 * docs/token-files.md "How a pull edits your files"): the tree
 * with the offset of every key and value, the key order as written (JSON.parse puts integer-like keys
 * such as `100` first), and syntax errors in our own words with their offset. The same library edits
 * token files in place (json-edit.ts), so positions and edits agree.
 *
 * Used only off the fast path: to turn a reported problem into file:line:column, to locate a syntax
 * error, and on write. Reading for validation uses JSON.parse, which is several times faster.
 * Strict JSON (RFC 8259), like JSON.parse: jsonc-parser accepts comments and trailing commas, so they
 * are turned off in its options and every error it reports is an error here; a byte order mark and
 * nesting deeper than MAX_JSON_DEPTH are refused before it runs.
 */
import { createRequire } from 'node:module';
import type { Node, ParseError, ParseErrorCode, ParseOptions } from 'jsonc-parser';
import { deepAt, MAX_JSON_DEPTH } from './json-depth.js';

export type JsonNode = Node;

type JsoncParser = typeof import('jsonc-parser');
let jsoncParser: JsoncParser | undefined;
/**
 * jsonc-parser on first use: positions are wanted only for a problem to report or a file to write,
 * so a `check` that finds nothing never loads it (docs/benchmarks.md "Fast paths").
 */
function jsonc(): JsoncParser {
  jsoncParser ??= createRequire(import.meta.url)('jsonc-parser') as JsoncParser;
  return jsoncParser;
}

/** Strict JSON: no comments, no trailing commas, no empty document. */
export const STRICT: ParseOptions = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * Where and why text that JSON.parse refused is broken, in our own words: JSON.parse's message and
 * position vary across Node versions, so every caller that reports a syntax error asks this.
 */
export function findSyntaxError(text: string): { offset: number; message: string } {
  const problem = syntaxProblem(text);
  return problem
    ? { offset: problem.offset, message: `invalid JSON: ${problem.message}` }
    : { offset: 0, message: 'invalid JSON' };
}

/** The tree of a strict JSON text; throws JsonSyntaxError at the first problem. */
export function parseJsonTree(text: string): JsonNode {
  const errors: ParseError[] = [];
  // One pass for valid text (a pull parses every file); the error's words take a second one.
  const root =
    text.charCodeAt(0) === 0xfeff || deepAt(text, MAX_JSON_DEPTH) >= 0
      ? undefined
      : jsonc().parseTree(text, errors, STRICT);
  if (root && errors.length === 0) return root;
  const problem = syntaxProblem(text) ?? { offset: errors[0]?.offset ?? 0, message: 'invalid JSON' };
  throw new JsonSyntaxError(problem.message, problem.offset);
}

/** The first syntax problem of a text, or undefined when it is strict JSON. */
function syntaxProblem(text: string): { offset: number; message: string } | undefined {
  // A UTF-8 byte order mark is not JSON, but editors on Windows write it; JSON.parse rejects it too,
  // so say so plainly instead of "unexpected character".
  if (text.charCodeAt(0) === 0xfeff) return { offset: 0, message: 'the file starts with a byte order mark (BOM)' };
  const deep = deepAt(text, MAX_JSON_DEPTH);
  if (deep >= 0) return { offset: deep, message: `nesting deeper than ${MAX_JSON_DEPTH} levels` };
  const open: ('object' | 'array')[] = [];
  let first:
    | { offset: number; length: number; code: ParseErrorCode; inside: 'object' | 'array' | undefined }
    | undefined;
  jsonc().visit(
    text,
    {
      onObjectBegin: () => void open.push('object'),
      onObjectEnd: () => void open.pop(),
      onArrayBegin: () => void open.push('array'),
      onArrayEnd: () => void open.pop(),
      onError: (code, offset, length) => {
        first ??= { offset, length, code, inside: open[open.length - 1] };
      },
    },
    STRICT,
  );
  return first && describe(text, first);
}

/** jsonc-parser's error codes in our words (stable across Node versions, unlike JSON.parse's). */
function describe(
  text: string,
  e: { offset: number; length: number; code: ParseErrorCode; inside: 'object' | 'array' | undefined },
): { offset: number; message: string } {
  const at = (offset: number) => ({ offset, found: offset >= text.length ? 'end of file' : `"${text[offset]}"` });
  const { offset, found } = at(e.offset);
  const afterComma = /,\s*$/.test(text.slice(Math.max(0, offset - 64), offset));
  const expected = (what: string) => ({ offset, message: `expected ${what} but found ${found}` });
  switch (jsonc().printParseErrorCode(e.code)) {
    case 'InvalidCommentToken':
    case 'UnexpectedEndOfComment':
      return { offset, message: 'a comment, and comments are not allowed in JSON' };
    case 'PropertyNameExpected':
      if (afterComma && text[offset] === '}')
        return expected('a property after "," (trailing commas are not allowed in JSON)');
      return expected('a property name in double quotes');
    case 'ValueExpected':
      if (afterComma && text[offset] === ']')
        return expected('a value after "," (trailing commas are not allowed in JSON)');
      return expected('a value');
    case 'ColonExpected':
      return expected('":" after a property name');
    case 'CommaExpected':
    case 'CloseBraceExpected':
    case 'CloseBracketExpected':
      return e.inside === 'array'
        ? expected('"," or "]" after an array item')
        : expected('"," or "}" after a property value');
    case 'EndOfFileExpected':
      return expected('end of file after the top-level value');
    case 'InvalidEscapeCharacter':
    case 'InvalidUnicode':
      return { offset: escapeAt(text, e), message: 'invalid escape sequence in a string' };
    case 'InvalidCharacter':
      return { offset: controlAt(text, e), message: 'a control character (such as a line break) inside a string' };
    case 'UnexpectedEndOfString': {
      // jsonc-parser ends a string at a line break; JSON forbids raw line breaks in strings.
      const end = e.offset + e.length;
      if (end < text.length)
        return { offset: end, message: 'a control character (such as a line break) inside a string' };
      return { offset, message: 'unterminated string' };
    }
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return {
        offset,
        message: 'a number not written as JSON writes numbers (digits, optional fraction and exponent)',
      };
    default:
      if (e.inside === undefined && text.slice(0, offset).trim() !== '')
        return expected('end of file after the top-level value');
      if (e.inside === 'object' && /[{,]\s*$/.test(text.slice(Math.max(0, offset - 64), offset)))
        return expected('a property name in double quotes');
      return expected('a value');
  }
}

/** The first bad escape within an erroneous string token. */
function escapeAt(text: string, e: { offset: number; length: number }): number {
  const bad = /\\(?:[^"\\/bfnrtu]|u(?![0-9a-fA-F]{4}))/.exec(text.slice(e.offset, e.offset + e.length + 6));
  return bad ? e.offset + bad.index : e.offset;
}

/** The first control character within an erroneous string token. */
function controlAt(text: string, e: { offset: number; length: number }): number {
  for (let i = e.offset; i < e.offset + e.length; i++) if (text.charCodeAt(i) < 0x20) return i;
  return e.offset;
}

/** 1-based line and column (in UTF-16 code units, as editors count for BMP text) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The value node under a key of an object node (the last one, as in JSON.parse), or undefined. */
export function childNode(node: JsonNode, key: string): JsonNode | undefined {
  if (node.type !== 'object') return undefined;
  let found: JsonNode | undefined;
  for (const p of node.children ?? []) if (p.children?.[0]?.value === key) found = p.children[1];
  return found;
}

/**
 * The node at a path of keys and indexes, or, when the path does not exist, the deepest node that
 * does (so a problem about a missing token points at the group that should hold it).
 * `at: 'key'` gives the offset of the last key rather than of its value.
 */
export function locate(root: JsonNode, path: readonly (string | number)[], at: 'key' | 'value' = 'value'): number {
  let node = root;
  let offset = root.offset;
  for (const step of path) {
    const next =
      node.type === 'object' && typeof step === 'string'
        ? childNode(node, step)
        : node.type === 'array' && typeof step === 'number'
          ? node.children?.[step]
          : undefined;
    if (!next) return offset;
    node = next;
    offset = at === 'key' && next.parent?.type === 'property' ? next.parent.offset : next.offset;
  }
  return offset;
}
