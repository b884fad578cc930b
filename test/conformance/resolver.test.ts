/**
 * DTCG 2025.10 Resolver Module (resolver/syntax.md), every document form with a valid and an invalid
 * case. Sets and modifiers become collections and modes (docs/architecture.md "Files in the repository").
 */
import { describe, expect, it } from 'vitest';
import { diagnose, model } from './harness.js';

const R = 'tokens.resolver.json';
const doc = (rest: Record<string, unknown>) => ({
  $schema: 'https://www.designtokens.org/schemas/2025.10/resolver.json',
  version: '2025.10',
  ...rest,
});
const num = (n: number) => ({ $type: 'number', $value: n });

describe('§Root level properties, §Version', () => {
  it('accepts name, description, $schema and $defs (ignored)', async () => {
    const set = await model({
      [R]: doc({
        name: 'x',
        description: 'y',
        $defs: { anything: true },
        sets: { base: { sources: [{ $ref: 'base.tokens.json' }] } },
        resolutionOrder: [{ $ref: '#/sets/base' }],
      }),
      'base.tokens.json': { a: num(1) },
    });
    expect(set.collections.map((c) => c.name)).toEqual(['base']);
  });
  it('refuses another version, a missing resolutionOrder and unknown root keys', async () => {
    expect(await diagnose({ [R]: { version: '2024', sets: {}, extra: 1 } })).toMatchInlineSnapshot(`
      "tokens/tokens.resolver.json:1:1  -  the resolver has no "resolutionOrder" array
          fix: Run \`tokensync pull\` to rewrite tokens.resolver.json, or fix it by hand (DTCG 2025.10 Resolver Module).
      tokens/tokens.resolver.json:2:14  -  the resolver "version" must be "2025.10", not "2024"
          fix: Set "version": "2025.10".
      tokens/tokens.resolver.json:4:12  -  the resolver document has no property "extra"
          fix: Remove it; the root holds $schema, name, version, description, sets, modifiers, resolutionOrder, $extensions, $defs (resolver §Root level properties)."
    `);
  });
});

describe('§Sets: several sources merged in order, files and inline tokens', () => {
  it('merges sources in array order (the last occurrence wins) and reads inline tokens', async () => {
    const set = await model({
      [R]: doc({
        sets: {
          size: {
            description: 'sizes',
            sources: [
              { $ref: 'base/a.tokens.json' },
              { $ref: 'base/b.tokens.json' },
              { space: { base: { $type: 'dimension', $value: { value: 2, unit: 'rem' } } } },
            ],
          },
        },
        resolutionOrder: [{ $ref: '#/sets/size' }],
      }),
      'base/a.tokens.json': { n: num(1), m: num(5) },
      'base/b.tokens.json': { n: num(2) },
    });
    expect(set.variables.map((v) => [v.name, v.values[set.collections[0]!.defaultMode]])).toEqual([
      ['n', 2],
      ['m', 5],
      ['space/base', 32],
    ]);
  });
  it('refuses a set without sources, a source outside the folder, and inline tokens that are wrong', async () => {
    expect(
      await diagnose({
        [R]: doc({
          sets: {
            a: {},
            b: { sources: [{ $ref: '../x.tokens.json' }] },
            c: { sources: [{ t: { $type: 'number', $value: 'one' } }] },
          },
          resolutionOrder: [{ $ref: '#/sets/a' }, { $ref: '#/sets/b' }, { $ref: '#/sets/c' }],
        }),
      }),
    ).toMatchInlineSnapshot(`
      "tokens/tokens.resolver.json:5:10  -  set "a" has no "sources"
          fix: A set MUST contain a "sources" array (resolver §Sets).
      tokens/tokens.resolver.json:9:19  -  "../x.tokens.json" is not a file inside the tokens folder
          fix: Give the path of a token file relative to tokens.resolver.json, inside the tokens folder (no URL, no "..", no fragment).
      tokens/tokens.resolver.json:18:23  t  a number token needs a number, not "one"
          fix: Set "$value" to a number, e.g. 1.5."
    `);
  });
});

describe('§Modifiers, §Contexts, §Default', () => {
  const files = {
    'light.tokens.json': { bg: num(1) },
    'dark.tokens.json': { bg: num(0) },
    'hc.tokens.json': { bg: num(9) },
    'size/base.tokens.json': { gap: num(4) },
  };
  it('reads contexts as modes, several modifiers, a default, and a set referenced inside a context', async () => {
    const set = await model({
      [R]: doc({
        sets: { baseSize: { sources: [{ $ref: 'size/base.tokens.json' }] } },
        modifiers: {
          theme: {
            description: 'Color theme',
            contexts: {
              light: [{ $ref: 'light.tokens.json' }],
              dark: [{ $ref: 'dark.tokens.json' }],
              darkHighContrast: [{ $ref: 'dark.tokens.json' }, { $ref: 'hc.tokens.json' }],
            },
            default: 'dark',
          },
          density: {
            contexts: { compact: [{ $ref: '#/sets/baseSize' }], comfy: [{ $ref: '#/sets/baseSize' }, { gap: num(8) }] },
          },
        },
        resolutionOrder: [{ $ref: '#/modifiers/theme' }, { $ref: '#/modifiers/density' }],
      }),
      ...files,
    });
    expect(set.collections).toEqual([
      {
        name: 'theme',
        modes: [{ name: 'light' }, { name: 'dark' }, { name: 'darkHighContrast' }],
        defaultMode: 'dark',
      },
      { name: 'density', modes: [{ name: 'compact' }, { name: 'comfy' }], defaultMode: 'compact' },
    ]);
    expect(set.variables.map((v) => [v.name, v.values])).toEqual([
      ['bg', { light: 1, dark: 0, darkHighContrast: 9 }],
      ['gap', { compact: 4, comfy: 8 }],
    ]);
  });
  it('refuses no contexts, a default that is no context, and a context referring to a modifier', async () => {
    expect(
      await diagnose({
        [R]: doc({
          modifiers: {
            a: { contexts: {} },
            b: { contexts: { x: [{ $ref: 'light.tokens.json' }] }, default: 'y' },
            c: { contexts: { x: [{ $ref: '#/modifiers/b' }] } },
          },
          resolutionOrder: [{ $ref: '#/modifiers/a' }, { $ref: '#/modifiers/b' }, { $ref: '#/modifiers/c' }],
        }),
      }),
    ).toMatchInlineSnapshot(`
      "tokens/tokens.resolver.json:6:19  -  modifier "a" has no contexts
          fix: Give the modifier one context per mode, e.g. "contexts": { "light": [{ "$ref": "semantic/light.tokens.json" }] }.
      tokens/tokens.resolver.json:9:19  -  warning: modifier "b" has only one context
          fix: Make it a set (one context is the equivalent of a set), or add the other contexts (resolver §Contexts).
      tokens/tokens.resolver.json:16:18  -  modifier "b" has default "y", which is not one of its contexts
          fix: Set "default" to one of "x".
      tokens/tokens.resolver.json:19:19  -  warning: modifier "c" has only one context
          fix: Make it a set (one context is the equivalent of a set), or add the other contexts (resolver §Contexts).
      tokens/tokens.resolver.json:22:21  -  a source cannot refer to a modifier (#/modifiers/b)
          fix: Refer to a set ("#/sets/<name>") or a file; a modifier MUST NOT reference another modifier (resolver §Contexts)."
    `);
  });
});

describe('§Resolution Order, §Inline sets and modifiers', () => {
  it('reads inline sets and modifiers beside references', async () => {
    const set = await model({
      [R]: doc({
        sets: { Animation: { sources: [{ $ref: 'anim.tokens.json' }] } },
        resolutionOrder: [
          { type: 'set', name: 'Size', sources: [{ $ref: 'size.tokens.json' }] },
          { type: 'set', name: 'Animation', sources: [{ $ref: '#/sets/Animation' }] },
          {
            type: 'modifier',
            name: 'Theme',
            contexts: { light: [{ $ref: 'light.tokens.json' }], dark: [{ $ref: 'dark.tokens.json' }] },
            default: 'light',
          },
        ],
      }),
      'size.tokens.json': { s: num(1) },
      'anim.tokens.json': { d: num(2) },
      'light.tokens.json': { bg: num(1) },
      'dark.tokens.json': { bg: num(0) },
    });
    expect(set.collections.map((c) => `${c.name}:${c.modes.map((m) => m.name).join('/')}`)).toEqual([
      'Size:size',
      'Animation:anim',
      'Theme:light/dark',
    ]);
  });
  it('refuses inline objects without name or type, duplicate names and references to nothing', async () => {
    expect(
      await diagnose({
        [R]: doc({
          resolutionOrder: [
            { sources: [] },
            { type: 'set', name: 'A', sources: [] },
            { type: 'set', name: 'A', sources: [] },
            { $ref: '#/sets/none' },
            'x',
          ],
        }),
      }),
    ).toMatchInlineSnapshot(`
      "tokens/tokens.resolver.json:5:5  -  an inline set needs "type" and "name"
          fix: Add "type": "set" and a unique "name" (resolver §Inline sets and modifiers).
      tokens/tokens.resolver.json:15:15  -  the name "A" is used twice in "resolutionOrder" (items 1 and 2)
          fix: Give every inline set and modifier its own name (resolver §Inline sets and modifiers).
      tokens/tokens.resolver.json:19:15  -  "resolutionOrder" refers to #/sets/none, which the document does not define
          fix: Point it at "#/sets/<name>" or "#/modifiers/<name>" of a set or modifier this document defines.
      tokens/tokens.resolver.json:21:5  -  each "resolutionOrder" item must be { "$ref": "#/sets/<name>" } or { "$ref": "#/modifiers/<name>" }, or an inline set or modifier with "type" and "name"
          fix: Run \`tokensync pull\` to rewrite tokens.resolver.json, or fix it by hand (DTCG 2025.10 Resolver Module)."
    `);
  });
});

describe('§Reference objects, §Extending: keys beside $ref override, shallowly', () => {
  it("overrides a modifier's default from resolutionOrder, and a file's top-level group from a source", async () => {
    const set = await model({
      [R]: doc({
        sets: { base: { sources: [{ $ref: 'base.tokens.json', color: { $type: 'number', bg: { $value: 0 } } }] } },
        modifiers: {
          theme: {
            contexts: { light: [{ $ref: 'light.tokens.json' }], dark: [{ $ref: 'dark.tokens.json' }] },
            default: 'light',
          },
        },
        resolutionOrder: [{ $ref: '#/sets/base' }, { $ref: '#/modifiers/theme', default: 'dark' }],
      }),
      'base.tokens.json': { color: { $type: 'number', bg: { $value: 1 }, fg: { $value: 2 } }, size: { x: num(3) } },
      'light.tokens.json': { t: num(1) },
      'dark.tokens.json': { t: num(0) },
    });
    expect(set.collections.map((c) => c.defaultMode)).toEqual(['Value', 'dark']);
    // "color" replaced whole (color.fg is gone), "size" kept.
    expect(set.variables.map((v) => [v.name, Object.values(v.values)[0]])).toEqual([
      ['size/x', 3],
      ['color/bg', 0],
      ['t', 1],
    ]);
  });
});

describe('§Sets, §Contexts: a misspelt key is named', () => {
  it('says "did you mean" for "source" and "context"', async () => {
    expect(
      await diagnose({
        [R]: doc({
          sets: { a: { source: [] } },
          modifiers: { m: { context: { x: [], y: [] } } },
          resolutionOrder: [{ $ref: '#/sets/a' }, { $ref: '#/modifiers/m' }],
        }),
      }),
    ).toMatchInlineSnapshot(`
      "tokens/tokens.resolver.json:6:17  -  set "a" has no "sources" (did you mean "sources" for "source"?)
          fix: A set MUST contain a "sources" array (resolver §Sets).
      tokens/tokens.resolver.json:11:18  -  modifier "m" has no contexts (did you mean "contexts" for "context"?)
          fix: Give the modifier one context per mode, e.g. "contexts": { "light": [{ "$ref": "semantic/light.tokens.json" }] }."
    `);
  });
});
