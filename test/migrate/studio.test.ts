/**
 * The pure Tokens Studio converter (src/migrate/studio.ts): a single-file repository with two theme
 * groups' worth of cases in little, its files and its report (docs/migration.md).
 */
import { describe, expect, it } from 'vitest';
import { nextStep, renderReport } from '../../src/migrate/report.js';
import { importTokensStudio } from '../../src/migrate/studio.js';

const REPO = {
  core: {
    space: { base: { value: '8', type: 'spacing' }, lg: { value: '{space.base} * 2', type: 'spacing' } },
    weight: { bold: { value: 'Bold', type: 'fontWeights' } },
    lh: { value: '150%', type: 'lineHeights' },
    blue: { value: '#0000ff', type: 'color' },
    'blue-dark': {
      value: '{blue}',
      type: 'color',
      $extensions: { 'studio.tokens': { modify: { type: 'darken', value: '0.5', space: 'srgb' } } },
    },
    card: { value: { fill: '{blue}' }, type: 'composition' },
  },
  light: {
    bg: { value: '#ffffff', type: 'color', description: 'page' },
    inner: {
      value: { x: 0, y: 2, blur: 4, spread: 0, color: 'rgba(#000000, 0.5)', type: 'innerShadow' },
      type: 'boxShadow',
    },
  },
  dark: { bg: { value: '#000000', type: 'color', description: 'page at night' } },
  $themes: [
    {
      name: 'Light',
      group: 'Mode',
      selectedTokenSets: { core: 'source', light: 'enabled' },
      $figmaCollectionId: 'VariableCollectionId:1:2',
      $figmaModeId: '1:0',
      $figmaVariableReferences: { bg: 'abc123' },
    },
    {
      name: 'Dark',
      group: 'Mode',
      selectedTokenSets: { core: 'source', dark: 'enabled' },
      $figmaCollectionId: 'VariableCollectionId:1:2',
      $figmaModeId: '1:1',
    },
  ],
  $metadata: { tokenSetOrder: ['core', 'light', 'dark'] },
};

describe('importTokensStudio', () => {
  const { files, report } = importTokensStudio(new Map([['tokens.json', REPO]]));

  it('makes a collection per theme group and one for the set no theme enables', () => {
    expect([...files.keys()]).toEqual([
      'mode/light.tokens.json',
      'mode/dark.tokens.json',
      'core/value.tokens.json',
      'tokens.resolver.json',
    ]);
  });

  it('reports what mapped, what was computed and what needs a person', () => {
    expect(renderReport(report, 'tokens')).toMatchInlineSnapshot(`
      "Imported 10 tokens from tokens-studio into tokens/:
        collection "Mode": Light (light); Dark (dark)
        collection "core": Value (core)
      Types:
        boxShadow -> shadow 1
        color -> color 4
        composition -> kept 1
        fontWeights -> fontWeight 1
        lineHeights -> number 1
        spacing -> dimension 2
      Resolved (2):
        tokens.json core.space.lg: {space.base} * 2 = 16
        tokens.json core.blue-dark: {blue} modified by {"type":"darken","value":"0.5","space":"srgb"} = #000080
      Needs a person (2):
        tokens.json light.inner: theme "Dark" has no such token; its value from set "light" is written in mode "Dark" too (a variable has a value in every mode)
        tokens.json core.card: composition {"fill":"{blue}"} has no DTCG type: kept in $extensions["dev.tokensync.import"].kept of its group
      Notes (2):
        tokens.json $themes: set "core" is enabled in no theme: collection "core" of its own
        tokens.json dark.bg: description "page at night" differs from the default mode's "page": the default mode's is written, this one kept in $extensions["dev.tokensync.import"].description
      Wrote 4 files. Next: tokensync check, then tokensync build or push."
    `);
  });

  it('writes DTCG values, computed ones with their original kept', () => {
    const core = JSON.parse(files.get('core/value.tokens.json')!);
    expect(core.space.lg).toMatchInlineSnapshot(`
      {
        "$extensions": {
          "dev.tokensync.import": {
            "type": "spacing",
            "value": "{space.base} * 2",
          },
        },
        "$type": "dimension",
        "$value": {
          "unit": "px",
          "value": 16,
        },
      }
    `);
    expect(core['blue-dark']).toMatchInlineSnapshot(`
      {
        "$extensions": {
          "dev.tokensync.import": {
            "modify": {
              "space": "srgb",
              "type": "darken",
              "value": "0.5",
            },
            "type": "color",
            "value": "{blue}",
          },
        },
        "$type": "color",
        "$value": {
          "colorSpace": "srgb",
          "components": [
            0,
            0,
            0.501961,
          ],
          "hex": "#000080",
        },
      }
    `);
    expect(core.weight.bold.$value).toBe(700);
    expect(core.lh).toEqual({ $type: 'number', $value: 1.5 });
    expect(core.$extensions['dev.tokensync.import'].kept).toEqual({
      card: { value: { fill: '{blue}' }, type: 'composition' },
    });
    const dark = JSON.parse(files.get('mode/dark.tokens.json')!);
    expect(dark.inner.$value).toMatchInlineSnapshot(`
      {
        "blur": {
          "unit": "px",
          "value": 4,
        },
        "color": {
          "alpha": 0.5,
          "colorSpace": "srgb",
          "components": [
            0,
            0,
            0,
          ],
          "hex": "#000000",
        },
        "inset": true,
        "offsetX": {
          "unit": "px",
          "value": 0,
        },
        "offsetY": {
          "unit": "px",
          "value": 2,
        },
        "spread": {
          "unit": "px",
          "value": 0,
        },
      }
    `);
    expect(dark.bg.$description).toBe('page');
  });

  it('keeps the design file ids and keys in the resolver document', () => {
    const resolver = JSON.parse(files.get('tokens.resolver.json')!);
    expect(resolver.modifiers.mode.$extensions['dev.tokensync.import']).toEqual({
      figmaCollectionId: 'VariableCollectionId:1:2',
      figmaModeIds: { Light: '1:0', Dark: '1:1' },
      figmaVariableReferences: { bg: 'abc123' },
    });
  });
});

describe('a Tokens Studio repository one folder down', () => {
  it('is refused, naming the folder to import, instead of reading $themes.json as a token set', () => {
    const input = new Map<string, unknown>([
      ['README.json', {}],
      ['tokens/$themes.json', []],
      ['tokens/$metadata.json', { tokenSetOrder: ['base'] }],
      ['tokens/base.json', { size: { value: '4', type: 'sizing' } }],
    ]);
    expect(() => importTokensStudio(input)).toThrowErrorMatchingInlineSnapshot(
      `[TokensyncError: tokens/$themes.json is a Tokens Studio repository's own file, in tokens/ below the folder given: read from here, it would be imported as a token set.]`,
    );
  });
});

describe('the closing line names a next step that works in the project', () => {
  it('says to run init first where there is no config (check needs one)', () => {
    expect(nextStep(4, 'tokens', { config: false, tokensDir: 'tokens' })).toMatchInlineSnapshot(
      `"Wrote 4 files. Next: tokensync init (there is no config/tokensync.yaml yet), then tokensync check, then tokensync build or push."`,
    );
    expect(nextStep(4, 'out', { config: false, tokensDir: 'tokens' })).toMatchInlineSnapshot(
      `"Wrote 4 files. Next: tokensync init (there is no config/tokensync.yaml yet), then set tokens.dir to out in the config it writes, then tokensync check, then tokensync build or push."`,
    );
  });

  it('says to point tokens.dir at --out, and check straight away where the config reads the folder', () => {
    expect(nextStep(4, 'out', { config: true, tokensDir: 'tokens' })).toMatchInlineSnapshot(
      `"Wrote 4 files. Next: set config key tokens.dir to out (it is tokens), then tokensync check, then tokensync build or push."`,
    );
    expect(nextStep(4, 'tokens', { config: true, tokensDir: 'tokens' })).toMatchInlineSnapshot(
      `"Wrote 4 files. Next: tokensync check, then tokensync build or push."`,
    );
  });
});
