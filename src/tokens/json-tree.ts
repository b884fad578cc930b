/**
 * A small JSON parser that keeps what JSON.parse throws away: the offset of every key and value, and
 * the order of keys as written (JSON.parse puts integer-like keys such as `100` first).
 *
 * Used only off the fast path: to turn a reported problem into file:line:column, to locate a syntax
 * error, and on write to keep the key order of untouched tokens (docs/architecture.md "Files in the repository").
 * Reading for validation uses JSON.parse, which is several times faster on large token sets.
 * Strict JSON (RFC 8259): no comments, no trailing commas, like JSON.parse.
 */

export type JsonNode =
  | { type: 'object'; offset: number; entries: JsonProperty[] }
  | { type: 'array'; offset: number; items: JsonNode[] }
  | { type: 'string'; offset: number; value: string }
  | { type: 'number'; offset: number; value: number }
  | { type: 'boolean'; offset: number; value: boolean }
  | { type: 'null'; offset: number; value: null };

export interface JsonProperty {
  key: string;
  keyOffset: number;
  value: JsonNode;
}

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
  try {
    parseJsonTree(text);
  } catch (err) {
    if (err instanceof JsonSyntaxError) return { offset: err.offset, message: `invalid JSON: ${err.message}` };
  }
  return { offset: 0, message: 'invalid JSON' };
}

export function parseJsonTree(text: string): JsonNode {
  let i = 0;
  const n = text.length;
  // A UTF-8 byte order mark is not JSON, but editors on Windows write it; JSON.parse rejects it too,
  // so say so plainly instead of "unexpected character".
  if (text.charCodeAt(0) === 0xfeff) throw new JsonSyntaxError('the file starts with a byte order mark (BOM)', 0);

  const ws = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const describe = (at: number): string => (at >= n ? 'end of file' : `"${text[at]}"`);
  const fail = (expected: string): never => {
    throw new JsonSyntaxError(`expected ${expected} but found ${describe(i)}`, i);
  };

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    let chunk = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(chunk, i);
        i++;
        return out;
      }
      if (c === 0x5c) {
        out += text.slice(chunk, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && simple[e] !== undefined) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          throw new JsonSyntaxError('invalid escape sequence in a string', i);
        }
        chunk = i;
        continue;
      }
      if (c < 0x20) throw new JsonSyntaxError('a control character (such as a line break) inside a string', i);
      i++;
    }
    throw new JsonSyntaxError('unterminated string', start);
  };

  const parseValue = (depth: number): JsonNode => {
    if (depth > 512) throw new JsonSyntaxError('nesting deeper than 512 levels', i);
    ws();
    const offset = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: JsonProperty[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { type: 'object', offset, entries };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a property name in double quotes');
        const keyOffset = i;
        const key = parseString();
        ws();
        if (text[i] !== ':') fail('":" after a property name');
        i++;
        const value = parseValue(depth + 1);
        entries.push({ key, keyOffset, value });
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === '}') fail('a property after "," (trailing commas are not allowed in JSON)');
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { type: 'object', offset, entries };
        }
        fail('"," or "}" after a property value');
      }
    }
    if (c === '[') {
      i++;
      const items: JsonNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { type: 'array', offset, items };
      }
      for (;;) {
        items.push(parseValue(depth + 1));
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === ']') fail('a value after "," (trailing commas are not allowed in JSON)');
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { type: 'array', offset, items };
        }
        fail('"," or "]" after an array item');
      }
    }
    if (c === '"') return { type: 'string', offset, value: parseString() };
    if (text.startsWith('true', i)) {
      i += 4;
      return { type: 'boolean', offset, value: true };
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return { type: 'boolean', offset, value: false };
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return { type: 'null', offset, value: null };
    }
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const num = m.exec(text);
    if (num) {
      i += num[0].length;
      return { type: 'number', offset, value: Number(num[0]) };
    }
    if (c === '/') return fail('a value (comments are not allowed in JSON)');
    return fail('a value');
  };

  const root = parseValue(0);
  ws();
  if (i < n) fail('end of file after the top-level value');
  return root;
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

/**
 * The node at a path of keys and indexes, or, when the path does not exist, the deepest node that
 * does (so a problem about a missing token points at the group that should hold it).
 * `at: 'key'` gives the offset of the last key rather than of its value.
 */
export function locate(root: JsonNode, path: readonly (string | number)[], at: 'key' | 'value' = 'value'): number {
  let node = root;
  let offset = root.offset;
  for (const step of path) {
    if (node.type === 'object' && typeof step === 'string') {
      // Last occurrence wins, as in JSON.parse.
      let found: JsonProperty | undefined;
      for (const e of node.entries) if (e.key === step) found = e;
      if (!found) return offset;
      node = found.value;
      offset = at === 'key' ? found.keyOffset : found.value.offset;
      continue;
    }
    if (node.type === 'array' && typeof step === 'number') {
      const item = node.items[step];
      if (!item) return offset;
      node = item;
      offset = item.offset;
      continue;
    }
    return offset;
  }
  return offset;
}
