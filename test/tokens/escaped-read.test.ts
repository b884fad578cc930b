/**
 * A token file outside ASCII is parsed as escaped one-byte text and decoded only on demand
 * (read/escaped.ts). The answer must be the one the decoded text gives: the same model, every problem
 * at the same position, the same thrown error, on edits of every kind.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTokenSet } from '../../bench/generate.mjs';
import type { TokensConfig } from '../../src/config/schema.js';
import { renderTokens } from '../../src/tokens/index.js';
import { escapedJsonText, readTokenText, type EscapedText } from '../../src/tokens/read/escaped.js';
import { analyzeTokens, type Analysis } from '../../src/tokens/read/index.js';
import { workTreeSource } from '../../src/tokens/read/parse.js';
import { project } from './helpers.js';

const CONFIG: TokensConfig = { dir: 'tokens', namespace: 'none', rules: [], typesFromScopes: true, remBase: 16 };
const FILE = 'primitives/light.tokens.json';

/** A 300 x 2 bench set as tokensync writes it, with a character outside ASCII in FILE. */
async function generated(): Promise<{ root: string; file: string }> {
  const set = generateTokenSet({ variables: 300, modes: 2, seed: 3 });
  const files = [...renderTokens(set, CONFIG)].map(([rel, text]): [string, string] => [
    `tokens/${rel}`,
    rel === FILE ? text.replace('"$description": "', '"$description": "… ') : text,
  ]);
  const root = await project(new Map(files));
  return { root, file: path.join(root, 'tokens', FILE) };
}

/** Everything the analysis returns, with each source file's text and parses read out. */
function seen(a: Analysis): unknown {
  const files = [...a.sources.files].map(([f, s]) => [f, s.text, s.json, s.written?.parsedText, s.written?.mark]);
  return { set: a.set, diagnostics: a.diagnostics, files, modeFiles: a.sources.modeFiles };
}

/** The escaped path (the work tree's default) and the decoded path (a source without readEscaped). */
async function bothWays(root: string): Promise<{ escaped: unknown; decoded: unknown }> {
  const run = (source?: { read: (f: string) => Promise<string | undefined>; list: () => Promise<string[]> }) =>
    analyzeTokens(root, CONFIG, source).then(seen, (e: Error) => ({ error: e.message }));
  const tree = workTreeSource(path.join(root, 'tokens'));
  return { escaped: await run(), decoded: await run({ read: tree.read, list: tree.list }) };
}

describe('escapedJsonText', () => {
  it('parses to what the decoded text parses to, for every kind of character', () => {
    const values = ['Search…', 'é', 'ü€', '😀 and 𝄞', '\u2028\u2029', '\ufeff', 'ascii \\u00e9 "q"', '中文テキスト'];
    const text = JSON.stringify({ a: values, 'ké…y': { 'x😀': values.join('') } });
    const escaped = escapedJsonText(Buffer.from(text))!;
    expect(/^[\x00-\x7f]*$/.test(escaped)).toBe(true);
    expect(JSON.parse(escaped)).toEqual(JSON.parse(text));
  });

  it('is invalid JSON where the text is: a character outside a string', () => {
    expect(() => JSON.parse(escapedJsonText(Buffer.from('{"a": 1 é}'))!)).toThrow();
    expect(() => JSON.parse(escapedJsonText(Buffer.from('\ufeff{"a": 1}'))!)).toThrow();
  });

  it('gives no escaped text where a backslash comes right before a character outside ASCII', () => {
    // "x\é" is an invalid escape; escaped, it would read as the valid "x\\u00e9".
    expect(escapedJsonText(Buffer.from('{"a": "x\\é"}'))).toBeUndefined();
    expect(escapedJsonText(Buffer.from('{"a": "x\\u00e9 é"}'))).toBe('{"a": "x\\u00e9 \\u00e9"}');
  });
});

/** The escaped text as first defined: the Latin-1 copy with each run outside ASCII replaced by its escapes. */
function escapedByRegex(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\x80-\xff]+/g, (run: string, at: number) => {
    const chars = bytes.toString('utf8', at, at + run.length);
    let out = '';
    for (let i = 0; i < chars.length; i++) out += `\\u${chars.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/**
 * `textIs` says what comparing the decoded text says: the text split anywhere (its tail in ASCII), and
 * heads changed by one character, cut short, made longer, or spelling a character as its escape.
 */
function expectTextIs(read: EscapedText, rnd: (n: number) => number): void {
  const text = read.text();
  const textIs = read.textIs!;
  const asIs = (head: string, tail: string): boolean => text === head + tail;
  const cases: [string, string][] = [
    [text, ''],
    [`${text}x`, ''],
    [text.slice(0, -1), ''],
    [text, '\n'],
    // The escaped text's last character as the tail (a hex digit where the text ends outside ASCII).
    [text.slice(0, -1), read.escaped.slice(-1)],
    [text.slice(0, -2), read.escaped.slice(-2)],
  ];
  for (let k = 0; k < 6; k++) {
    const at = rnd(text.length + 1);
    if (/^[\x00-\x7f]*$/.test(text.slice(at))) cases.push([text.slice(0, at), text.slice(at)]);
    const swap = ['x', 'é', '…', '\\u2026', '\\u00e9', '"', ''][rnd(7)]!;
    cases.push([text.slice(0, at) + swap + text.slice(at + 1), '']);
    cases.push([
      text.slice(0, at) +
        text.slice(at).replace(/[^\x00-\x7f]/, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      '',
    ]);
  }
  for (const [head, tail] of cases)
    expect(textIs(head, tail), JSON.stringify([head.length, tail])).toBe(asIs(head, tail));
}

describe('readTokenText', () => {
  // The bytes go through one buffer kept between reads (fs/read.ts readFileBytesShared) and the
  // escaped text through another (escaped.ts): no read may see what an earlier, larger file left.
  it('gives the text, or the escaped text and the decoded text, whatever was read before', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-escaped-'));
    const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const pieces = [
      'a',
      '"',
      '\\',
      '{',
      ' ',
      '\n',
      'é',
      '…',
      '😀',
      '中',
      '\ufeff',
      '\u2028',
      '\u0080',
      '\u07ff',
      '\uffff',
    ];
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 120; i++) {
      const length = [0, 1, 40, 700, 5000, 40_000][i % 6]!;
      const text = Array.from({ length }, () => (rnd(4) === 0 ? pieces[rnd(pieces.length)]! : 'x: "1",'[rnd(7)]!)).join(
        '',
      );
      const bytes = Buffer.from(text);
      const file = path.join(dir, `f${i % 3}.json`);
      writeFileSync(file, bytes);
      const read = await readTokenText(file);
      if (/^[\x00-\x7f]*$/.test(text)) {
        expect(read).toBe(text);
        continue;
      }
      // A backslash right before a character outside ASCII: not escaped (it would hide an invalid escape).
      if (/\\[^\x00-\x7f]/.test(text)) {
        expect(read).toBe(strict.decode(bytes));
        expect(escapedJsonText(bytes)).toBeUndefined();
        continue;
      }
      if (typeof read !== 'object') throw new Error('expected the escaped text');
      expect(read.escaped).toBe(escapedByRegex(bytes));
      expect(escapedJsonText(bytes)).toBe(read.escaped);
      expect(read.text()).toBe(strict.decode(bytes));
      expectTextIs(read, rnd);
    }
    expect(await readTokenText(path.join(dir, 'missing.json'))).toBeUndefined();
    writeFileSync(path.join(dir, 'bad.json'), Buffer.from([0x7b, 0xff, 0x7d]));
    await expect(readTokenText(path.join(dir, 'bad.json'))).rejects.toThrow(/invalid UTF-8/);
  });
});

describe('analyzeTokens on a file outside ASCII', () => {
  const edits: [string, (t: string) => string | Buffer][] = [
    ['unchanged (descriptions with "…")', (t) => t],
    ['non-ASCII in a description', (t) => t.replace('"$description": "', '"$description": "é…😀 ')],
    ['non-ASCII in a key', (t) => t.replace('{', '{\n  "ké…y": {"$type": "number", "$value": 1},')],
    ['a byte-order mark', (t) => `\ufeff${t}`],
    ['an unknown property spelt outside ASCII', (t) => t.replace('"$type"', '"$typ€"')],
    ['a broken alias', (t) => t.replace('"$value": ', '"$value": "{nö.such}", "x": ')],
    ['a character after the JSON', (t) => `${t}\u2028`],
    ['a duplicate key', (t) => t.replace('"$type": "color"', '"$type": "color", "$type": "color"')],
    ['invalid JSON beside a non-ASCII character', (t) => t.replace('}', '} é')],
    ['an escape beside raw characters', (t) => t.replace('"$description": "', '"$description": "\\u00e9 \\" é ')],
    [
      'a reordered integer-like key',
      (t) => t.replace('{', '{\n  "x": {"$type": "number", "$value": 1}, "7": {"$type": "number", "$value": 2},'),
    ],
    [
      'invalid UTF-8',
      (t) => Buffer.concat([Buffer.from(t.slice(0, 200)), Buffer.from([0xff]), Buffer.from(t.slice(200))]),
    ],
  ];

  it.each(edits)('%s: the same answer as the decoded text', async (_name, edit) => {
    const { root, file } = await generated();
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    const { escaped, decoded } = await bothWays(root);
    expect(escaped).toEqual(decoded);
  });

  it('takes the escaped path for the usual file, and decodes its text only when asked', async () => {
    const { root, file } = await generated();
    const a = await analyzeTokens(root, CONFIG);
    const source = a.sources.files.get(FILE)!;
    expect(Object.getOwnPropertyDescriptor(source, 'text')?.get).toBeTypeOf('function');
    expect(source.text).toBe(readFileSync(file, 'utf8'));
    expect(source.written?.parsedText).toBe(source.text);
  });
});
