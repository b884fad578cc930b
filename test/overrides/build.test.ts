/**
 * Building every context (docs/overrides.md "Build", docs/build.md "Contexts"): the documents of
 * documents.ts read through the token reader and built; goldens under golden/. Regenerate after an
 * intended change with `npx vitest run test/overrides -u` and review the diff.
 */
import { describe, expect, test } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { buildTokens } from '../../src/codegen/index.js';
import { model } from '../conformance/harness.js';
import { DOCUMENTS } from './documents.js';

const build = (over: Record<string, unknown> = {}) =>
  configSchema.parse({ build: { platforms: ['css', 'ts', 'json', 'docs'], ...over } }).build;

describe('CSS: base in :root, each context under its selector, combined selectors last', () => {
  test('three axes: mode, brand (extended collection), contrast (repository-only)', async () => {
    const set = await model(DOCUMENTS['three axes: mode, brand, contrast']!);
    const out = await buildTokens(set, build());
    await expect(out.files.get('css/tokens.css')).toMatchFileSnapshot('golden/three-axes.css');
  });
  test('build.contexts names a context selector', async () => {
    const set = await model(DOCUMENTS['two axes: mode then brand (an empty context too)']!);
    const out = await buildTokens(
      set,
      build({ contexts: { mode: { dark: '.dark' }, brand: { acme: '.theme-acme' } }, platforms: ['css'] }),
    );
    const css = out.files.get('css/tokens.css')!;
    expect(css.match(/^\S.*\{$/gm)).toEqual([':root {', '.dark {', '.theme-acme {']);
  });
});

describe('ts and json: one file per resolver input', () => {
  test('default: the default input and one per context of each modifier', async () => {
    const set = await model(DOCUMENTS['three axes: mode, brand, contrast']!);
    const out = await buildTokens(set, build({ platforms: ['json', 'ts'] }));
    expect([...out.files.keys()].filter((f) => f.includes('permutations'))).toMatchInlineSnapshot(`
      [
        "json/permutations/brand-acme.json",
        "json/permutations/brand-zen.json",
        "json/permutations/contrast-high.json",
        "json/permutations/default.json",
        "json/permutations/mode-dark.json",
        "ts/permutations/brand-acme.ts",
        "ts/permutations/brand-zen.ts",
        "ts/permutations/contrast-high.ts",
        "ts/permutations/default.ts",
        "ts/permutations/mode-dark.ts",
      ]
    `);
    await expect(out.files.get('json/permutations/brand-acme.json')).toMatchFileSnapshot('golden/brand-acme.json');
    await expect(out.files.get('ts/permutations/mode-dark.ts')).toMatchFileSnapshot('golden/mode-dark.ts');
  });
  test('build.permutations lists the inputs', async () => {
    const set = await model(DOCUMENTS['two axes: mode then brand (an empty context too)']!);
    const out = await buildTokens(set, build({ platforms: ['json'], permutations: [{ mode: 'dark', brand: 'acme' }] }));
    expect(JSON.parse(out.files.get('json/permutations/mode-dark.brand-acme.json')!).color).toMatchInlineSnapshot(`
      {
        "accent": "#ff0000",
        "bg": "#000000",
        "black": "#000000",
        "blue": "#6666ff",
        "fg": "#eeeeee",
        "link": "#ff0000",
        "white": "#ffffff",
      }
    `);
  });
});
