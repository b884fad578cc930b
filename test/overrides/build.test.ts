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

describe('the docs page switches contexts', () => {
  test('one select per modifier, the CSS contexts in the page, a "Picked" column (golden)', async () => {
    const set = await model(DOCUMENTS['three axes: mode, brand, contrast']!);
    const out = await buildTokens(set, build({ platforms: ['docs'] }));
    const html = out.files.get('docs/index.html')!;
    await expect(html).toMatchFileSnapshot('golden/three-axes.docs.html');
    expect(
      [...html.matchAll(/<select class="pick" data-modifier="([^"]+)">(.*?)<\/select>/g)].map((m) => [
        m[1],
        [...m[2]!.matchAll(/data-sel="([^"]*)">([^<]*)</g)].map((o) => `${o[2]} ${o[1]!.replaceAll('&quot;', '"')}`),
      ]),
    ).toMatchInlineSnapshot(`
      [
        [
          "mode",
          [
            "light ["[data-mode=\\"light\\"]"]",
            "dark ["[data-mode=\\"dark\\"]"]",
          ],
        ],
        [
          "brand",
          [
            "default []",
            "acme ["[data-brand=\\"acme\\"]"]",
            "zen ["[data-brand=\\"zen\\"]"]",
          ],
        ],
        [
          "contrast",
          [
            "default []",
            "high ["[data-contrast=\\"high\\"]"]",
          ],
        ],
      ]
    `);
    const css = (await buildTokens(set, build({ platforms: ['css'] }))).files.get('css/tokens.css')!;
    expect(html).toContain(`<style id="tokens">\n${css}</style>`);
  });
  test('a set without contexts keeps the page it had: no picker, no CSS, no column', async () => {
    const set = await model({
      'tokens.resolver.json': {
        version: '2025.10',
        sets: { tokens: { sources: [{ $ref: 'tokens.tokens.json' }] } },
        resolutionOrder: [{ $ref: '#/sets/tokens' }],
      },
      'tokens.tokens.json': { gap: { $type: 'dimension', $value: { value: 4, unit: 'px' } } },
    });
    const html = (await buildTokens(set, build({ platforms: ['docs'] }))).files.get('docs/index.html')!;
    expect([html.includes('class="pick"'), html.includes('id="tokens"'), html.includes('class="cur"')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('the docs page applies any selector its root can match, and names the key of one it cannot', () => {
  const selects = (html: string) =>
    [...html.matchAll(/data-sel="([^"]*)">([^<]*)</g)].map((o) => `${o[2]} ${o[1]!.replaceAll('&quot;', '"')}`);
  test('classes, single-quoted and bare attributes, :root and html compounds, the fitting alternative of a list', async () => {
    const set = await model(DOCUMENTS['three axes: mode, brand, contrast']!);
    const contexts = {
      mode: { dark: ":root.dark[data-tone='night']" },
      brand: { acme: '.app .acme, html.acme' },
      contrast: { high: '[data-contrast=more]' },
    };
    const out = await buildTokens(set, build({ platforms: ['docs'], contexts }));
    expect(selects(out.files.get('docs/index.html')!)).toMatchInlineSnapshot(`
      [
        "light ["[data-mode=\\"light\\"]"]",
        "dark [":root.dark[data-tone='night']"]",
        "default []",
        "acme ["html.acme"]",
        "zen ["[data-brand=\\"zen\\"]"]",
        "default []",
        "high ["[data-contrast=more]"]",
      ]
    `);
  });
  test('a selector the root alone cannot match is refused with its config key', async () => {
    const set = await model(DOCUMENTS['three axes: mode, brand, contrast']!);
    const contexts = { brand: { acme: '.app .acme' } };
    await expect(buildTokens(set, build({ platforms: ['docs'], contexts }))).rejects.toMatchInlineSnapshot(
      `[BuildError: config key "build.contexts.brand.acme": the docs page cannot apply the selector ".app .acme" to its root, so its context picker could not show that context.]`,
    );
    // A combined selector puts a leading type selector first.
    const lead = await buildTokens(
      set,
      build({ platforms: ['css'], contexts: { mode: { dark: '.dark' }, contrast: { high: 'html.high' } } }),
    );
    expect(lead.files.get('css/tokens.css')).toContain('\nhtml.dark.high {');
    // The CSS alone is built with it.
    const css = await buildTokens(set, build({ platforms: ['css'], contexts }));
    expect(css.files.get('css/tokens.css')).toContain('.app .acme {');
  });
});
