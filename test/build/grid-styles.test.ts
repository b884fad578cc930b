/**
 * Grid styles (docs/styles.md "Grid styles") are built: each grid's parts become design-owned tokens
 * (src/styles/grid-tokens.ts) under the style's path, so every platform prints them with its own
 * names and units. Goldens of the style file the pull writes (test/styles/golden/grid.tokens.json).
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { configSchema } from '../../src/config/schema.js';
import type { TokenSet } from '../../src/model/types.js';
import { analyzeStyleTokens } from '../../src/styles/read.js';

const GOLDEN = path.join(import.meta.dirname, '../styles/golden/grid.tokens.json');

function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-grid-'));
  mkdirSync(path.join(root, 'tokens/styles'), { recursive: true });
  copyFileSync(GOLDEN, path.join(root, 'tokens/styles/grid.tokens.json'));
  const ext = { collection: 'grid styles', mode: 'Value', owner: 'design', styleType: 'GRID' };
  writeFileSync(
    path.join(root, 'tokens/tokens.resolver.json'),
    JSON.stringify({
      name: 'tokens',
      version: '2025.10',
      sets: {
        'grid-styles': { sources: [{ $ref: 'styles/grid.tokens.json' }], $extensions: { 'dev.tokensync': ext } },
      },
      resolutionOrder: [{ $ref: '#/sets/grid-styles' }],
    }),
  );
  return root;
}

describe('grid styles', async () => {
  const config = configSchema.parse({});
  // The variable the 8 px grid's section size is bound to (`boundVariables["0.sectionSize"]`).
  const variables: TokenSet = {
    collections: [{ name: 'primitives', modes: [{ name: 'Value' }], defaultMode: 'Value' }],
    variables: [
      {
        collection: 'primitives',
        name: 'space/2',
        type: 'FLOAT',
        description: '',
        scopes: ['ALL_SCOPES'],
        values: { Value: 8 },
        kind: { type: 'dimension', unit: 'px' },
      },
    ],
  };
  const { set, diagnostics } = await analyzeStyleTokens(project(), config.tokens, variables);

  it('a part bound to a variable is a reference to its token, not the literal', () => {
    const size = set.tokens?.find((t) => t.name === 'grid/Layout/8 px grid/sectionSize');
    expect(size?.values).toEqual({ Value: { alias: { collection: 'primitives', name: 'space/2' } } });
  });

  it('read as tokens of the types that say each part', () => {
    expect(diagnostics).toEqual([]);
    expect(set.tokens?.map((t) => `${t.name}:${t.type}`)).toEqual([
      'grid/Layout/12 columns/pattern:string',
      'grid/Layout/12 columns/count:number',
      'grid/Layout/12 columns/alignment:string',
      'grid/Layout/12 columns/gutter:dimension',
      'grid/Layout/12 columns/offset:dimension',
      'grid/Layout/12 columns/color:color',
      'grid/Layout/8 px grid/pattern:string',
      'grid/Layout/8 px grid/sectionSize:dimension',
      'grid/Layout/8 px grid/color:color',
    ]);
  });

  const out = await buildTokens(set, config.build, { platforms: ['css', 'ts', 'android', 'ios', 'compose'] });
  for (const file of [
    'css/tokens.css',
    'ts/tokens.ts',
    'android/values/tokens.xml',
    'ios/GridStyles.swift',
    'compose/GridStyles.kt',
  ])
    it(`golden: ${file}`, async () => {
      await expect(out.files.get(file)).toMatchFileSnapshot(`golden/grid-styles/${file}`);
    });
});
