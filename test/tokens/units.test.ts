import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { slug, uniqueSlugs } from '../../src/model/names.js';
import { colorToHex8 } from '../../src/model/values.js';
import { decodeValue, encodeColor, encodeLiteral } from '../../src/tokens/codec.js';
import { lineColumn, locate, parseJsonTree } from '../../src/tokens/json-tree.js';
import { Ordered, toJsonText } from '../../src/tokens/json-write.js';
import { globMatch, kindFromConfig } from '../../src/tokens/kinds.js';

describe('slugs', () => {
  it('makes folder-safe names and keeps them unique in order', () => {
    expect(slug('Brand Colors')).toBe('brand-colors');
    expect(slug('Dark (HC)')).toBe('dark-hc');
    expect(slug('Ünïcode Ölé')).toBe('unicode-ole');
    expect(slug('🎨')).toBe('x');
    expect(uniqueSlugs(['Brand Colors', 'brand-colors', 'BRAND colors'])).toEqual([
      'brand-colors',
      'brand-colors-2',
      'brand-colors-3',
    ]);
  });
});

describe('type rules', () => {
  it('globs over slash names: * within a segment, ** across segments', () => {
    expect(globMatch('spacing/**', 'spacing/4')).toBe(true);
    expect(globMatch('spacing/**', 'spacing/inset/sm')).toBe(true);
    expect(globMatch('spacing/*', 'spacing/inset/sm')).toBe(false);
    expect(globMatch('**/radius', 'button/primary/radius')).toBe(true);
    expect(globMatch('size-*', 'size-lg')).toBe(true);
    expect(globMatch('*', 'a/b')).toBe(false);
  });

  it('picks the first rule that fits the variable type, then scopes, then the default', () => {
    const tokens = configSchema.parse({
      tokens: {
        rules: [
          { match: 'font/**', type: 'fontFamily' },
          { match: 'font/size/*', type: 'dimension', unit: 'rem' },
          { match: 'font/size/*', type: 'number' },
          { match: 'motion/**', collection: 'Other', type: 'duration' },
        ],
      },
    }).tokens;
    const v = (name: string, type: 'FLOAT' | 'STRING', scopes = ['ALL_SCOPES'], collection = 'Base') => ({
      collection,
      name,
      type,
      scopes,
    });
    expect(kindFromConfig(v('font/size/md', 'FLOAT'), tokens)).toEqual({ type: 'dimension', unit: 'rem' });
    expect(kindFromConfig(v('font/family/body', 'STRING'), tokens)).toEqual({ type: 'fontFamily' });
    expect(kindFromConfig(v('motion/fast', 'FLOAT'), tokens)).toEqual({ type: 'number' });
    expect(kindFromConfig(v('motion/fast', 'FLOAT', ['ALL_SCOPES'], 'Other'), tokens)).toEqual({
      type: 'duration',
      unit: 'ms',
    });
    expect(kindFromConfig(v('gap', 'FLOAT', ['GAP']), tokens)).toEqual({ type: 'dimension', unit: 'px' });
    expect(kindFromConfig(v('mixed', 'FLOAT', ['GAP', 'OPACITY']), tokens)).toEqual({ type: 'number' });
    expect(kindFromConfig(v('gap', 'FLOAT', ['GAP']), { ...tokens, typesFromScopes: false })).toEqual({
      type: 'number',
    });
  });
});

describe('values', () => {
  const remBase = 16;
  it('writes rem and seconds so that reading them back gives the same float', () => {
    for (const px of [0.123457, 13, 14.4, 1 / 3]) {
      const written = encodeLiteral(px, { type: 'dimension', unit: 'rem' }, remBase);
      const read = decodeValue(JSON.parse(JSON.stringify(written)), 'dimension', 'FLOAT', remBase);
      expect(read.ok && 'literal' in read && read.literal).toBeCloseTo(px, 6);
    }
    expect(encodeLiteral(250, { type: 'duration', unit: 's' }, remBase)).toEqual({ value: 0.25, unit: 's' });
  });

  it('rounds color components for stable bytes without changing the 8-bit color', () => {
    // g * 255 = 0.49998 (byte 0), but g at 6 decimals (0.001961) would give byte 1: keep more decimals.
    const c = { r: 0.5019607843, g: 0.0019607, b: 0.998039, a: 0.501960784 };
    const written = encodeColor(c);
    expect(written).toEqual({
      colorSpace: 'srgb',
      components: [0.501961, 0.0019607, 0.998039],
      alpha: 0.501961,
      hex: '#8000fe',
    });
    const read = decodeValue(written, 'color', 'COLOR', remBase);
    expect(read.ok && 'literal' in read && colorToHex8(read.literal as never)).toBe(colorToHex8(c));
  });

  it('explains values it cannot take', () => {
    const messages = [
      decodeValue({ colorSpace: 'cmyk', components: [1, 0, 0] }, 'color', 'COLOR', remBase),
      decodeValue({ colorSpace: 'srgb', components: [1, 0, 0], hex: '#00ff00' }, 'color', 'COLOR', remBase),
      decodeValue({ value: 4, unit: 'em' }, 'dimension', 'FLOAT', remBase),
      decodeValue('heavy-ish', 'fontWeight', 'FLOAT', remBase),
      decodeValue('{broken', 'color', 'COLOR', remBase),
    ].map((d) => (d.ok ? 'ok' : d.message));
    expect(messages).toMatchInlineSnapshot(`
      [
        "color space "cmyk" is not one of DTCG 2025.10's",
        "the color's "hex" #00ff00 does not match its components (#ff0000)",
        "the dimension's unit must be "px" or "rem", not "em"",
        ""heavy-ish" is not a DTCG font weight",
        ""{broken" is not a valid alias",
      ]
    `);
  });
});

describe('JSON positions and writing', () => {
  const text = '{\n  "a": {\n    "500": 1,\n    "100": [true, null]\n  }\n}\n';
  it('finds keys and values by path, and the deepest existing node for a missing path', () => {
    const tree = parseJsonTree(text);
    expect(lineColumn(text, locate(tree, ['a', '100'], 'key'))).toEqual({ line: 4, column: 5 });
    expect(lineColumn(text, locate(tree, ['a', '100', 1]))).toEqual({ line: 4, column: 19 });
    expect(lineColumn(text, locate(tree, ['a', 'missing', 'deeper']))).toEqual({ line: 2, column: 8 });
  });

  it('reports syntax errors with their offset', () => {
    expect(() => parseJsonTree('{"a": 1 // note\n}')).toThrowErrorMatchingInlineSnapshot(
      `[JsonSyntaxError: a comment, and comments are not allowed in JSON]`,
    );
    expect(() => parseJsonTree('{"a": "line\nbreak"}')).toThrowErrorMatchingInlineSnapshot(
      `[JsonSyntaxError: a control character (such as a line break) inside a string]`,
    );
  });

  it('writes like JSON.stringify(…, 2) but keeps integer-like keys in the given order', () => {
    const o = new Ordered().set('500', 1).set('100', { x: [] }).set('z', {});
    expect(toJsonText(o)).toBe('{\n  "500": 1,\n  "100": {\n    "x": []\n  },\n  "z": {}\n}\n');
    const plain = { a: [1, 'two', { b: null }], c: 'é\u2028' };
    expect(toJsonText(plain)).toBe(`${JSON.stringify(plain, null, 2)}\n`);
  });
});
