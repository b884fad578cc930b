/**
 * Golden files for every platform over the fixture (docs/build.md "Outputs"), and determinism: the same
 * tokens give the same bytes whatever order the variables arrive in. Regenerate the goldens after an
 * intended change with `npx vitest run test/build -u` and review the diff.
 */
import { describe, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

describe('build goldens', async () => {
  const out = await buildTokens(fixtureSet(), fixtureConfig());

  test('writes exactly these files, one per platform and mode where the platform needs it', () => {
    expect([...out.files.keys()]).toEqual([
      'android/values-night/tokens.xml',
      'android/values/tokens.xml',
      'compose/Primitives.kt',
      'compose/ThemeDark.kt',
      'compose/ThemeLight.kt',
      'compose/TokenTypes.kt',
      'css/tokens.css',
      'docs/index.html',
      'ios/Primitives.swift',
      'ios/ThemeDark.swift',
      'ios/ThemeLight.swift',
      'ios/TokenTypes.swift',
      'json/tokens.json',
      'scss/_theme-dark.scss',
      'scss/_tokens.scss',
      'tailwind/theme.css',
      'ts/tokens.ts',
    ]);
    expect(out.warnings).toEqual([]);
  });

  for (const [file, content] of out.files) {
    test(`golden: ${file}`, async () => {
      await expect(content).toMatchFileSnapshot(`golden/${file}`);
    });
  }

  test('the same tokens in another order give the same bytes', async () => {
    const set = fixtureSet();
    set.variables.reverse();
    const again = await buildTokens(set, fixtureConfig());
    expect(again.files).toEqual(out.files);
  });
});
