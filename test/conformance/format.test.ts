/**
 * DTCG 2025.10 Format module, rule by rule from the spec text (design-token.md, groups.md,
 * aliases.md, composite-types.md): each rule with a document it accepts and one it refuses, the
 * refusal as `check` prints it (file:line:col, token path, what, fix).
 */
import { describe, expect, it } from 'vitest';
import { diagnose, model } from './harness.js';

const F = 'a.tokens.json';
const color = (hex: string) => ({ $type: 'color', $value: hex });
const px = (value: number) => ({ value, unit: 'px' });

describe('design-token.md "Name and value", "Character restrictions"', () => {
  it('accepts names with spaces and any case; an object with $value is a token', async () => {
    // Names differing only in case are valid DTCG too; the build keeps them apart under the `keep`
    // name style (docs/build.md "Names"; test/e2e/name-styles.test.ts).
    const set = await model({
      [F]: {
        'brand colors': { 'Hot pink': color('#ff00ff'), 'cool BLUE': color('#ff00fe') },
        ink: { Primary: color('#000000'), primary: color('#111111') },
      },
    });
    expect(set.variables.map((v) => v.name)).toEqual([
      'brand colors/Hot pink',
      'brand colors/cool BLUE',
      'ink/Primary',
      'ink/primary',
    ]);
  });
  it('refuses "." "{" "}" in names, and names starting with "$"', async () => {
    expect(
      await diagnose({ [F]: { 'a.b': color('#000000'), $brand: { x: color('#000000') } } }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:2:3  a.b  the name "a.b" contains ".", "{" or "}", which DTCG reserves for paths and aliases
          fix: Rename it without those characters (use "-" or a nested group).
      tokens/a.tokens.json:6:3  -  unknown property "$brand"
          fix: Remove it: names starting with "$" are reserved for the format's properties ($value, $type, $description, $extensions, $deprecated, $extends, $root, $ref); put your own data under "$extensions"."
    `);
  });
});

describe('design-token.md "Type" and groups.md "Type Inheritance"', () => {
  it('takes $type from the closest group, and from the referenced token for an alias', async () => {
    const set = await model({
      [F]: {
        color: { $type: 'color', a: { $value: '#102030' }, deep: { b: { $value: '#405060' } } },
        alias: { $value: '{color.a}' },
      },
    });
    expect(set.variables.map((v) => `${v.name}:${v.type}`)).toEqual([
      'color/a:COLOR',
      'color/deep/b:COLOR',
      'alias:COLOR',
    ]);
  });
  it('refuses a token with no type to find, and an unknown type', async () => {
    expect(
      await diagnose({ [F]: { a: { $value: 1 }, b: { $type: 'colour', $value: '#000000' } } }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:2:3  a  the token has no "$type"
          fix: Add "$type" (one of color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle, border, transition, shadow, gradient, typography, string, boolean) to the token or a group above it.
      tokens/a.tokens.json:6:14  b  unknown "$type": "colour" (did you mean "color"?)
          fix: Use one of color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle, border, transition, shadow, gradient, typography, string, boolean."
    `);
  });
});

describe('design-token.md additional properties: $description, $extensions, $deprecated', () => {
  it('accepts them on tokens and groups, with any vendor data', async () => {
    const set = await model({
      [F]: {
        $description: 'file root',
        old: {
          $deprecated: 'Use new instead',
          $description: 'a group',
          $extensions: { 'com.example': [1, 2] },
          shadow: {
            $type: 'shadow',
            $value: { color: '#000000', offsetX: px(0), offsetY: px(1), blur: px(2), spread: px(0) },
          },
        },
        keep: { $type: 'number', $value: 1, $deprecated: false, $extensions: { 'org.acme': { anything: true } } },
      },
    });
    expect(set.tokens?.[0]).toMatchObject({ name: 'old/shadow', deprecated: 'Use new instead', owner: 'repository' });
  });
  it('refuses them with the wrong shape, and an unknown $-property with "did you mean"', async () => {
    expect(
      await diagnose({
        [F]: {
          a: { $type: 'number', $value: 1, $description: 3 },
          b: { $type: 'number', $value: 1, $deprecated: 'yes', $extensions: [] },
          c: { $tpye: 'number', $value: 1 },
          d: { $type: 'number', $valu: 1 },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:5:21  a  "$description" must be a string, not 3
          fix: Write the description as plain text.
      tokens/a.tokens.json:11:20  b  "$extensions" must be an object keyed by vendor, not []
          fix: Write e.g. "$extensions": { "com.example": { ... } }.
      tokens/a.tokens.json:14:5  c  unknown property "$tpye" (did you mean "$type"?)
          fix: Rename it to "$type".
      tokens/a.tokens.json:19:5  -  unknown property "$valu" (did you mean "$value"?)
          fix: Rename it to "$value"."
    `);
  });
});

describe('groups.md "Group Structure" and "Root Tokens in Groups"', () => {
  it('accepts empty groups and a $root token beside variants: the variable named by the group', async () => {
    const set = await model({
      [F]: {
        experimental: { $description: 'empty' },
        color: { $type: 'color', accent: { $root: { $value: '#dd0000' }, light: { $value: '#ff2222' } } },
        ref: { $value: '{color.accent.$root}' },
        $root: { $type: 'number', $value: 1 },
      },
    });
    expect(set.variables.map((v) => v.name)).toEqual(['color/accent', 'color/accent/light', 'ref']);
    expect(set.variables[2]!.values['Value']).toEqual({ alias: { collection: 'Tokens', name: 'color/accent' } });
    // At the top of a file no variable name can hold it: repository-owned.
    expect(set.tokens?.map((t) => t.name)).toEqual(['$root']);
  });
  it('refuses a token that is also a group, and an alias to a group', async () => {
    expect(
      await diagnose({
        [F]: {
          a: { $type: 'number', $value: 1, b: { $type: 'number', $value: 2 } },
          g: { x: { $type: 'number', $value: 1 } },
          r: { $type: 'number', $value: '{g}' },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:5:5  a  the token a also has child "b"; a token cannot be a group
          fix: Move "b" out of the token, or rename one of them (a variable name cannot be both "a/b" and "a/b/c").
      tokens/a.tokens.json:18:15  r  alias {g} points to a group, not a token
          fix: A reference names one token (format aliases.md "Curly Brace Syntax"): point it at a token inside the group, e.g. {g.$root} for a root token."
    `);
  });
});

describe('groups.md "Extending Groups"', () => {
  const button = { $type: 'color', background: { $value: '#0066cc' }, text: { $value: '#ffffff' } };
  it('inherits tokens and $type, local tokens override, chains work', async () => {
    const set = await model({
      [F]: {
        button,
        'button-primary': { $extends: '{button}', background: { $value: '#cc0066' } },
        'button-big': { $ref: '#/button-primary', focus: { $value: '#ff3399' } },
      },
    });
    const hex = (n: string) => set.variables.find((v) => v.name === n)!.values['Value'];
    expect(set.variables.map((v) => v.name)).toEqual([
      'button/background',
      'button/text',
      'button-primary/background',
      'button-primary/text',
      'button-big/background',
      'button-big/text',
      'button-big/focus',
    ]);
    expect(hex('button-primary/background')).toMatchObject({ r: 0.8, g: 0, b: 0.4 });
    expect(hex('button-big/background')).toEqual(hex('button-primary/background'));
  });
  it('refuses cycles, unknown targets and tokens as targets', async () => {
    expect(
      await diagnose({
        [F]: {
          a: { $extends: '{b}', t: { $type: 'number', $value: 1 } },
          b: { $extends: '{a}' },
          c: { $extends: '{nope}' },
          d: { $extends: '{a.t}' },
          e: { $extends: 'a' },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:10:17  b  "$extends" makes a cycle: a -> b -> a
          fix: Groups MUST NOT extend themselves, directly or through others (groups.md "Circular Reference Prevention"); remove one "$extends".
      tokens/a.tokens.json:13:17  c  "$extends" points to {nope}, which is no group of the token files
          fix: Point it at an existing group: of this file, of the other files the set reads with it, or of a file named before "#".
      tokens/a.tokens.json:16:17  d  "$extends" points to {a.t}, which is a token, not a group
          fix: "$extends" MUST NOT reference a token (groups.md "Extending Groups"); point it at a group, or use an alias for a token.
      tokens/a.tokens.json:19:17  e  "$extends" must be a reference to a group, "{group.path}", "#/group/path" or "file.tokens.json#/group/path", not "a"
          fix: Point it at a group of the token files (groups.md "Extending Groups")."
    `);
  });
});

describe('aliases.md "Curly Brace Syntax", "Chained References", "Circular References"', () => {
  it('follows chains of aliases', async () => {
    const set = await model({
      [F]: {
        base: { $type: 'color', primary: { $value: '#0066cc' } },
        semantic: { brand: { $value: '{base.primary}' }, link: { $value: '{semantic.brand}' } },
      },
    });
    expect(set.variables.find((v) => v.name === 'semantic/link')!.values['Value']).toEqual({
      alias: { collection: 'Tokens', name: 'semantic/brand' },
    });
  });
  it('refuses cycles, unknown targets and malformed references', async () => {
    expect(
      await diagnose({
        [F]: {
          $type: 'number',
          a: { $value: '{b}' },
          b: { $value: '{a}' },
          c: { $value: '{nope}' },
          d: { $value: '{a' },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:4:15  a  alias cycle: Tokens/a (Value) -> Tokens/b (Value) -> back to the start
          fix: Make one token in the cycle hold a literal value instead of an alias.
      tokens/a.tokens.json:10:15  c  alias {nope} points to no token
          fix: Point it at an existing token, or add the token it names.
      tokens/a.tokens.json:13:15  d  "{a" is not a valid alias
          fix: Write an alias as "{group.token}": the whole value in curly braces, path segments joined by "."."
    `);
  });
});

describe('aliases.md "JSON Pointer Syntax" and "Property-Level References"', () => {
  it('reads a token that is a pointer as an alias, and pointers into values as the values', async () => {
    const set = await model({
      [F]: {
        base: {
          blue: { $type: 'color', $value: { colorSpace: 'srgb', components: [0.2, 0.4, 0.9], hex: '#3366e6' } },
          spacing: { $type: 'dimension', $value: px(16) },
        },
        semantic: {
          primary: { $type: 'color', $ref: '#/base/blue' },
          dim: {
            $type: 'color',
            $value: {
              colorSpace: 'srgb',
              components: [
                { $ref: '#/base/blue/$value/components/0' },
                { $ref: '#/base/blue/$value/components/1' },
                0.7,
              ],
            },
          },
          small: { $type: 'dimension', $value: { value: { $ref: '#/base/spacing/$value/value' }, unit: 'rem' } },
          hue: { $type: 'number', $value: { $ref: '#/base/blue/$value/components/0' } },
        },
      },
    });
    const v = (n: string) => set.variables.find((x) => x.name === n)!.values['Value'];
    expect(v('semantic/primary')).toEqual({ alias: { collection: 'Tokens', name: 'base/blue' } });
    expect(v('semantic/dim')).toMatchObject({ r: 0.2, g: 0.4, b: 0.7 });
    expect(v('semantic/small')).toBe(256);
    expect(v('semantic/hue')).toBe(0.2);
  });
  it('refuses pointers to nothing, outside the file, and through an alias', async () => {
    expect(
      await diagnose({
        [F]: {
          base: { $type: 'number', one: { $value: 1 }, two: { $value: '{base.one}' } },
          x: { $type: 'number', $value: { $ref: '#/base/none/$value' } },
          y: { $type: 'number', $value: { $ref: 'other.json#/a' } },
          z: { $type: 'number', $value: { $ref: '#/base/two/$value/0' } },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:13:15  x  alias {base.none} points to no token
          fix: Point it at an existing token, or add the token it names.
      tokens/a.tokens.json:20:15  y  "$ref" other.json#/a points into other.json, which the token set does not read
          fix: Point it at a token file the set reads (one tokens.resolver.json lists, or any *.tokens.json of a folder without one), by a path relative to this file; or at this file with "#/…".
      tokens/a.tokens.json:26:15  z  "$ref" #/base/two/$value/0 goes through the alias {base.one}
          fix: Point the reference at the value of base.one itself."
    `);
  });
});

describe('composite-types.md: tokens the design file cannot hold are repository-owned', () => {
  it('reads every composite with sub-value references into RepoTokens, typed by the spec', async () => {
    const set = await model({
      [F]: {
        color: { $type: 'color', ink: { $value: '#111111' } },
        size: { $type: 'dimension', sm: { $value: px(4) } },
        font: {
          body: { $type: 'fontFamily', $value: ['Inter', 'sans-serif'] },
          w: { $type: 'fontWeight', $value: 'bold' },
        },
        motion: { $type: 'duration', fast: { $value: { value: 100, unit: 'ms' } } },
        ease: { $type: 'cubicBezier', $value: [0.4, 0, 0.2, 1] },
        dash: { $type: 'strokeStyle', $value: { dashArray: ['{size.sm}', px(2)], lineCap: 'round' } },
        border: { $type: 'border', $value: { color: '{color.ink}', width: px(1), style: '{dash}' } },
        transition: {
          $type: 'transition',
          $value: { duration: '{motion.fast}', delay: { value: 0, unit: 'ms' }, timingFunction: '{ease}' },
        },
        shadow: {
          $type: 'shadow',
          $value: [{ color: '{color.ink}', offsetX: px(0), offsetY: '{size.sm}', blur: px(8), spread: px(0) }],
        },
        layered: {
          $type: 'shadow',
          $value: [
            '{shadow}',
            { color: '#000000', offsetX: px(0), offsetY: px(1), blur: px(1), spread: px(0), inset: true },
          ],
        },
        gradient: {
          $type: 'gradient',
          $value: [
            { color: '{color.ink}', position: 0 },
            { color: '#ffffff', position: 1 },
          ],
        },
        type: {
          $type: 'typography',
          $value: {
            fontFamily: '{font.body}',
            fontSize: '{size.sm}',
            fontWeight: '{font.w}',
            letterSpacing: px(0),
            lineHeight: 1.4,
          },
        },
      },
    });
    expect(set.variables.map((v) => v.name)).toEqual(['color/ink', 'size/sm', 'font/body', 'font/w', 'motion/fast']);
    expect(set.tokens!.map((t) => `${t.name}:${t.type}:${t.owner}`)).toEqual([
      'ease:cubicBezier:repository',
      'dash:strokeStyle:repository',
      'border:border:repository',
      'transition:transition:repository',
      'shadow:shadow:repository',
      'layered:shadow:repository',
      'gradient:gradient:repository',
      'type:typography:repository',
    ]);
    expect(set.tokens!.find((t) => t.name === 'border')!.values['Value']).toMatchObject({
      color: { alias: { collection: 'Tokens', name: 'color/ink' } },
      style: { alias: { name: 'dash' } },
    });
  });
  it('refuses a sub-value reference to a token of another type, and reference cycles between composites', async () => {
    expect(
      await diagnose({
        [F]: {
          n: { $type: 'number', $value: 2 },
          b: { $type: 'border', $value: { color: '#000000', width: '{n}', style: 'solid' } },
          s1: { $type: 'shadow', $value: ['{s2}'] },
          s2: { $type: 'shadow', $value: ['{s1}'] },
        },
      }),
    ).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:10:16  b  reference {n} points to a number token, but "width" needs a dimension
          fix: Point it at a dimension token (format §9: a sub-value reference has the sub-value's type).
      tokens/a.tokens.json:17:7  s1  reference cycle: Tokens/s1 -> Tokens/s2 -> back to the start
          fix: References MUST NOT be circular (format aliases.md "Circular References"): make one token in the cycle hold a value instead of a reference."
    `);
  });
});

describe('mistakes caught where they are made', () => {
  it('a $description that differs between the mode files of one variable names both files', async () => {
    const files = {
      'tokens.resolver.json': {
        version: '2025.10',
        modifiers: {
          theme: { contexts: { light: [{ $ref: 'light.tokens.json' }], dark: [{ $ref: 'dark.tokens.json' }] } },
        },
        resolutionOrder: [{ $ref: '#/modifiers/theme' }],
      },
      'light.tokens.json': { bg: { $type: 'color', $value: '#ffffff', $description: 'Page background' } },
      'dark.tokens.json': { bg: { $type: 'color', $value: '#000000', $description: 'Background of the page' } },
    };
    expect(await diagnose(files)).toMatchInlineSnapshot(`
      "tokens/dark.tokens.json:5:21  bg  "$description" differs between mode files: "Page background" in light.tokens.json, "Background of the page" in dark.tokens.json
          fix: The design file holds one description per variable: write the same text in both files (or keep it only in light.tokens.json)."
    `);
  });
});

describe('groups.md "$deprecated" and type resolution with extension', () => {
  it("passes a group's $deprecated to its tokens unless a token says false, and $type through $extends and alias chains", async () => {
    const set = await model({
      [F]: {
        old: {
          $deprecated: 'Use new',
          $type: 'cubicBezier',
          a: { $value: [0, 0, 1, 1] },
          b: { $value: [0, 0, 1, 1], $deprecated: false },
        },
        palette: { $type: 'color', base: { ink: { $value: '#111111' } } },
        theme: { $extends: '{palette.base}', paper: { $value: '#eeeeee' } },
        chain: { one: { $value: '{theme.ink}' }, two: { $value: '{chain.one}' } },
      },
    });
    expect(set.tokens!.map((t) => [t.name, t.deprecated])).toEqual([
      ['old/a', 'Use new'],
      ['old/b', undefined],
    ]);
    expect(set.variables.map((v) => `${v.name}:${v.type}`)).toEqual([
      'palette/base/ink:COLOR',
      'theme/ink:COLOR',
      'theme/paper:COLOR',
      'chain/one:COLOR',
      'chain/two:COLOR',
    ]);
  });
});

describe('design-token.md "Type": an untyped alias whose target is missing', () => {
  it('says why the type is unknown, once', async () => {
    expect(await diagnose({ [F]: { a: { $value: '{nope}' } } })).toMatchInlineSnapshot(`
      "tokens/a.tokens.json:2:3  a  the token has no "$type", and its alias {nope} leads to no token that has one
          fix: Add "$type" (one of color, dimension, fontFamily, fontWeight, duration, cubicBezier, number, strokeStyle, border, transition, shadow, gradient, typography, string, boolean) to the token or a group above it, or point the alias at an existing token."
    `);
  });
});
