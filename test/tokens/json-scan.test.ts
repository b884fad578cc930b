/** The pre-parse scan: duplicate keys and nesting depth, agreeing with the two single-purpose scans. */
import { describe, expect, it } from 'vitest';
import { duplicateKey, scanJson, tooDeep } from '../../src/tokens/json-depth.js';

const samples = [
  '{"a": 1, "b": {"a": 2}}',
  '{"a": 1, "a": 2}',
  '{"x": {"y": 1, "z": [ {"y": 1}, {"y": 2, "y": 3} ]}}',
  '{"q\\"k": 1, "q\\"k": 2}',
  '{"\\u0061": 1, "a": 2}',
  '{"s": "a \\\\", "t": "}{", "s": 1}',
  '["a", "a", {"k": "k", "v": "k"}]',
  `{${Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(', ')}, "k39": 0}`,
  `${'['.repeat(600)}${']'.repeat(600)}`,
  `${'{"a":'.repeat(300)}1${'}'.repeat(300)}`,
];

describe('scanJson', () => {
  it('finds the same first duplicate key and the same depth verdict as the single scans', () => {
    for (const text of samples) {
      expect(scanJson(text), text.slice(0, 40)).toEqual({
        tooDeep: tooDeep(text),
        duplicate: tooDeep(text) ? scanJson(text).duplicate : duplicateKey(text),
      });
    }
  });

  it('names the key and the offset of its second occurrence', () => {
    expect(scanJson('{"a": 1, "a": 2}').duplicate).toEqual({ key: 'a', offset: 9 });
    expect(scanJson('{"\\u0061": 1, "a": 2}').duplicate).toEqual({ key: 'a', offset: 14 });
    expect(scanJson('{"s": "a \\\\", "t": "}{", "s": 1}').duplicate?.key).toBe('s');
    expect(scanJson('["a", "a"]').duplicate).toBeUndefined();
  });

  it('finds the integer-like keys where the regex of read/parse.ts would mark them (offset of the opening quote)', () => {
    const regex = /(?<!\\)"(0|[1-9]\d*)"(?=\s*:)/g;
    const texts = [
      '{"500": {"0": 1, "01": 2, "10": [ {"7" : 3} ]}, "a": "\\"9\\": x", "b": ["1", "2"], "-1": 0}',
      '{"x": {"100": {"$value": "{x.200}"}, "200": {"$value": {"3": true}}}, "\\u0035": 1}',
      '{"12a": 1, "": 2, "3": "4", "5":"6"}',
    ];
    for (const text of texts) {
      const found: number[] = [];
      const scan = scanJson(text, undefined, found);
      expect(scan.duplicate).toBeUndefined();
      expect(found, text).toEqual([...text.matchAll(regex)].map((m) => m.index));
    }
  });
});
