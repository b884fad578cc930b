/**
 * The style files (src/styles/files.ts, resolver.ts, lock.ts): golden files for the demo file's
 * styles, names that cannot be paths, the resolver's style sets, and the lock's round trip.
 */
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { newIdentity, seedState } from '../../src/emulator/seed.js';
import type { DtcgType } from '../../src/model/dtcg.js';
import { renderStyleFiles } from '../../src/styles/files.js';
import { readStylesLock, renderStylesLock, type StylesLock } from '../../src/styles/lock.js';
import { mapStyle, type BoundVariable, type PublishedStyle } from '../../src/styles/map.js';
import { withStyleSets } from '../../src/styles/resolver.js';
import type { StyleNodeJson } from '../../src/styles/figma-nodes.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const config = configSchema.parse({ styles: { pull: true } }).styles;
const ref = (a: { alias: { name: string } }): string => `{${a.alias.name.split('/').join('.')}}`;

/** The demo file's styles and nodes as the local service seeds them, with the demo's variables. */
function demo(): {
  styles: PublishedStyle[];
  nodes: Map<string, StyleNodeJson>;
  lookup: (id: string) => BoundVariable | undefined;
} {
  const state = seedState(newIdentity('golden'), 'demo', Date.parse('2026-01-01T00:00:00Z'));
  const file = Object.values(state.files)[0]!;
  const types: Record<string, DtcgType> = {
    'font/body': 'fontFamily',
    'font/weight/bold': 'fontWeight',
    'space/2': 'dimension',
    'space/inset': 'dimension',
  };
  const lookup = (id: string): BoundVariable | undefined => {
    const v = file.variables[id];
    if (!v) return undefined;
    const collection = file.variableCollections[v.variableCollectionId]!.name;
    return {
      alias: { alias: { collection, name: v.name } },
      type: types[v.name] ?? (v.resolvedType === 'COLOR' ? 'color' : 'number'),
    };
  };
  const styles = file.styles.map((s) => ({
    key: s.key,
    name: s.name,
    description: s.description,
    styleType: s.style_type,
    nodeId: s.node_id,
    updatedAt: s.updated_at,
  }));
  return { styles, nodes: new Map(Object.entries(file.styleNodes ?? {}) as [string, StyleNodeJson][]), lookup };
}

describe('style files', () => {
  const { styles, nodes, lookup } = demo();
  const rendered = renderStyleFiles(
    styles.map((s) => mapStyle(s, nodes.get(s.nodeId), lookup)),
    config,
    ref,
  );

  it('writes one file per style type, nothing skipped', () => {
    expect([...rendered.files.keys()]).toEqual([
      'styles/effect.tokens.json',
      'styles/grid.tokens.json',
      'styles/paint.tokens.json',
      'styles/text.tokens.json',
    ]);
    expect(rendered.skipped).toEqual([]);
  });
  for (const f of ['effect', 'grid', 'paint', 'text']) {
    it(`golden: styles/${f}.tokens.json`, async () => {
      await expect(rendered.files.get(`styles/${f}.tokens.json`)).toMatchFileSnapshot(`golden/${f}.tokens.json`);
    });
  }

  it('gives the same bytes for the same styles (a no-op pull changes no byte)', () => {
    const again = renderStyleFiles(
      styles.map((s) => mapStyle(s, nodes.get(s.nodeId), lookup)),
      config,
      ref,
    );
    expect(again.files).toEqual(rendered.files);
  });

  it('leaves out, with the reason, a style whose name is no path or clashes with another', () => {
    const node = nodes.get(styles.find((s) => s.name === 'Surface/Default')!.nodeId);
    const mk = (key: string, name: string): PublishedStyle => ({
      key,
      name,
      description: '',
      styleType: 'FILL',
      nodeId: '3:1',
      updatedAt: '',
    });
    const out = renderStyleFiles(
      [mk('a', 'Brand/Blue'), mk('b', 'Brand/Blue/Light'), mk('c', 'Brand/Blue'), mk('d', 'v1.2'), mk('e', 'A//B')].map(
        (s) => mapStyle(s, node, lookup),
      ),
      config,
      ref,
    );
    expect(out.skipped.map((s) => [s.style.name, s.reason])).toEqual([
      [
        'Brand/Blue/Light',
        'its path paint.Brand.Blue.Light clashes with style "Brand/Blue"; rename one of them in the design file',
      ],
      [
        'Brand/Blue',
        'its path paint.Brand.Blue clashes with style "Brand/Blue"; rename one of them in the design file',
      ],
      [
        'v1.2',
        'its name cannot be a DTCG token path: its segment "v1.2" contains ".", "{" or "}", which DTCG reserves for paths and aliases; rename it in the design file',
      ],
      ['A//B', 'its name cannot be a DTCG token path: it has an empty name segment; rename it in the design file'],
    ]);
    expect([...out.placed.keys()]).toEqual(['a']);
  });
});

describe('resolver style sets', () => {
  const variablesDoc = `${JSON.stringify(
    {
      $schema: 'https://www.designtokens.org/schemas/2025.10/resolver.json',
      name: 'tokens',
      version: '2025.10',
      sets: { primitives: { sources: [{ $ref: 'primitives/value.tokens.json' }] } },
      resolutionOrder: [{ $ref: '#/sets/primitives' }],
    },
    null,
    2,
  )}\n`;

  it('adds the style sets after the collections, replaces them on the next pull, and removes them when gone', () => {
    const two = withStyleSets(variablesDoc, [
      { type: 'TEXT', file: 'styles/text.tokens.json' },
      { type: 'EFFECT', file: 'styles/effect.tokens.json' },
    ]);
    const doc = JSON.parse(two);
    expect(doc.resolutionOrder).toEqual([
      { $ref: '#/sets/primitives' },
      { $ref: '#/sets/text-styles' },
      { $ref: '#/sets/effect-styles' },
    ]);
    expect(doc.sets['effect-styles']).toEqual({
      sources: [{ $ref: 'styles/effect.tokens.json' }],
      $extensions: {
        'dev.tokensync': { collection: 'effect styles', mode: 'Value', owner: 'design', styleType: 'EFFECT' },
      },
    });
    expect(
      withStyleSets(two, [
        { type: 'TEXT', file: 'styles/text.tokens.json' },
        { type: 'EFFECT', file: 'styles/effect.tokens.json' },
      ]),
    ).toBe(two);
    const one = JSON.parse(withStyleSets(two, [{ type: 'EFFECT', file: 'styles/effect.tokens.json' }]));
    expect(one.resolutionOrder).toEqual([{ $ref: '#/sets/primitives' }, { $ref: '#/sets/effect-styles' }]);
    expect(withStyleSets(two, [])).toBe(variablesDoc);
  });
});

describe('styles lock', () => {
  it('round-trips, sorted by key, and reads a broken lock as none', async () => {
    const lock: StylesLock = {
      version: 1,
      fileKey: 'F',
      files: { 'styles/text.tokens.json': 'abc' },
      styles: {
        z: {
          name: 'Z',
          type: 'TEXT',
          nodeId: '3:2',
          updatedAt: 't',
          file: 'styles/text.tokens.json',
          path: ['typography', 'Z'],
          fingerprint: 'f',
          variables: { 'V:1': '{font.body} fontFamily' },
        },
        a: {
          name: 'Blur',
          type: 'EFFECT',
          nodeId: '3:1',
          updatedAt: 't',
          file: '',
          path: [],
          fingerprint: '',
          variables: {},
          skipped: 'no shadow',
        },
      },
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-styles-lock-'));
    writeFileSync(path.join(dir, 'styles.lock.json'), renderStylesLock(lock));
    const back = await readStylesLock(dir);
    expect(back).toEqual(lock);
    expect(Object.keys(back!.styles)).toEqual(['a', 'z']);
    writeFileSync(path.join(dir, 'styles.lock.json'), '{"version": 1');
    expect(await readStylesLock(dir)).toBeUndefined();
  });
});
