/**
 * The resolver read into the model as docs/overrides.md maps it: §3 (a modifier overriding a set's
 * tokens gives it modes), §4 (a second axis: extended collections), §5 (a third axis: repository-only;
 * a set after a modifier: the same value in every mode), and the errors with their fix.
 */
import { describe, expect, it } from 'vitest';
import { resolveInput, withPartial } from '../../src/codegen/inputs.js';
import { colorToHex } from '../../src/model/values.js';
import type { Color } from '../../src/model/types.js';
import { diagnose, model } from '../conformance/harness.js';
import { DOCUMENTS } from './documents.js';

const R = 'tokens.resolver.json';
interface Doc {
  modifiers: Record<string, unknown>;
  resolutionOrder: unknown[];
}
const doc = (rest: Record<string, unknown>): Doc => ({ version: '2025.10', ...rest }) as unknown as Doc;
const color = (hex: string) => ({ $type: 'color', $value: hex });
const hexOf = (v: unknown) => colorToHex(v as Color);

const base = {
  color: {
    bg: color('#ffffff'),
    fg: color('#000000'),
    accent: color('#0000ff'),
    link: { $type: 'color', $value: '{color.accent}' },
  },
  space: { $type: 'number', s: { $value: 4 } },
};
const twoAxes = {
  [R]: doc({
    sets: { tokens: { sources: [{ $ref: 'tokens.json' }] } },
    modifiers: {
      mode: { default: 'light', contexts: { light: [], dark: [{ $ref: 'mode/dark.json' }] } },
      brand: { default: 'base', contexts: { base: [], acme: [{ $ref: 'brand/acme.json' }] } },
    },
    resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/mode' }, { $ref: '#/modifiers/brand' }],
  }),
  'tokens.json': base,
  'mode/dark.json': { color: { bg: color('#000000'), fg: color('#ffffff') } },
  'brand/acme.json': { color: { accent: color('#ff0000'), bg: color('#eeeeee') } },
};

describe('§3 a modifier overriding a set: the set gets the contexts as modes', () => {
  it('reads an empty default context as base values, and a context as its overrides', async () => {
    const set = await model({
      ...twoAxes,
      [R]: doc({ ...twoAxes[R], resolutionOrder: twoAxes[R].resolutionOrder.slice(0, 2) }),
    });
    expect(set.collections).toEqual([
      {
        name: 'tokens',
        modes: [{ name: 'light' }, { name: 'dark' }],
        defaultMode: 'light',
        modifier: { name: 'mode' },
      },
    ]);
    const bg = set.variables.find((v) => v.name === 'color/bg')!;
    expect([hexOf(bg.values['light']), hexOf(bg.values['dark'])]).toEqual(['#ffffff', '#000000']);
    const accent = set.variables.find((v) => v.name === 'color/accent')!;
    expect([hexOf(accent.values['light']), hexOf(accent.values['dark'])]).toEqual(['#0000ff', '#0000ff']);
  });
});

describe('§4 a second axis: extended collections named <parent> / <context>', () => {
  it('puts the brand overrides on the parent variables, the same in every mode', async () => {
    const set = await model(twoAxes);
    expect(set.collections.map((c) => [c.name, c.parent, c.modifier])).toEqual([
      ['tokens', undefined, { name: 'mode' }],
      ['tokens / acme', 'tokens', { name: 'brand', context: 'acme' }],
    ]);
    const accent = set.variables.find((v) => v.name === 'color/accent')!;
    expect(Object.keys(accent.values)).toEqual(['light', 'dark']);
    expect(hexOf(accent.overrides?.['tokens / acme']?.['light'])).toBe('#ff0000');
    expect(hexOf(accent.overrides?.['tokens / acme']?.['dark'])).toBe('#ff0000');
    expect(set.variables.find((v) => v.name === 'color/fg')!.overrides).toBeUndefined();
  });
  it('refuses a default context that is not empty, with the fix', async () => {
    const r = twoAxes[R];
    const text = await diagnose({
      ...twoAxes,
      [R]: doc({
        ...r,
        modifiers: {
          ...r.modifiers,
          brand: { default: 'acme', contexts: { base: [], acme: [{ $ref: 'brand/acme.json' }] } },
        },
      }),
    });
    expect(text).toMatchInlineSnapshot(`
      "tokens/brand/acme.json:3:5  color.accent  the default context "acme" of modifier "brand" overrides 2 tokens of collection "tokens" (color.accent), which already has its modes; its default context must be empty
          fix: Move these tokens into the set that defines them, or add an empty context (e.g. "base": []) and make it the modifier's "default" (docs/overrides.md §4)."
    `);
  });
});

describe('§5 what a design file cannot hold', () => {
  it('reads a third axis as a repository-only axis, without an error', async () => {
    const r = twoAxes[R];
    const set = await model({
      ...twoAxes,
      [R]: doc({
        ...r,
        modifiers: {
          ...r.modifiers,
          contrast: { default: 'normal', contexts: { normal: [], high: [{ $ref: 'contrast/high.json' }] } },
        },
        resolutionOrder: [...r.resolutionOrder, { $ref: '#/modifiers/contrast' }],
      }),
      'contrast/high.json': { color: { fg: color('#111111') } },
    });
    expect(set.collections.map((c) => c.name)).toEqual(['tokens', 'tokens / acme']);
    expect(
      set.repositoryAxes?.map((a) => [a.collection.name, Object.keys(a.overrides), a.reason]),
    ).toMatchInlineSnapshot(`
      [
        [
          "tokens / high",
          [
            "color/fg",
          ],
          "modifier "contrast" is a third axis over collection "tokens" (after "brand"), which a design file cannot hold",
        ],
      ]
    `);
  });
  it('reads a set after a modifier as the same value in every mode', async () => {
    const r = twoAxes[R];
    const set = await model({
      ...twoAxes,
      [R]: doc({
        sets: { tokens: { sources: [{ $ref: 'tokens.json' }] }, late: { sources: [{ $ref: 'late.json' }] } },
        modifiers: r.modifiers,
        resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/mode' }, { $ref: '#/sets/late' }],
      }),
      'late.json': { color: { bg: color('#123456') }, extra: color('#654321') },
    });
    expect(set.collections.map((c) => c.name)).toEqual(['tokens', 'late']);
    const bg = set.variables.find((v) => v.name === 'color/bg')!;
    expect([hexOf(bg.values['light']), hexOf(bg.values['dark'])]).toEqual(['#123456', '#123456']);
  });
});

describe('resolver §Resolution logic, rule by rule, through the model (src/codegen/inputs.ts)', () => {
  const value = async (files: Record<string, unknown>, input: Record<string, string>, name: string) => {
    const set = await model(files);
    const v = set.variables.find((x) => x.name === name)!;
    const got = resolveInput(set, input).get(v);
    return typeof got === 'object' && got !== null && 'r' in got ? colorToHex(got as Color) : got;
  };
  it('§Modifier application: an input that names no context of a modifier takes its default', async () => {
    expect(await value(twoAxes, {}, 'color/bg')).toBe('#ffffff');
    expect(await value(twoAxes, { brand: 'acme' }, 'color/bg')).toBe('#eeeeee');
  });
  it('§Modifier application: the later modifier wins where both override (brand after mode)', async () => {
    expect(await value(twoAxes, { mode: 'dark', brand: 'acme' }, 'color/bg')).toBe('#eeeeee');
    expect(await value(twoAxes, { mode: 'dark' }, 'color/bg')).toBe('#000000');
  });
  it('§Alias resolution: after the merge, so a base alias follows an override', async () => {
    expect(await value(twoAxes, { brand: 'acme' }, 'color/link')).toBe('#ff0000');
    expect(await value(twoAxes, { brand: 'base' }, 'color/link')).toBe('#0000ff');
  });
  it('§Contexts: a set referenced from a context stands for its sources, inlined', async () => {
    // Terrazzo 2.7 reads the set object itself as tokens ("sources.0.color.bg"): documents.ts avoids it.
    const files = {
      ...twoAxes,
      [R]: doc({
        sets: { tokens: { sources: [{ $ref: 'tokens.json' }] }, night: { sources: [{ $ref: 'mode/dark.json' }] } },
        modifiers: { mode: { default: 'light', contexts: { light: [], dark: [{ $ref: '#/sets/night' }] } } },
        resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/mode' }],
      }),
    };
    expect(await value(files, { mode: 'dark' }, 'color/bg')).toBe('#000000');
  });
});

describe('§5 a token a modifier defines in some contexts only', () => {
  const files = DOCUMENTS['a modifier that defines tokens in some contexts only']!;
  it('is accepted and kept out of the synced set, with the values of the contexts that define it', async () => {
    const set = await model(files);
    expect(set.collections.map((c) => c.name)).toEqual(['tokens']);
    expect(set.variables.some((v) => v.name.startsWith('control/'))).toBe(false);
    const p = set.partial!;
    expect(p.collections.map((c) => [c.name, c.modes.map((m) => m.name)])).toEqual([
      ['density', ['regular', 'compact', 'touch']],
    ]);
    expect(p.variables.map((v) => [v.name, Object.keys(v.values), v.description])).toEqual([
      // The contexts describe it differently: no one description (each file keeps its own).
      ['control/target', ['compact', 'touch'], ''],
      ['control/hit', ['touch'], ''],
    ]);
    // Resolved in an input: present where defined, an alias followed in that input.
    const inTouch = resolveInput(withPartial(set), { density: 'touch' });
    const hit = [...inTouch].find(([v]) => v.name === 'control/hit')?.[1];
    expect(hit).toBe(12);
    expect([...resolveInput(withPartial(set), {})].some(([v]) => v.name.startsWith('control/'))).toBe(false);
  });
  it('refuses a reference to it from a token every context has, naming both', async () => {
    const text = await diagnose({
      ...files,
      'tokens.tokens.json': {
        ...(files['tokens.tokens.json'] as object),
        focus: { $type: 'dimension', $value: '{control.target}' },
      },
    });
    expect(text).toMatchInlineSnapshot(`
      "tokens/tokens.tokens.json:71:15  focus  {control.target} is defined only in contexts "compact", "touch" of modifier "density", so this token has no value in the other contexts
          fix: Define control.target in every context of "density" (or in the set it overrides), or reference a token every context defines."
    `);
  });
});
