/** Marks (read/parse.ts) only where JSON.parse would reorder keys: the key walk, and the pre-parse scan's verdict. */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, scanJson } from '../../src/tokens/json-depth.js';
import { parseTokenFile } from '../../src/tokens/read/parse.js';
import { keysAsWritten } from '../../src/tokens/read/written-order.js';

const reordered = (text: string): boolean | undefined => scanJson(text, undefined, []).reordered;

describe('scanJson key order', () => {
  it('is in order when each object writes its integer-like keys first and ascending', () => {
    expect(reordered('{"a": 1, "b": {"c": 2}}')).toBe(false);
    expect(reordered('{"1": {"$value": 1}, "2": {}, "10": {}, "x": {"0": 1, "7": 2, "y": 3}}')).toBe(false);
    expect(reordered('{"9": {"100": 1}, "10": {"5": 1}}')).toBe(false);
  });

  it('is reordered when JSON.parse would move a key, or when an escaped key may be integer-like', () => {
    expect(reordered('{"a": 1, "1": 2}')).toBe(true);
    expect(reordered('{"10": 1, "9": 2}')).toBe(true);
    expect(reordered('{"2": 1, "10": 2, "3": 4}')).toBe(true);
    expect(reordered('{"x": {"a": {"1": 1, "b": 2}, "z": {"c": 1, "500": 2}}}')).toBe(true);
    expect(reordered('{"1": 1, "\\u0035": 2}')).toBe(true);
  });

  it('gives no verdict without integerKeys', () => {
    expect(scanJson('{"a": 1, "1": 2}')).toEqual({ tooDeep: false, duplicate: undefined });
  });
});

describe('parseTokenFile', () => {
  const parse = (text: string) => parseTokenFile('a.tokens.json', text, { files: new Map(), modeFiles: new Map() }, []);

  it('marks no key when the written order is JSON.parse order', () => {
    const written = parse('{"p": {"100": {"$value": 1}, "200": {"$value": 2}, "x": {"$value": 3}}}');
    expect(written?.mark).toBe(-1);
    expect(Object.keys((written!.json as { p: object }).p)).toEqual(['100', '200', 'x']);
  });

  it('marks integer-like keys when JSON.parse would move them', () => {
    const written = parse('{"p": {"x": {"$value": 3}, "200": {"$value": 2}, "100": {"$value": 1}}}');
    expect(written?.mark).toBe(0);
    const keys = Object.keys((written!.json as { p: object }).p);
    expect(keys.map((k) => k.replace('\u0000', ''))).toEqual(['x', '200', '100']);
  });
});

describe('keysAsWritten', () => {
  const check = (text: string): boolean => keysAsWritten(text, JSON.parse(text));

  it('holds when every key of the text is the parse key at the same place', () => {
    expect(check('{"a": {"1": 1, "2": [{"b": "x\\": y"}, "\\"k\\": 1"]}, "c": ":"}')).toBe(true);
    expect(check('[1, {"a": 2}]')).toBe(true);
    expect(check('"plain"')).toBe(true);
  });

  it('gives no verdict for a duplicate, a moved or an escaped key, or nesting past the limit', () => {
    expect(check('{"a": 1, "a": 2}')).toBe(false);
    expect(check('{"a": 1, "1": 2}')).toBe(false);
    expect(check('{"\\u0061": 1}')).toBe(false);
    expect(check(`{"a": ${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`)).toBe(false);
    expect(check(`{"a": ${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`)).toBe(true);
  });

  it('finds keys by their colon, whatever the space around it or the escapes before a quote', () => {
    expect(check(`{ "a" :1,\n"b"\t:\r\n${String.raw`{"c"  : "d\\"}}`}`)).toBe(true);
    expect(check(String.raw`{"a\\": 1, "b": "\\\": 2"}`)).toBe(false); // the key a\ is escaped as written
    expect(check(String.raw`{"x": "\\", "y": ["\"z\":"]}`)).toBe(true);
    expect(check('{"a": 1, "b": {"a": 2}, "a" : 3}')).toBe(false);
  });

  // Its verdict stands in for the pre-parse scan's (read/parse.ts): wherever it holds, the scan finds
  // no duplicate and JSON.parse's order is the written order (seeded, so every run sees the same texts).
  it('holds only where the scan finds no duplicate and no reordered key', () => {
    let seed = 21;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const keys = [
      'a',
      '1',
      '10',
      '2',
      '$value',
      String.raw`x\"y`,
      String.raw`a\\`,
      String.raw`\u0031`,
      'k:',
      String.raw`\":`,
      '',
    ];
    const strings = ['"s"', String.raw`"x\": y"`, String.raw`"\\"`, '":"', String.raw`"\"k\": 1"`];
    const space = ['', ' ', '\n  ', '\t'];
    const gen = (d: number): string => {
      const r = rnd(10);
      if (d > 3 || r < 3) return strings[rnd(strings.length)]!;
      if (r < 5) return `[${Array.from({ length: rnd(3) }, () => gen(d + 1)).join(',')}]`;
      const member = (): string => `${space[rnd(4)]}"${keys[rnd(keys.length)]}"${space[rnd(4)]}:${gen(d + 1)}`;
      return `{${Array.from({ length: rnd(5) }, member).join(',')}}`;
    };
    let held = 0;
    for (let i = 0; i < 3000; i++) {
      const text = gen(0);
      JSON.parse(text); // every generated text is JSON
      if (!check(text)) continue;
      held++;
      expect(scanJson(text, undefined, [])).toMatchObject({ duplicate: undefined, reordered: false });
    }
    expect(held).toBeGreaterThan(300);
  });
});
