/**
 * The input forms the converters read (docs/migration.md "Tokens Studio", "Style Dictionary"): Tokens
 * Studio's DTCG-prefixed variant with a group's `$type`, a multi-file repository with a set left out of
 * `tokenSetOrder`, legacy Style Dictionary references and its config's platforms.
 */
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../src/migrate/report.js';
import { importStyleDictionary } from '../../src/migrate/style-dictionary.js';
import { importTokensStudio } from '../../src/migrate/studio.js';

describe('Tokens Studio input forms', () => {
  it('reads the $-prefixed variant, a group $type inherited, and names a set tokenSetOrder leaves out', () => {
    const { files, report } = importTokensStudio(
      new Map<string, unknown>([
        ['$metadata.json', { tokenSetOrder: ['global'] }],
        [
          'global.json',
          { size: { $type: 'sizing', sm: { $value: '4' }, md: { $value: '1rem', $description: 'body' } } },
        ],
        ['old.json', { legacy: { value: '#ff0000', type: 'color' } }],
      ]),
    );
    expect(JSON.parse(files.get('global/value.tokens.json')!).size).toEqual({
      sm: { $type: 'dimension', $value: { value: 4, unit: 'px' } },
      md: { $type: 'dimension', $value: { value: 1, unit: 'rem' }, $description: 'body' },
    });
    expect(report.needsPerson).toEqual([
      {
        file: 'old.json',
        path: '',
        message:
          'set "old" is not in $metadata.json tokenSetOrder, so Tokens Studio does not apply it: not imported (1 tokens); add it to tokenSetOrder and import again to keep it',
      },
    ]);
  });
});

describe('Style Dictionary input forms', () => {
  const { files, report } = importStyleDictionary(
    new Map<string, unknown>([
      [
        'config.json',
        {
          source: ['tokens/**/*.json'],
          platforms: {
            css: { transformGroup: 'css', prefix: 'ds', buildPath: 'dist/css/', files: [] },
            flutter: { transformGroup: 'flutter', prefix: 'ds', buildPath: 'dist/flutter/' },
          },
        },
      ],
      [
        'tokens/color.json',
        {
          color: {
            base: { red: { value: '#ff0000', comment: 'the red', attributes: { category: 'color' } } },
            danger: { value: '{color.base.red.value}' },
          },
          size: { gap: { value: '2' } },
        },
      ],
    ]),
  );

  it('writes {a.b.value} as {a.b}, comment as the description, a type from the category', () => {
    const doc = JSON.parse(files.get('tokens/value.tokens.json')!);
    expect(doc.color.danger).toEqual({ $type: 'color', $value: '{color.base.red}' });
    expect(doc.color.base.red.$description).toBe('the red');
    expect(doc.size.gap.$value).toEqual({ value: 2, unit: 'rem' });
  });

  it('maps the config to build settings and lists the rest', () => {
    expect(report.build).toEqual({ platforms: ['css'], prefix: 'ds', outDir: 'dist' });
    expect(renderReport(report, 'tokens')).toMatchInlineSnapshot(`
      "Imported 3 tokens from style-dictionary into tokens/:
        collection "tokens": Value (tokens/color)
      Types:
        color -> color 2
        dimension -> dimension 1
      Needs a person (2):
        config.json platforms.css.files: []: no tokensync setting; tokensync picks its own files and formats per platform (docs/build.md)
        config.json platforms.flutter: transform group "flutter" has no tokensync platform: not mapped; add it under build.styleDictionary.platforms to keep running it
      Notes (4):
        config.json platforms: suggested settings for config/tokensync.yaml:
          build:
            outDir: dist
            platforms: [css]
            prefix: ds
        tokens/color.json color.base.red: no "type": color from its category "color"
        tokens/color.json color.danger: no "type": color from its category "color"
        tokens/color.json size.gap: unitless size 2 written as 2rem (Style Dictionary's size/rem)
      Wrote 2 files. Next: tokensync check, then tokensync build or push."
    `);
  });
});
