/**
 * tokens/json-write.ts `toJsonText` writes through V8's JSON.stringify with integer-like keys of
 * ordered objects marked and unmarked (docs/sync.md "Performance"); these are the cases where that
 * could go wrong. (The file lives here because the speed work on it is part of the sync work.)
 */
import { describe, expect, it } from 'vitest';
import { Ordered, toJsonText, type Json } from '../../src/tokens/json-write.js';

describe('toJsonText', () => {
  it('keeps the written order of integer-like keys in ordered objects, at any depth', () => {
    const o = new Ordered()
      .set('b', 1)
      .set('500', new Ordered().set('x', true).set('20', [1, 'two']))
      .set('100', null)
      .set('a', {});
    expect(toJsonText(o)).toBe(
      '{\n  "b": 1,\n  "500": {\n    "x": true,\n    "20": [\n      1,\n      "two"\n    ]\n  },\n  "100": null,\n  "a": {}\n}\n',
    );
  });

  it('writes plain objects exactly as JSON.stringify with 2 spaces does', () => {
    const plain = { z: [], '10': 'ten', '2': { '\u0001': 'x' }, s: 'line\nbreak "quoted" \u0001' };
    expect(toJsonText(plain)).toBe(`${JSON.stringify(plain, null, 2)}\n`);
  });

  it('leaves strings that look like a marked key alone', () => {
    const o = new Ordered().set('1', '\u00015": ').set('k', ['"\u00017": ']);
    expect(JSON.parse(toJsonText(o))).toEqual({ '1': '\u00015": ', k: ['"\u00017": '] });
    expect(toJsonText(o).startsWith('{\n  "1": ')).toBe(true);
  });

  it('writes a key starting with U+0001 and a "__proto__" key as keys', () => {
    const o = new Ordered().set('\u00015', 1).set('5', 2).set('__proto__', new Ordered().set('3', 3));
    expect(toJsonText(o)).toBe('{\n  "\\u00015": 1,\n  "5": 2,\n  "__proto__": {\n    "3": 3\n  }\n}\n');
    const p = new Ordered().set('__proto__', 1).set('9', 2);
    expect(toJsonText(p)).toBe('{\n  "__proto__": 1,\n  "9": 2\n}\n');
  });

  it('leaves strings and keys holding the mark (U+007F) as they are', () => {
    const o = new Ordered()
      .set('1', '\u007f5": ')
      .set('k', ['"\u007f7": ', '\u007f8'])
      .set('x"\u007f12', 3)
      .set('\u007f4', new Ordered().set('6', '"\u007f9": x'));
    const text = toJsonText(o);
    expect(JSON.parse(text)).toEqual({
      '1': '\u007f5": ',
      k: ['"\u007f7": ', '\u007f8'],
      'x"\u007f12': 3,
      '\u007f4': { '6': '"\u007f9": x' },
    });
    expect(Object.keys(JSON.parse(text))).toEqual(['1', 'k', 'x"\u007f12', '\u007f4']);
    const values = new Ordered().set('b', '\u007f1').set('2', new Ordered().set('10', 'a').set('c', '"\u007f3": '));
    expect(toJsonText(values)).toBe(
      '{\n  "b": "\u007f1",\n  "2": {\n    "10": "a",\n    "c": "\\"\u007f3\\": "\n  }\n}\n',
    );
  });

  it('refuses numbers JSON cannot hold', () => {
    expect(() => toJsonText(new Ordered().set('x', Number.NaN as Json))).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: cannot write NaN as JSON]`,
    );
  });
});
