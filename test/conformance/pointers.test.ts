/**
 * DTCG 2025.10 Format module, aliases.md "JSON Pointer Syntax", "Property-Level References" and
 * groups.md "Extending Groups", in every place they may appear: a token that is a pointer into a value,
 * pointers to a color component, a gradient stop, a shadow's or a typography's property, and group
 * extension and pointers across the files the set reads (docs/token-files.md "References across
 * files"). Each rule with a document it accepts and one it refuses, as `check` prints it.
 */
import { describe, expect, it } from 'vitest';
import { diagnose, model } from './harness.js';

const px = (value: number) => ({ value, unit: 'px' });
const blue = { colorSpace: 'srgb', components: [0.2, 0.4, 0.9], hex: '#3366e6' };
const shadow = { color: blue, offsetX: px(0), offsetY: px(2), blur: px(4), spread: px(0) };
const typography = { fontFamily: 'Inter', fontSize: px(16), fontWeight: 400, letterSpacing: px(0), lineHeight: 1.5 };
const stops = [
  { color: blue, position: 0 },
  { color: { colorSpace: 'srgb', components: [1, 1, 1], hex: '#ffffff' }, position: 1 },
];
const base = {
  blue: { $type: 'color', $value: blue },
  card: { $type: 'shadow', $value: shadow },
  body: { $type: 'typography', $value: typography },
  fade: { $type: 'gradient', $value: stops },
};

describe('aliases.md "JSON Pointer Syntax": a token that is a pointer', () => {
  it('reads a pointer to a whole token as an alias, and one into a value as that sub-value (example 32)', async () => {
    const set = await model({
      'a.tokens.json': {
        colors: { blue: { $type: 'color', $value: blue } },
        semantic: {
          primary: { $ref: '#/colors/blue/$value', $type: 'color' },
          primaryHue: { $ref: '#/colors/blue/$value/components/0', $type: 'number' },
        },
      },
    });
    const v = (n: string) => set.variables.find((x) => x.name === n)!.values['Value'];
    expect(v('semantic/primary')).toEqual({ alias: { collection: 'Tokens', name: 'colors/blue' } });
    expect(v('semantic/primaryHue')).toBe(0.2);
  });
  it('refuses a token pointer into a value that does not exist, or of the wrong type', async () => {
    expect(
      await diagnose({
        'a.tokens.json': {
          colors: { blue: { $type: 'color', $value: blue } },
          x: { $ref: '#/colors/blue/$value/components/7', $type: 'number' },
          y: { $ref: '#/colors/blue/$value/hex', $type: 'number' },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:16:8  x  "$ref" #/colors/blue/$value/components/7 points to nothing: "7" does not exist
          fix: Point it at an existing location of the token files.
      tokens/a.tokens.json:20:8  y  a number token needs a number, not "#3366e6"
          fix: Set "$value" to a number, e.g. 1.5."
    `);
  });
});

describe('aliases.md "Property-Level References" into composite values', () => {
  it('takes a gradient stop, a shadow property and a typography property by pointer', async () => {
    const set = await model({
      'a.tokens.json': {
        base,
        derived: {
          fade: { $type: 'gradient', $value: [{ $ref: '#/base/fade/$value/1' }, { color: blue, position: 0.5 }] },
          ring: { $type: 'shadow', $value: { ...shadow, color: { $ref: '#/base/card/$value/color' }, blur: px(1) } },
          caption: {
            $type: 'typography',
            $value: { ...typography, fontFamily: { $ref: '#/base/body/$value/fontFamily' }, fontSize: px(12) },
          },
          lead: { $type: 'dimension', $ref: '#/base/body/$value/fontSize' },
          stopColor: { $type: 'color', $ref: '#/base/fade/$value/0/color' },
        },
      },
    });
    const value = (n: string) =>
      (set.tokens ?? []).find((t) => t.name === n)?.values['Value'] ??
      set.variables.find((v) => v.name === n)!.values['Value'];
    expect(value('derived/fade')).toMatchObject([
      { color: { r: 1, g: 1, b: 1 }, position: 1 },
      { color: { r: 0.2 }, position: 0.5 },
    ]);
    expect(value('derived/ring')).toMatchObject({ color: { r: 0.2, g: 0.4, b: 0.9 } });
    expect(value('derived/caption')).toMatchObject({ fontFamily: 'Inter' });
    expect(value('derived/lead')).toBe(16);
    expect(value('derived/stopColor')).toMatchObject({ r: 0.2, g: 0.4, b: 0.9 });
  });
  it('refuses a pointer past the end of a gradient, and a sub-value of the wrong type', async () => {
    expect(
      await diagnose({
        'a.tokens.json': {
          base,
          bad: {
            fade: { $type: 'gradient', $value: [{ $ref: '#/base/fade/$value/2' }] },
            ring: { $type: 'shadow', $value: { ...shadow, blur: { $ref: '#/base/card/$value/color' } } },
          },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:96:19  bad.fade  "$ref" #/base/fade/$value/2 points to nothing: "2" does not exist
          fix: Point it at an existing location of the token files.
      tokens/a.tokens.json:120:17  bad.ring  the dimension's "value" must be a number, not nothing
          fix: Write the value as { "value": 16, "unit": "px" }."
    `);
  });
});

describe('references across files (resolver "Sets": the sources merge into one document)', () => {
  it('extends a group of another file and points into its values, with or without naming the file', async () => {
    const set = await model({
      'base.tokens.json': { button: { $type: 'color', bg: { $value: blue }, text: { $value: '#ffffff' } } },
      'theme/brand.tokens.json': {
        'button-brand': { $extends: '{button}', bg: { $value: '#cc0066' } },
        'button-ghost': { $extends: '../base.tokens.json#/button' },
        hue: { $type: 'number', $value: { $ref: '#/button/bg/$value/components/2' } },
        named: { $type: 'number', $value: { $ref: '../base.tokens.json#/button/bg/$value/components/1' } },
        alias: { $type: 'color', $ref: '../base.tokens.json#/button/text' },
      },
    });
    const v = (n: string) => set.variables.find((x) => x.name === n)!.values['Value'];
    expect(set.variables.map((x) => x.name)).toEqual([
      'button/bg',
      'button/text',
      'button-brand/bg',
      'button-brand/text',
      'button-ghost/bg',
      'button-ghost/text',
      'hue',
      'named',
      'alias',
    ]);
    expect(v('button-brand/bg')).toMatchObject({ r: 0.8, g: 0, b: 0.4 });
    expect(v('button-ghost/bg')).toMatchObject({ r: 0.2, g: 0.4, b: 0.9 });
    expect(v('hue')).toBe(0.9);
    expect(v('named')).toBe(0.4);
    expect(v('alias')).toEqual({ alias: { collection: 'Tokens', name: 'button/text' } });
  });
  it('refuses a file the set does not read, a group no file has, and a URL', async () => {
    expect(
      await diagnose({
        'base.tokens.json': { button: { $type: 'color', bg: { $value: blue } } },
        'brand.tokens.json': {
          a: { $extends: 'missing.tokens.json#/button' },
          b: { $extends: '{nothing}' },
          c: { $type: 'number', $value: { $ref: 'https://example.com/tokens.json#/button/bg/$value/alpha' } },
          d: { $type: 'number', $value: { $ref: 'missing.tokens.json#/x/$value/0' } },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/brand.tokens.json:3:17  a  "$extends" points into missing.tokens.json, which the token set does not read
          fix: Point it at a token file the set reads (one tokens.resolver.json lists, or any *.tokens.json of a folder without one), by a path relative to this file.
      tokens/brand.tokens.json:6:17  b  "$extends" points to {nothing}, which is no group of the token files
          fix: Point it at an existing group: of this file, of the other files the set reads with it, or of a file named before "#".
      tokens/brand.tokens.json:11:15  c  "$ref" must be a JSON pointer into the token files ("#/group/token/$value/..." or "file.tokens.json#/..."), not "https://example.com/tokens.json#/button/bg/$value/alpha"
          fix: Use an RFC 6901 pointer starting with "#/", after a path relative to this file if the target is in another (format aliases.md "JSON Pointer Syntax").
      tokens/brand.tokens.json:17:15  d  "$ref" missing.tokens.json#/x/$value/0 points into missing.tokens.json, which the token set does not read
          fix: Point it at a token file the set reads (one tokens.resolver.json lists, or any *.tokens.json of a folder without one), by a path relative to this file; or at this file with "#/…"."
    `);
  });
});

describe('Color module "Format": a malformed hex is refused where it is written', () => {
  it('names the file, line and column of the hex and the 6-digit form to write', async () => {
    expect(
      await diagnose({
        'a.tokens.json': {
          ink: { $type: 'color', $value: { colorSpace: 'srgb', components: [0, 0, 0], hex: '#0008' } },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:11:14  ink  the color's "hex" must be 6 digits "#rrggbb" without alpha, not "#0008"
          fix: Write "hex": "#000000" and the alpha apart: "alpha": 0.533."
    `);
  });
});
