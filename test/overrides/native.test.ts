/**
 * Native platforms per resolver input (docs/build.md "Contexts", src/codegen/native-inputs.ts): iOS,
 * Compose and Android get one output per input; goldens under golden/native/, and every value in
 * every native output equals the resolver's resolved value for that input (inputs.ts `resolveInput`,
 * the resolution the CSS, TS and Terrazzo tests use). Regenerate the goldens after an intended change
 * with `npx vitest run test/overrides -u` and review the diff.
 */
import { describe, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { permutationId, permutationsOf } from '../../src/codegen/permutations.js';
import { resolveInput } from '../../src/codegen/inputs.js';
import { pascal } from '../../src/codegen/naming.js';
import { configSchema } from '../../src/config/schema.js';
import { isColor, type Value } from '../../src/model/types.js';
import { model } from '../conformance/harness.js';
import { DOCUMENTS } from './documents.js';

const build = (over: Record<string, unknown> = {}) =>
  configSchema.parse({ build: { platforms: ['ios', 'android', 'compose'], ...over } }).build;
const THREE = 'three axes: mode, brand, contrast';

describe('iOS, Compose, Android: one output per resolver input', () => {
  test('the default input and one per context of each modifier, goldens for each', async () => {
    const set = await model(DOCUMENTS[THREE]!);
    const out = await buildTokens(set, build());
    const files = [...out.files.keys()].filter((f) => f.includes('permutations'));
    expect(files).toMatchInlineSnapshot(`
      [
        "android/permutations/brand-acme/values/tokens.xml",
        "android/permutations/brand-zen/values/tokens.xml",
        "android/permutations/contrast-high/values/tokens.xml",
        "android/permutations/default/values/tokens.xml",
        "android/permutations/mode-dark/values/tokens.xml",
        "compose/permutations/TokensForBrandAcme.kt",
        "compose/permutations/TokensForBrandZen.kt",
        "compose/permutations/TokensForContrastHigh.kt",
        "compose/permutations/TokensForDefault.kt",
        "compose/permutations/TokensForModeDark.kt",
        "ios/permutations/TokensForBrandAcme.swift",
        "ios/permutations/TokensForBrandZen.swift",
        "ios/permutations/TokensForContrastHigh.swift",
        "ios/permutations/TokensForDefault.swift",
        "ios/permutations/TokensForModeDark.swift",
      ]
    `);
    for (const f of files)
      await expect(out.files.get(f)).toMatchFileSnapshot(`golden/native/${f.replaceAll('/', '__')}`);
  });

  test('build.permutations lists the inputs for the native platforms too', async () => {
    const set = await model(DOCUMENTS['two axes: mode then brand (an empty context too)']!);
    const out = await buildTokens(set, build({ permutations: [{ mode: 'dark', brand: 'acme' }] }));
    expect([...out.files.keys()].filter((f) => f.includes('permutations'))).toMatchInlineSnapshot(`
      [
        "android/permutations/mode-dark.brand-acme/values/tokens.xml",
        "compose/permutations/TokensForModeDarkBrandAcme.kt",
        "ios/permutations/TokensForModeDarkBrandAcme.swift",
      ]
    `);
  });

  test('a per-input type named like a per-mode type is refused, naming both files', async () => {
    const docs = DOCUMENTS['one set, one overriding modifier with an empty default']!;
    const resolver = docs['tokens.resolver.json'] as { modifiers: Record<string, unknown> };
    const set = await model({
      ...docs,
      'tokens.resolver.json': {
        ...resolver,
        modifiers: {
          mode: { default: 'for default', contexts: { 'for default': [], dark: [{ $ref: 'mode/dark.tokens.json' }] } },
        },
      },
    });
    await expect(buildTokens(set, build({ platforms: ['ios'] }))).rejects.toThrowErrorMatchingInlineSnapshot(
      `[BuildError: ios/TokensForDefault.swift and ios/permutations/TokensForDefault.swift declare the same type.]`,
    );
  });

  test('a set without contexts or permutations builds no per-input native files', async () => {
    const set = await model({
      'tokens.resolver.json': {
        version: '2025.10',
        sets: { tokens: { sources: [{ $ref: 'tokens.tokens.json' }] } },
        resolutionOrder: [{ $ref: '#/sets/tokens' }],
      },
      'tokens.tokens.json': { gap: { $type: 'dimension', $value: { value: 4, unit: 'px' } } },
    });
    const out = await buildTokens(set, build());
    expect([...out.files.keys()].some((f) => f.includes('permutations'))).toBe(false);
  });
});

/** The resolved color as each native format prints it. */
const channels = (v: Value): number[] => {
  if (!isColor(v)) throw new Error('not a color');
  return [v.a, v.r, v.g, v.b];
};
const hex = (v: Value): string =>
  channels(v)
    .map((n) =>
      Math.round(n * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const uiColor = (v: Value): string => {
  const [a, r, g, b] = channels(v);
  return `UIColor(red: ${r!.toFixed(3)}, green: ${g!.toFixed(3)}, blue: ${b!.toFixed(3)}, alpha: ${a})`;
};

describe('each native output holds the resolver value of its input', () => {
  test('every color and number, in Android, Swift and Compose, for every input', async () => {
    const set = await model(DOCUMENTS[THREE]!);
    const config = build();
    const out = await buildTokens(set, config);
    let compared = 0;
    for (const input of permutationsOf(set, config)) {
      const id = permutationId(input);
      const cls = pascal('tokens', 'for', id);
      const xml = out.files.get(`android/permutations/${id}/values/tokens.xml`)!;
      const swift = out.files.get(`ios/permutations/${cls}.swift`)!;
      const kotlin = out.files.get(`compose/permutations/${cls}.kt`)!;
      for (const [v, value] of resolveInput(set, input)) {
        const android = v.name.split('/').join('_');
        const camel = v.name
          .split('/')
          .map((s, i) => (i === 0 ? s : s[0]!.toUpperCase() + s.slice(1)))
          .join('');
        const at = `${id} ${v.name}`;
        if (isColor(value)) {
          expect(xml, at).toContain(`<color name="${android}">#${hex(value)}</color>`);
          expect(swift, at).toContain(`static let ${camel} = ${uiColor(value)}\n`);
          expect(kotlin, at).toContain(`val ${camel} = Color(0x${hex(value)})\n`);
        } else if (v.kind?.type === 'dimension') {
          expect(xml, at).toContain(`<dimen name="${android}">${value}dp</dimen>`);
          expect(swift, at).toContain(`static let ${camel} = CGFloat(${value})\n`);
          expect(kotlin, at).toContain(`val ${camel} = ${value}.dp\n`);
        } else {
          expect(xml, at).toContain(`<integer name="${android}">${value}</integer>`);
          expect(swift, at).toContain(`static let ${camel} = CGFloat(${value})\n`);
          expect(kotlin, at).toContain(`val ${camel} = ${value}f\n`);
        }
        compared++;
      }
    }
    expect(compared).toBe(5 * 9);
  });
});
