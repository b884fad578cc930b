/**
 * Collections that share token names (one collection per theme, a common design-file layout;
 * docs/build.md "Collections that share names"). With `tokens.namespace: collection` every platform name
 * holds the collection, so they build side by side; with `none` the clash stays an error naming both
 * tokens.
 */
import { describe, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import type { RepoToken } from '../../src/model/dtcg.js';
import type { Alias, Collection, TokenSet, Value, Variable } from '../../src/model/types.js';
import { hexToColor } from '../../src/model/values.js';
import { fixtureConfig } from './fixture.js';

const themes = ['Light theme', 'Dark theme'];
const alias = (collection: string, name: string): Alias => ({ alias: { collection, name } });

function sharedNames(): TokenSet {
  const collections: Collection[] = themes.map((name) => ({
    name,
    modes: [{ name: 'Value' }, { name: 'High contrast' }],
    defaultMode: 'Value',
  }));
  const variables: Variable[] = themes.flatMap((c, i) => {
    const v = (
      name: string,
      type: Variable['type'],
      value: Value,
      contrast: Value,
      extra: Partial<Variable> = {},
    ): Variable => ({
      collection: c,
      name,
      type,
      description: '',
      scopes: ['ALL_SCOPES'],
      values: { Value: value, 'High contrast': contrast },
      ...extra,
    });
    return [
      v(
        'color/bg',
        'COLOR',
        hexToColor(i === 0 ? '#ffffff' : '#111111')!,
        hexToColor(i === 0 ? '#fafafa' : '#000000')!,
      ),
      v('color/fg', 'COLOR', alias(c, 'color/bg'), alias(c, 'color/bg')),
      v('space/md', 'FLOAT', 12 + i, 16, { kind: { type: 'dimension', unit: 'px' } }),
      v('font/size/body', 'FLOAT', 16, 18, { kind: { type: 'dimension', unit: 'px' }, scopes: ['FONT_SIZE'] }),
    ];
  });
  // A composite with the same name in both, its sub-values referencing its own collection.
  const tokens: RepoToken[] = themes.map((c) => ({
    collection: c,
    name: 'shadow/card',
    type: 'shadow',
    description: '',
    owner: 'repository',
    values: Object.fromEntries(
      ['Value', 'High contrast'].map((m) => [
        m,
        {
          color: alias(c, 'color/fg'),
          offsetX: { value: 0, unit: 'px' },
          offsetY: { value: 1, unit: 'px' },
          blur: alias(c, 'space/md'),
          spread: { value: 0, unit: 'px' },
        },
      ]),
    ),
  }));
  return { collections, variables, tokens };
}

describe('tokens.namespace: collection', async () => {
  const out = await buildTokens(sharedNames(), fixtureConfig({ modes: {} }), { namespace: 'collection' });
  const file = (p: string): string => out.files.get(p) ?? '';

  test('every platform builds, each name holding its collection', () => {
    expect(out.warnings).toEqual([]);
    expect(file('css/tokens.css')).toContain('  --light-theme-color-bg: #ffffff;\n');
    expect(file('css/tokens.css')).toContain('  --dark-theme-color-bg: #111111;\n');
    expect(file('css/tokens.css')).toContain('  --dark-theme-color-fg: var(--dark-theme-color-bg);\n');
    expect(file('css/tokens.css')).toContain(
      '  --dark-theme-shadow-card: 0px 1px var(--dark-theme-space-md) 0px var(--dark-theme-color-fg);\n',
    );
    expect(file('css/tokens.css')).toContain('[data-dark-theme="high-contrast"] {\n');
    expect(file('scss/_tokens.scss')).toContain('$light-theme-color-fg: $light-theme-color-bg;');
    expect(file('ts/tokens.ts')).toContain('  lightThemeColorBg: "#ffffff",\n  lightThemeColorFg: "#ffffff",\n');
    expect(file('ts/tokens.ts')).toContain('  darkThemeSpaceMd: "13px",\n');
    expect(file('json/tokens.json')).toContain('"Dark theme": {');
    expect(file('ios/DarkThemeValue.swift')).toContain('public static let darkThemeColorBg = UIColor(');
    expect(file('compose/LightThemeHighContrast.kt')).toContain('val lightThemeSpaceMd = 16.dp');
    expect(file('android/values/tokens.xml')).toContain('<color name="dark_theme_color_bg">#ff111111</color>');
    expect(file('android/values/tokens.xml')).toContain('<dimen name="light_theme_shadow_card_0_blur">12dp</dimen>');
    expect(file('tailwind/theme.css')).toContain('  --color-light-theme-bg: var(--light-theme-color-bg);\n');
    expect(file('tailwind/theme.css')).toContain('  --text-dark-theme-body: var(--dark-theme-font-size-body);\n');
    expect(file('tailwind/theme.css')).toContain('  --shadow-dark-theme-card: var(--dark-theme-shadow-card);\n');
    expect(file('docs/index.html')).toContain('data-copy="var(--light-theme-color-bg)"'); // the copy button of the row
  });
});

describe('tokens.namespace: none', () => {
  test('the same names in two collections are still a clash, naming both', async () => {
    const err = await buildTokens(sharedNames(), fixtureConfig({ modes: {} })).catch(
      (e: Error & { hint?: string }) => `${e.message}\nfix: ${e.hint}`,
    );
    expect(err).toMatchInlineSnapshot(`
      "Tokens "Light theme/color/bg" and "Dark theme/color/bg" both become --color-bg in CSS (custom property names), so one would overwrite the other.
      fix: Set tokens.namespace: collection in config/tokensync.yaml so every name holds its collection (--theme-color-bg), or rename one of them."
    `);
  });
});
