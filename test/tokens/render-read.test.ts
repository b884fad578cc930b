import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { readTokens, renderTokens } from '../../src/tokens/index.js';
import { config, fixtureSet, withKinds } from './fixtures/model.js';
import { expectGolden, project } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const golden = path.join(here, 'fixtures', 'golden');

describe('renderTokens', () => {
  it('writes the documented layout: one DTCG file per collection and mode, plus the resolver document', async () => {
    const files = renderTokens(fixtureSet(), config);
    expect([...files.keys()]).toEqual([
      'primitives/value.tokens.json',
      'semantic/light.tokens.json',
      'semantic/dark.tokens.json',
      'tokens.resolver.json',
    ]);
    for (const [rel, text] of files)
      expect(text).toBe(await expectGolden(text, path.join(golden, 'namespace-none', rel)));
    // Every golden file is one the renderer produces (none left over from an older layout).
    const list = async (dir: string): Promise<string[]> =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    expect((await list(path.join(golden, 'namespace-none'))).sort()).toEqual([...files.keys()].sort());
  });

  it('puts each collection under a top-level group with namespace: collection, aliases included', async () => {
    const nsConfig = { ...config, namespace: 'collection' as const };
    const files = renderTokens(fixtureSet(), nsConfig);
    const light = files.get('semantic/light.tokens.json')!;
    expect(light).toBe(
      await expectGolden(light, path.join(golden, 'namespace-collection', 'semantic/light.tokens.json')),
    );
    expect(JSON.parse(light).semantic.color.bg.default.$value).toBe('{primitives.color.blue.100}');
    const root = await project(files, 'tokens');
    expect((await readTokens(root, nsConfig)).set).toEqual(withKinds(fixtureSet()));
  });

  it("writes an alias with its target's $type, following chains across collections", () => {
    const A = (collection: string, name: string) => ({ alias: { collection, name } });
    const files = renderTokens(
      {
        collections: [
          { name: 'Core', modes: [{ name: 'Value' }], defaultMode: 'Value' },
          { name: 'Theme', modes: [{ name: 'Light' }, { name: 'Dark' }], defaultMode: 'Light' },
        ],
        variables: [
          {
            collection: 'Core',
            name: 'space/4',
            type: 'FLOAT',
            description: '',
            scopes: ['GAP'],
            values: { Value: 16 },
          },
          {
            collection: 'Core',
            name: 'family/sans',
            type: 'STRING',
            description: '',
            scopes: ['FONT_FAMILY'],
            values: { Value: 'Inter' },
          },
          {
            collection: 'Theme',
            name: 'inset',
            type: 'FLOAT',
            description: '',
            scopes: ['ALL_SCOPES'],
            values: { Light: A('Core', 'space/4'), Dark: 24 },
          },
          {
            collection: 'Theme',
            name: 'inset-lg',
            type: 'FLOAT',
            description: '',
            scopes: ['ALL_SCOPES'],
            values: { Light: A('Theme', 'inset'), Dark: A('Theme', 'inset') },
          },
          {
            collection: 'Theme',
            name: 'body',
            type: 'STRING',
            description: '',
            scopes: ['ALL_SCOPES'],
            values: { Light: A('Core', 'family/sans'), Dark: 'Georgia' },
          },
          {
            collection: 'Theme',
            name: 'count',
            type: 'FLOAT',
            description: '',
            scopes: ['ALL_SCOPES'],
            values: { Light: 3, Dark: 4 },
          },
        ],
      },
      config,
    );
    const dark = JSON.parse(files.get('theme/dark.tokens.json')!);
    expect(dark.inset).toEqual({ $type: 'dimension', $value: { value: 24, unit: 'px' } });
    expect(dark['inset-lg'].$type).toBe('dimension');
    expect(dark.body).toEqual({ $type: 'fontFamily', $value: 'Georgia' });
    expect(dark.count.$type).toBe('number');
  });

  it('is deterministic: the same model renders the same bytes', () => {
    const a = renderTokens(fixtureSet(), config);
    const b = renderTokens(fixtureSet(), config);
    expect([...a]).toEqual([...b]);
  });

  it('refuses names DTCG cannot hold, naming the variable', () => {
    const set = fixtureSet();
    set.variables[0] = { ...set.variables[0]!, name: 'color/blue.500' };
    expect(() => renderTokens(set, config)).toThrowErrorMatchingInlineSnapshot(
      `[TokensyncError: Variable "color/blue.500" in collection "Primitives" cannot be written as a DTCG token: its segment "blue.500" contains ".", "{" or "}", which DTCG reserves for paths and aliases.]`,
    );
  });

  it('writes collection and mode names as slugs and keeps the true names in the resolver', async () => {
    const set = {
      collections: [
        { name: 'Brand Colors', modes: [{ name: 'Light HC' }, { name: 'Dark HC' }], defaultMode: 'Dark HC' },
      ],
      variables: [
        {
          collection: 'Brand Colors',
          name: 'a',
          type: 'BOOLEAN' as const,
          description: '',
          scopes: ['ALL_SCOPES'],
          values: { 'Light HC': true, 'Dark HC': false },
        },
      ],
    };
    const files = renderTokens(set, config);
    expect([...files.keys()]).toEqual([
      'brand-colors/light-hc.tokens.json',
      'brand-colors/dark-hc.tokens.json',
      'tokens.resolver.json',
    ]);
    const root = await project(files, 'tokens');
    expect((await readTokens(root, config)).set).toEqual({
      ...set,
      variables: [{ ...set.variables[0]!, kind: { type: 'boolean' } }],
    });
  });
});

describe('readTokens', () => {
  it('reads the rendered files back into the same model (round trip)', async () => {
    const root = await project(renderTokens(fixtureSet(), config), 'tokens');
    const { set } = await readTokens(root, config);
    expect(set).toEqual(withKinds(fixtureSet()));
  });

  it('is byte-stable: re-rendering what was read changes nothing (a no-op pull)', async () => {
    const files = renderTokens(fixtureSet(), config);
    const root = await project(files, 'tokens');
    const { set, sources } = await readTokens(root, config);
    expect([...renderTokens(set, config, sources)]).toEqual([...files]);
  });

  it("keeps each token's presentation when the rules change, so a pull does not rewrite files", async () => {
    const files = renderTokens(fixtureSet(), config);
    const root = await project(files, 'tokens');
    const { sources } = await readTokens(root, config);
    const noRules = configSchema.parse({ tokens: { typesFromScopes: false } }).tokens;
    // A model from the service carries no kind; the previous files decide.
    expect([...renderTokens(fixtureSet(), noRules, sources)]).toEqual([...files]);
    // Without previous files the new rules apply.
    expect(renderTokens(fixtureSet(), noRules).get('primitives/value.tokens.json')).toContain('"$type": "number"');
  });

  it('keeps unknown $extensions, $deprecated and the key order of untouched tokens through a pull', async () => {
    const handEdited = await readFile(
      path.join(here, 'fixtures', 'hand-edited', 'semantic', 'light.tokens.json'),
      'utf8',
    );
    const files = renderTokens(fixtureSet(), config);
    files.set('semantic/light.tokens.json', handEdited);
    const root = await project(files, 'tokens');
    const { set, sources } = await readTokens(root, config);
    expect([...renderTokens(set, config, sources)]).toEqual([...files]);

    // A pulled change rewrites only the value it touches.
    const changed = structuredClone(set);
    const flag = changed.variables.find((v) => v.name === 'feature/new-nav')!;
    flag.values['Light'] = false;
    const after = renderTokens(changed, config, sources).get('semantic/light.tokens.json')!;
    expect(after).toBe(handEdited.replace('"$value": true', '"$value": false'));
  });

  it('accepts what people hand-write: hex strings, group $type, rem, seconds and font-weight names', async () => {
    const root = await project(
      {
        'tokens.resolver.json': JSON.stringify({
          version: '2025.10',
          sets: { base: { sources: [{ $ref: 'base.tokens.json' }] } },
          resolutionOrder: [{ $ref: '#/sets/base' }],
        }),
        'base.tokens.json': JSON.stringify({
          color: {
            $type: 'color',
            brand: { $value: '#3366ff80' },
            hsl: { $value: { colorSpace: 'hsl', components: [0, 100, 50] } },
          },
          size: { $type: 'dimension', lg: { $value: { value: 1.5, unit: 'rem' } } },
          motion: { slow: { $type: 'duration', $value: { value: 0.4, unit: 's' } } },
          weight: { $type: 'fontWeight', bold: { $value: 'bold' } },
          stack: { $type: 'fontFamily', $value: ['Inter', 'Helvetica Neue', 'sans-serif'] },
        }),
      },
      'tokens',
    );
    const { set } = await readTokens(root, config);
    expect(set.collections).toEqual([{ name: 'base', modes: [{ name: 'base' }], defaultMode: 'base' }]);
    const values = Object.fromEntries(set.variables.map((v) => [v.name, [v.values['base'], v.kind]]));
    expect(values).toEqual({
      'color/brand': [{ r: 0.2, g: 0.4, b: 1, a: 128 / 255 }, { type: 'color' }],
      // Any other space keeps what was written beside the sRGB value (docs/build.md "Colors: wide gamut and alpha").
      'color/hsl': [
        { r: 1, g: 0, b: 0, a: 1, source: { colorSpace: 'hsl', components: [0, 100, 50] } },
        { type: 'color' },
      ],
      'size/lg': [24, { type: 'dimension', unit: 'rem' }],
      'motion/slow': [400, { type: 'duration', unit: 's' }],
      'weight/bold': [700, { type: 'fontWeight' }],
      stack: ['Inter, "Helvetica Neue", sans-serif', { type: 'fontFamily' }],
    });
  });

  it('gives an empty set when there is no tokens folder', async () => {
    const root = await project({});
    expect((await readTokens(root, config)).set).toEqual({ collections: [], variables: [] });
  });
});
