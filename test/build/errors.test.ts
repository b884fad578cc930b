/**
 * What a user meets when the tokens or the config cannot be built: clear errors that name the
 * tokens and the fix (inline snapshots), and the config knobs that change the output.
 */
import { describe, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import type { TokenSet, Variable } from '../../src/model/types.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

const variable = (
  collection: string,
  name: string,
  values: Variable['values'],
  extra: Partial<Variable> = {},
): Variable => ({
  collection,
  name,
  type: 'FLOAT',
  description: '',
  scopes: ['ALL_SCOPES'],
  values,
  ...extra,
});

function twoCollections(a: Variable[], b: Variable[] = []): TokenSet {
  return {
    collections: [
      { name: 'a', modes: [{ name: 'm' }], defaultMode: 'm' },
      { name: 'b', modes: [{ name: 'm' }], defaultMode: 'm' },
    ],
    variables: [...a, ...b],
  };
}

/** Config for the small sets built inline here: the fixture's mode settings name its `theme` collection. */
const adHocConfig = (): ReturnType<typeof fixtureConfig> => fixtureConfig({ modes: {} });

async function failure(
  set: TokenSet,
  config = adHocConfig(),
  platforms?: Parameters<typeof buildTokens>[2],
): Promise<string> {
  try {
    await buildTokens(set, config, platforms);
  } catch (err) {
    const e = err as Error & { code?: string; hint?: string };
    return `${e.code}: ${e.message}\nfix: ${e.hint}`;
  }
  throw new Error('expected the build to fail');
}

describe('name clashes are errors that name both tokens', () => {
  test('two collections whose tokens become the same CSS name', async () => {
    const set = twoCollections([variable('a', 'space/sm', { m: 4 })], [variable('b', 'space-sm', { m: 8 })]);
    expect(await failure(set, adHocConfig(), { platforms: ['css'] })).toMatchInlineSnapshot(`
      "BUILD_NAME_CLASH: Tokens "a/space/sm" and "b/space-sm" both become --space-sm in CSS (custom property names), so one would overwrite the other.
      fix: Set tokens.namespace: collection in config/tokensync.yaml so every name holds its collection (--theme-color-bg), or rename one of them."
    `);
  });

  test('two tokens of one collection that become the same Swift name', async () => {
    const set = twoCollections([variable('a', 'color/bg', { m: 1 }), variable('a', 'color bg', { m: 2 })]);
    expect(await failure(set, adHocConfig(), { platforms: ['ios'] })).toMatchInlineSnapshot(`
      "BUILD_NAME_CLASH: Tokens "a/color bg" and "a/color/bg" both become colorBg in Swift (class A), so one would overwrite the other.
      fix: Rename one of them (in the design file or its token file) so their names differ in more than case and punctuation, or set build.prefix."
    `);
  });

  // docs/token-files.md "A variable that is also a group".
  test("a token that is also a group builds as the group's root, not a clash", async () => {
    const set = twoCollections([variable('a', 'size', { m: 1 }), variable('a', 'size/lg', { m: 2 })]);
    const out = await buildTokens(set, adHocConfig(), {});
    const css = out.files.get('css/tokens.css') ?? '';
    expect(css).toContain('--size-root:');
    expect(css).toContain('--size-lg:');
  });
});

describe('broken models', () => {
  test('an alias to a token that does not exist', async () => {
    const set = twoCollections([variable('a', 'x', { m: { alias: { collection: 'b', name: 'missing' } } })]);
    expect(await failure(set)).toMatchInlineSnapshot(`
      "BUILD_ALIAS_MISSING: Variable "a/x" (mode "m") is an alias of "b/missing", which does not exist.
      fix: Point the alias at an existing token, or add the missing token."
    `);
  });

  test('an alias cycle across collections', async () => {
    const set = twoCollections(
      [variable('a', 'x', { m: { alias: { collection: 'b', name: 'y' } } })],
      [variable('b', 'y', { m: { alias: { collection: 'a', name: 'x' } } })],
    );
    expect(await failure(set)).toMatchInlineSnapshot(`
      "BUILD_ALIAS_CYCLE: Variable "a/x" (mode "m") is part of an alias cycle.
      fix: Point one of the aliases in the cycle at a literal value."
    `);
  });

  test('a cycle longer than the chain followed before cycles are looked for, and a long chain that ends', async () => {
    // x0 -> x1 -> … -> x39 -> x20: a cycle of 20 entered after 20 hops (tree-model.ts looks past 16).
    const chain = (n: number, last: Variable['values']['m']): Variable[] =>
      Array.from({ length: n }, (_, i) =>
        variable('a', `x${i}`, { m: i < n - 1 ? { alias: { collection: 'a', name: `x${i + 1}` } } : last }),
      );
    expect(
      await failure(twoCollections(chain(40, { alias: { collection: 'a', name: 'x20' } }))),
    ).toMatchInlineSnapshot(`
      "BUILD_ALIAS_CYCLE: Variable "a/x0" (mode "m") is part of an alias cycle.
      fix: Point one of the aliases in the cycle at a literal value."
    `);
    const out = await buildTokens(twoCollections(chain(40, 4)), adHocConfig(), { platforms: ['json'] });
    expect(out.files.get('json/tokens.json')).toContain('"x0": 4');
  });

  test('a value of another type than its variable names the token and the value', async () => {
    const set = twoCollections([variable('a', 'gap', { m: 'wide' as unknown as number })]);
    expect(await failure(set)).toMatchInlineSnapshot(`
      "BUILD_MODEL_INVALID: Variable "a/gap" (mode "m") has a value that is not a number: "wide".
      fix: Fix the value in its token file so it matches the token $type."
    `);
  });

  test('a mode without a value', async () => {
    const set = fixtureSet();
    delete set.variables.find((v) => v.name === 'emphasis')!.values['dark'];
    expect(await failure(set)).toMatchInlineSnapshot(`
      "BUILD_MODEL_INVALID: Variable "theme/emphasis" has no value for mode "dark".
      fix: Give it a value in tokens/<collection>/<mode>.tokens.json for mode "dark"."
    `);
  });

  test('config for a collection the set does not have names the key', async () => {
    expect(
      await failure(
        fixtureSet(),
        fixtureConfig({ modes: { Theme: { dark: { media: '(prefers-color-scheme: dark)' } } } }),
      ),
    ).toMatchInlineSnapshot(`
      "BUILD_CONFIG_INVALID: config key "build.modes.Theme": there is no collection "Theme" (the collections: primitives, theme).
      fix: Use one of the collection names listed (as in the design file; names are case-sensitive), or remove that key from config/tokensync.yaml."
    `);
  });

  test('config for a mode the collection does not have names the key', async () => {
    expect(
      await failure(fixtureSet(), fixtureConfig({ modes: { theme: { dim: { selector: '.dim' } } } })),
    ).toMatchInlineSnapshot(`
      "BUILD_CONFIG_INVALID: config key "build.modes.theme.dim": collection "theme" has no mode "dim" (its modes: light, dark).
      fix: Use one of the mode names listed, or remove that key from config/tokensync.yaml."
    `);
  });
});

describe('tailwind names', () => {
  test('a radius token inside another group keeps its group, so two radius tokens stay apart', async () => {
    const dim = { kind: { type: 'dimension', unit: 'px' } } as const;
    const set = twoCollections(
      [variable('a', 'palette/radius/card', { m: 4 }, dim), variable('a', 'radius/card', { m: 6 }, dim)],
      [variable('b', 'theme/radius/card', { m: 8 }, dim)],
    );
    const out = await buildTokens(set, adHocConfig(), { platforms: ['tailwind'] });
    expect(out.files.get('tailwind/theme.css')).toMatchInlineSnapshot(`
      "/* Do not edit directly, this file was auto-generated. */

      @theme {
        --radius-card: 6px;
      }

      @theme inline {
        --radius-palette-radius-card: var(--palette-radius-card);
        --radius-theme-radius-card: var(--theme-radius-card);
      }
      "
    `);
  });
});

describe('units and literals per platform', () => {
  test('Swift and Kotlin members are sorted by their names: space1 before space10', async () => {
    const dim = { kind: { type: 'dimension', unit: 'px' } } as const;
    const set = twoCollections([
      variable('a', 'space/10', { m: 40 }, dim),
      variable('a', 'space/1', { m: 4 }, dim),
      variable('a', 'space/2', { m: 8 }, dim),
    ]);
    const out = await buildTokens(set, adHocConfig(), { platforms: ['ios', 'compose'] });
    expect(out.files.get('ios/A.swift')).toContain(
      '    public static let space1 = CGFloat(4)\n    public static let space10 = CGFloat(40)\n    public static let space2 = CGFloat(8)\n',
    );
    expect(out.files.get('compose/A.kt')).toContain(
      '  val space1 = 4.dp\n  val space10 = 40.dp\n  val space2 = 8.dp\n',
    );
  });
  test('a string holding braces is a value, not a reference; an alias to it stays a reference on the web', async () => {
    const str = { type: 'STRING' } as const;
    const set = twoCollections([
      variable('a', 'label/x', { m: 'Hello {name}' }, str),
      variable('a', 'label/y', { m: { alias: { collection: 'a', name: 'label/x' } } }, str),
    ]);
    const out = await buildTokens(set, adHocConfig(), { platforms: ['css', 'scss', 'ts', 'ios'] });
    expect(out.files.get('css/tokens.css')).toContain(
      ':root {\n  --label-x: "Hello {name}";\n  --label-y: var(--label-x);\n}',
    );
    expect(out.files.get('scss/_tokens.scss')).toContain('$label-x: "Hello {name}";\n$label-y: $label-x;');
    expect(out.files.get('ts/tokens.ts')).toContain('  labelX: "Hello {name}",\n  labelY: "Hello {name}",');
    expect(out.files.get('ios/A.swift')).toContain('public static let labelY = "Hello {name}"');
    expect(out.warnings).toEqual([]);
  });

  test('px stays px: 16px is 16pt, 16dp and 16.sp natively, never 256 (Style Dictionary assumes rem)', async () => {
    const out = await buildTokens(fixtureSet(), fixtureConfig(), { platforms: ['ios', 'android', 'compose', 'css'] });
    expect(out.files.get('ios/Primitives.swift')).toContain('public static let space4 = CGFloat(16)');
    expect(out.files.get('android/values/tokens.xml')).toContain('<dimen name="space_4">16dp</dimen>');
    expect(out.files.get('android/values/tokens.xml')).toContain('<dimen name="font_size_body">16sp</dimen>');
    expect(out.files.get('compose/Primitives.kt')).toContain('val fontSizeBody = 16.sp');
    expect(out.files.get('css/tokens.css')).toContain('--space-4: 16px;');
    // A rem token is 0.5rem on the web and its pixels (8) natively, with the remBase of the config.
    expect(out.files.get('css/tokens.css')).toContain('--radius-md: 0.5rem;');
    expect(out.files.get('android/values/tokens.xml')).toContain('<dimen name="radius_md">8dp</dimen>');
    const ten = await buildTokens(fixtureSet(), fixtureConfig(), { platforms: ['css'], remBase: 10 });
    expect(ten.files.get('css/tokens.css')).toContain('--radius-md: 0.8rem;');
  });
});

describe('config', () => {
  test('prefix, selector template, per-mode selector and platforms shape the output', async () => {
    const config = fixtureConfig({
      prefix: 'ds',
      selector: '.{collection}-{mode}',
      platforms: ['css', 'ios'],
      modes: { theme: { dark: { selector: '[data-scheme=night]' } } },
    });
    const out = await buildTokens(fixtureSet(), config);
    expect([...out.files.keys()]).toEqual([
      'css/tokens.css',
      'ios/DsPrimitives.swift',
      'ios/DsThemeDark.swift',
      'ios/DsThemeLight.swift',
      'ios/TokenTypes.swift',
    ]);
    const css = out.files.get('css/tokens.css')!;
    expect(css).toMatch(/\n\[data-scheme=night\] \{\n[^}]*\n {2}--ds-color-accent: #60a5fa;/);
    expect(css).toContain('--ds-color-bg: var(--ds-color-gray-50);');
    expect(css).not.toContain('@media');
    expect(out.files.get('ios/DsThemeDark.swift')).toContain('public static let dsColorBg = UIColor(');
  });

  test("the user's own Style Dictionary platforms run alongside ours, over the default modes", async () => {
    const config = fixtureConfig({
      platforms: ['css'],
      styleDictionary: {
        platforms: {
          flat: {
            transformGroup: 'js',
            buildPath: 'custom/',
            files: [{ destination: 'flat.json', format: 'json/flat' }],
          },
          // outputReferences to tokens the filter drops: Style Dictionary warns, and we surface it.
          themeOnly: {
            transformGroup: 'css',
            buildPath: 'custom/',
            files: [
              {
                destination: 'theme.css',
                format: 'css/variables',
                filter: { $extensions: { 'dev.tokensync': { collection: 'theme' } } },
                options: { outputReferences: true },
              },
            ],
          },
        },
      },
    });
    const out = await buildTokens(fixtureSet(), config);
    expect([...out.files.keys()]).toEqual(['css/tokens.css', 'custom/flat.json', 'custom/theme.css']);
    expect(JSON.parse(out.files.get('custom/flat.json')!)).toMatchObject({
      ColorBg: '#f9fafb',
      ColorGray900: '#111827',
      SpaceGutter: '16px',
    });
    expect(out.files.get('custom/theme.css')).toContain('--color-bg: var(--color-gray-50);');
    // Composites reach them in DTCG form, so Style Dictionary's own composite transforms apply.
    expect(out.files.get('custom/theme.css')).toContain(
      '--shadow-card: 0px 1px 2px 0px var(--color-scrim), 0px 4px 8px -2px #0000001a;',
    );
    expect(out.warnings.join('\n')).toContain('custom/theme.css');
    expect(out.warnings.join('\n')).toMatch(/filtered out token references/i);
  });

  test('a user platform cannot write outside the output folder', async () => {
    const config = fixtureConfig({
      platforms: [],
      styleDictionary: {
        platforms: {
          evil: { transformGroup: 'js', buildPath: '../', files: [{ destination: 'x.json', format: 'json/flat' }] },
        },
      },
    });
    expect(await failure(fixtureSet(), config)).toMatchInlineSnapshot(`
      "BUILD_OUTPUT_OUTSIDE: Output file "../x.json" (Style Dictionary platform "evil") would be written outside the output folder.
      fix: Use a relative destination (and buildPath) without "..", in build.styleDictionary.platforms."
    `);
  });
});
