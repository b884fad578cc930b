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
});
