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
  const { set, diagnostics } = await analyzeStyleTokens(project(), config.tokens, { collections: [], variables: [] });

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

  const out = await buildTokens(set, config.build, { platforms: ['css', 'ts', 'android', 'ios'] });
  for (const file of ['css/tokens.css', 'ts/tokens.ts', 'android/values/tokens.xml', 'ios/GridStylesValue.swift'])
    it(`golden: ${file}`, async () => {
      await expect(out.files.get(file)).toMatchFileSnapshot(`golden/grid-styles/${file}`);
    });
});
