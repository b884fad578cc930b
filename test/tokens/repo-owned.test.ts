/**
 * Tokens the design file cannot hold are repository-owned (docs/token-files.md "Repository-owned
 * tokens"). They are read beside the variables, never become variables, and a write of the files (a pull)
 * keeps them byte for byte; a wide-gamut color keeps the space it was written in while its sRGB value
 * does not change.
 */
import { describe, expect, it } from 'vitest';
import { readTokens, renderTokens } from '../../src/tokens/index.js';
import { config } from './fixtures/model.js';
import { project } from './helpers.js';

const px = (value: number) => ({ value, unit: 'px' });
const resolver = {
  $schema: 'https://www.designtokens.org/schemas/2025.10/resolver.json',
  name: 'tokens',
  version: '2025.10',
  sets: {
    base: {
      sources: [{ $ref: 'base/value.tokens.json' }],
      $extensions: { 'dev.tokensync': { collection: 'Base', mode: 'Value' } },
    },
  },
  resolutionOrder: [{ $ref: '#/sets/base' }],
};
const tokens = {
  $schema: 'https://www.designtokens.org/schemas/2025.10/format.json',
  color: {
    ink: { $type: 'color', $value: { colorSpace: 'srgb', components: [0.1, 0.1, 0.1], hex: '#1a1a1a' } },
    vivid: { $type: 'color', $value: { colorSpace: 'display-p3', components: [1, 0, 0] }, $description: 'P3 red' },
  },
  elevation: {
    $type: 'shadow',
    $description: 'Shadows are repository-owned',
    card: { $value: { color: '{color.ink}', offsetX: px(0), offsetY: px(2), blur: px(8), spread: px(0) } },
  },
  heading: {
    $type: 'typography',
    $value: {
      fontFamily: ['Inter', 'sans-serif'],
      fontSize: { value: 2, unit: 'rem' },
      fontWeight: 'bold',
      letterSpacing: px(0),
      lineHeight: 1.2,
    },
  },
};
const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

async function read() {
  const root = await project(
    { 'tokens.resolver.json': text(resolver), 'base/value.tokens.json': text(tokens) },
    'tokens',
  );
  return readTokens(root, config);
}

describe('repository-owned tokens and wide-gamut colors', () => {
  it('are read as RepoTokens beside the variables; the P3 color is a variable with its source', async () => {
    const { set } = await read();
    expect(set.variables.map((v) => v.name)).toEqual(['color/ink', 'color/vivid']);
    expect(set.variables[1]!.values['Value']).toEqual({
      r: 1,
      g: 0,
      b: 0,
      a: 1,
      source: { colorSpace: 'display-p3', components: [1, 0, 0] },
    });
    expect(set.tokens?.map((t) => [t.name, t.type, t.owner, t.description])).toEqual([
      // A group's $description describes the group, not its tokens (groups.md "Group Properties").
      ['elevation/card', 'shadow', 'repository', ''],
      ['heading', 'typography', 'repository', ''],
    ]);
  });

  it('a write of what was read changes no byte, and a pulled change leaves them untouched', async () => {
    const { set, sources } = await read();
    const files = renderTokens(set, config, sources);
    expect(files.get('base/value.tokens.json')).toBe(text(tokens));

    // The design file changed ink; vivid came back as the same 8-bit sRGB: its P3 source stays.
    const pulled = structuredClone(set);
    pulled.variables[0]!.values['Value'] = { r: 0.2, g: 0.2, b: 0.2, a: 1 };
    pulled.variables[1]!.values['Value'] = set.variables[1]!.values['Value']!;
    const after = JSON.parse(renderTokens(pulled, config, sources).get('base/value.tokens.json')!);
    expect(after.color.ink.$value).toEqual({ colorSpace: 'srgb', components: [0.2, 0.2, 0.2], hex: '#333333' });
    expect(after.color.vivid).toEqual(tokens.color.vivid);
    expect(after.elevation).toEqual(tokens.elevation);
    expect(after.heading).toEqual(tokens.heading);
  });

  it('are encoded by their type module when there is no previous file', async () => {
    const { set } = await read();
    const written = JSON.parse(renderTokens(set, config).get('base/value.tokens.json')!);
    expect(written.elevation.card).toEqual({
      $type: 'shadow',
      $value: { ...tokens.elevation.card.$value, color: '{color.ink}' },
    });
    expect(written.heading.$value).toEqual(tokens.heading.$value);
    expect(written.color.vivid.$value).toEqual(tokens.color.vivid.$value);
  });

  it('are written from the model when a token they refer to was renamed by a pull', async () => {
    const { set, sources } = await read();
    const pulled = structuredClone(set);
    pulled.variables[0]!.name = 'color/text';
    const card = pulled.tokens![0]!.values['Value'] as { color: { alias: { name: string } } };
    card.color.alias.name = 'color/text';
    const after = JSON.parse(renderTokens(pulled, config, sources).get('base/value.tokens.json')!);
    expect(after.elevation.card.$value.color).toBe('{color.text}');
    expect(after.heading).toEqual(tokens.heading);
  });
});

describe('with tokens.namespace: collection', () => {
  it('resolves references inside composites across collections by the namespaced path', async () => {
    const ns = { ...config, namespace: 'collection' as const };
    const root = await project(
      {
        'tokens.resolver.json': text({
          version: '2025.10',
          sets: {
            primitives: { sources: [{ $ref: 'primitives.tokens.json' }] },
            components: { sources: [{ $ref: 'components.tokens.json' }] },
          },
          resolutionOrder: [{ $ref: '#/sets/primitives' }, { $ref: '#/sets/components' }],
        }),
        'primitives.tokens.json': text({ primitives: { color: { $type: 'color', ink: { $value: '#111111' } } } }),
        'components.tokens.json': text({
          components: {
            card: { $type: 'border', $value: { color: '{primitives.color.ink}', width: px(1), style: 'solid' } },
          },
        }),
      },
      'tokens',
    );
    const { set, sources } = await readTokens(root, ns);
    expect(set.tokens![0]!.values['components']).toMatchObject({
      color: { alias: { collection: 'primitives', name: 'color/ink' } },
    });
    expect(renderTokens(set, ns, sources).get('components.tokens.json')).toBe(
      text({
        components: {
          card: { $type: 'border', $value: { color: '{primitives.color.ink}', width: px(1), style: 'solid' } },
        },
      }),
    );
  });
});
