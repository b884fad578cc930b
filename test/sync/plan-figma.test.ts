/**
 * The plan compiler in the figma dialect (docs/architecture.md "Dialects"): the same compiler, bodies
 * spelled as Figma's `POST /v1/files/:file_key/variables` takes them, and orphan deletion (figma only,
 * only when asked, never an aliased variable). Bodies are checked against Figma's OpenAPI document in
 * test/figma-spec; here: their content, the number of requests and the guards.
 */
import { describe, expect, it } from 'vitest';
import { TokensyncError } from '../../src/errors.js';
import type { Orphan } from '../../src/sync/changes.js';
import { applyTempIds, compilePlan } from '../../src/sync/plan.js';
import type { TokenSet } from '../../src/model/types.js';
import { remoteToModel } from '../../src/sync/remote.js';
import { baseSet, edit, hex, ref, toWire, v, without } from './fixtures.js';

const R0 = baseSet(true);

function withTheme(): TokenSet {
  const target = structuredClone(R0);
  target.collections.push({ name: 'Theme', modes: [{ name: 'Light' }, { name: 'Dark' }], defaultMode: 'Light' });
  target.variables.push(
    v(
      'Theme',
      'surface',
      'COLOR',
      { Light: ref('Primitives', 'color/blue'), Dark: hex('#000000') },
      { description: 'Page', scopes: ['FRAME_FILL'] },
    ),
    v('Theme', 'gap', 'FLOAT', { Light: 8, Dark: 8 }),
  );
  return target;
}

const orphan = (o: Partial<Orphan> & { kind: Orphan['kind']; id: string }): Orphan =>
  ({ collection: 'Primitives', reason: 'removed-locally', variable: '', mode: '', ...o }) as unknown as Orphan;

function codeOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof TokensyncError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected an error');
}

describe('compilePlan for the figma dialect', () => {
  it("creates a collection, its modes and variables with their values in ONE POST; the first mode is the collection's own, renamed", () => {
    const plan = compilePlan(R0, withTheme(), { dialect: 'figma' });
    expect(plan.dialect).toBe('figma');
    expect(plan.requests.map((r) => r.method)).toEqual(['POST']);
    expect(plan.requests[0]!.body).toMatchInlineSnapshot(`
      {
        "variableCollections": [
          {
            "action": "CREATE",
            "id": "temp_col_1",
            "initialModeId": "temp_mode_1",
            "name": "Theme",
          },
        ],
        "variableModeValues": [
          {
            "modeId": "temp_mode_1",
            "value": {
              "id": "VariableID:1:1",
              "type": "VARIABLE_ALIAS",
            },
            "variableId": "temp_var_1",
          },
          {
            "modeId": "temp_mode_2",
            "value": {
              "a": 1,
              "b": 0,
              "g": 0,
              "r": 0,
            },
            "variableId": "temp_var_1",
          },
          {
            "modeId": "temp_mode_1",
            "value": 8,
            "variableId": "temp_var_2",
          },
          {
            "modeId": "temp_mode_2",
            "value": 8,
            "variableId": "temp_var_2",
          },
        ],
        "variableModes": [
          {
            "action": "UPDATE",
            "id": "temp_mode_1",
            "name": "Light",
            "variableCollectionId": "temp_col_1",
          },
          {
            "action": "CREATE",
            "id": "temp_mode_2",
            "name": "Dark",
            "variableCollectionId": "temp_col_1",
          },
        ],
        "variables": [
          {
            "action": "CREATE",
            "description": "Page",
            "id": "temp_var_1",
            "name": "surface",
            "resolvedType": "COLOR",
            "scopes": [
              "FRAME_FILL",
            ],
            "variableCollectionId": "temp_col_1",
          },
          {
            "action": "CREATE",
            "id": "temp_var_2",
            "name": "gap",
            "resolvedType": "FLOAT",
            "variableCollectionId": "temp_col_1",
          },
        ],
      }
    `);
    expect(plan.summary).toMatchObject({
      collectionsCreated: 1,
      modesCreated: 2,
      variablesCreated: 2,
      valuesSet: 4,
      posts: 1,
      puts: 0,
    });
  });

  it('sends an edit, a rename and kept service fields as UPDATE items and variableModeValues in the same single POST', () => {
    let target = edit(R0, 'Primitives', 'color/blue', (x) => {
      x.name = 'color/azure';
      x.values['Dark'] = hex('#000011');
      x.meta = { hiddenFromPublishing: true, codeSyntax: { WEB: 'var(--azure)' } };
    });
    target = edit(target, 'Semantic', 'brand', (x) => (x.values['Value'] = ref('Primitives', 'color/azure')));
    const plan = compilePlan(R0, target, { dialect: 'figma' });
    expect(plan.requests).toEqual([
      {
        method: 'POST',
        body: {
          variables: [
            {
              action: 'UPDATE',
              id: 'VariableID:1:1',
              name: 'color/azure',
              hiddenFromPublishing: true,
              codeSyntax: { WEB: 'var(--azure)' },
            },
          ],
          variableModeValues: [
            { variableId: 'VariableID:1:1', modeId: '1:1', value: { r: 0, g: 0, b: 17 / 255, a: 1 } },
          ],
        },
      },
    ]);
  });

  it('deletes orphans removed in the repository only when asked, and never with dfs', () => {
    const target = without(R0, 'Primitives', 'color/red');
    const orphans = [orphan({ kind: 'variable', variable: 'color/red', id: 'VariableID:1:2' })];
    expect(compilePlan(R0, target, { dialect: 'figma' }).requests).toEqual([]);
    expect(compilePlan(R0, target, { dialect: 'dfs', deleteOrphans: orphans }).requests).toEqual([]);
    const plan = compilePlan(R0, target, { dialect: 'figma', deleteOrphans: orphans });
    expect(plan.requests).toEqual([
      { method: 'POST', body: { variables: [{ action: 'DELETE', id: 'VariableID:1:2' }] } },
    ]);
    expect(plan.deletes).toEqual(['VariableID:1:2']);
    expect(plan.summary.variablesDeleted).toBe(1);
    // Never-pulled orphans (no lock yet) are never deleted.
    expect(
      compilePlan(R0, target, { dialect: 'figma', deleteOrphans: [{ ...orphans[0]!, reason: 'never-pulled' }] })
        .requests,
    ).toEqual([]);
  });

  it('deletes a whole collection with one item, and a mode that is not the default', () => {
    const target = structuredClone(R0);
    target.collections = target.collections.filter((c) => c.name !== 'Semantic');
    target.variables = target.variables.filter((x) => x.collection !== 'Semantic');
    const prim = target.collections.find((c) => c.name === 'Primitives')!;
    prim.modes = prim.modes.filter((m) => m.name !== 'Dark');
    for (const x of target.variables) delete x.values['Dark'];
    const plan = compilePlan(R0, target, {
      dialect: 'figma',
      deleteOrphans: [
        orphan({ kind: 'collection', collection: 'Semantic', id: 'VariableCollectionId:2:0' }),
        orphan({ kind: 'mode', mode: 'Dark', id: '1:1' }),
        orphan({ kind: 'mode', mode: 'Light', id: '1:0' }),
        orphan({ kind: 'variable', collection: 'Semantic', variable: 'brand', id: 'VariableID:2:1' }),
      ],
    });
    expect(plan.requests).toEqual([
      {
        method: 'POST',
        body: {
          variableCollections: [{ action: 'DELETE', id: 'VariableCollectionId:2:0' }],
          variableModes: [{ action: 'DELETE', id: '1:1' }],
        },
      },
    ]);
  });

  it('never deletes a variable another surviving variable still aliases', () => {
    // Semantic/brand aliases color/blue; brand stays in the design file (never pulled), blue was removed.
    const target = structuredClone(R0);
    target.variables = target.variables.filter((x) => x.name !== 'color/blue' && x.name !== 'brand');
    const err = codeOf(() =>
      compilePlan(R0, target, {
        dialect: 'figma',
        deleteOrphans: [
          orphan({ kind: 'variable', variable: 'color/blue', id: 'VariableID:1:1' }),
          orphan({
            kind: 'variable',
            collection: 'Semantic',
            variable: 'brand',
            id: 'VariableID:2:1',
            reason: 'never-pulled',
          }),
        ],
      }),
    );
    expect(err).toMatchInlineSnapshot(`
      {
        "code": "PLAN_DELETE_ALIASED",
        "message": "Variable "color/blue" in collection "Primitives" was removed from the repository, but "brand" in collection "Semantic" still aliases it (mode "Value"), so it cannot be deleted.",
      }
    `);
  });

  it('splits only past the body limit, mapping temp ids of earlier POSTs in later ones', () => {
    const target = withTheme();
    const plan = compilePlan(R0, target, { dialect: 'figma', limits: { maxBodyBytes: 700 } });
    expect(plan.requests.length).toBeGreaterThan(1);
    expect(plan.requests.every((r) => r.method === 'POST')).toBe(true);
    const mapping = { temp_var_1: 'VariableID:9:1', temp_mode_1: '9:0', temp_col_1: 'VariableCollectionId:9:0' };
    const mapped = applyTempIds(
      {
        variableModeValues: [
          { variableId: 'temp_var_1', modeId: 'temp_mode_1', value: { type: 'VARIABLE_ALIAS', id: 'temp_var_1' } },
        ],
        variables: [{ action: 'DELETE', id: 'temp_var_1' }],
      },
      mapping,
    );
    expect(mapped).toEqual({
      variableModeValues: [
        { variableId: 'VariableID:9:1', modeId: '9:0', value: { type: 'VARIABLE_ALIAS', id: 'VariableID:9:1' } },
      ],
      variables: [{ action: 'DELETE', id: 'VariableID:9:1' }],
    });
  });

  it('refuses a mode name over 40 characters before anything is sent (both dialects)', () => {
    const target = withTheme();
    target.collections[2]!.modes[1]!.name = 'm'.repeat(41);
    for (const x of target.variables) if (x.collection === 'Theme') x.values['m'.repeat(41)] = x.values['Dark']!;
    for (const dialect of ['dfs', 'figma'] as const)
      expect(codeOf(() => compilePlan(R0, target, { dialect })).code).toBe('PLAN_LIMIT');
  });

  it("refuses scopes outside Figma's enum or that do not fit the type, only when they would be sent", () => {
    const bad = edit(R0, 'Primitives', 'space/4', (x) => (x.scopes = ['FONT_FAMILY']));
    for (const dialect of ['dfs', 'figma'] as const) {
      expect(codeOf(() => compilePlan(R0, bad, { dialect }))).toMatchInlineSnapshot(`
        {
          "code": "PLAN_INVALID_SCOPE",
          "message": "Variable "space/4" in collection "Primitives" is FLOAT, which scope "FONT_FAMILY" does not fit (a FLOAT variable takes ALL_SCOPES, TEXT_CONTENT, CORNER_RADIUS, WIDTH_HEIGHT, GAP, STROKE_FLOAT, EFFECT_FLOAT, OPACITY, COLOR_OPACITY, FONT_WEIGHT, FONT_SIZE, LINE_HEIGHT, LETTER_SPACING, PARAGRAPH_SPACING, PARAGRAPH_INDENT, FONT_VARIATIONS).",
        }
      `);
    }
    const ok = edit(R0, 'Primitives', 'space/4', (x) => (x.scopes = ['COLOR_OPACITY', 'FONT_VARIATIONS']));
    expect(compilePlan(R0, ok, { dialect: 'figma' }).requests).toHaveLength(1);
    // What the service already holds is not checked (a newer enum value must not stop a pull).
    const odd = edit(R0, 'Primitives', 'space/4', (x) => (x.scopes = ['SOME_NEW_SCOPE']));
    expect(compilePlan(odd, odd, { dialect: 'figma' }).requests).toEqual([]);
  });

  it("leaves Figma's remote (library) variables and collections out of the model: they are another file's", () => {
    const wire = toWire(R0);
    const lib = 'VariableCollectionId:lib:1';
    wire.meta.variableCollections[lib] = {
      id: lib,
      name: 'Library',
      key: 'klib',
      modes: [{ modeId: '9:0', name: 'Default' }],
      defaultModeId: '9:0',
      variableIds: ['VariableID:lib:2'],
      remote: true,
    };
    wire.meta.variables['VariableID:lib:2'] = {
      id: 'VariableID:lib:2',
      name: 'brand/ink',
      key: 'kink',
      variableCollectionId: lib,
      resolvedType: 'COLOR',
      valuesByMode: { '9:0': { r: 0, g: 0, b: 0, a: 1 } },
      scopes: ['ALL_SCOPES'],
      description: '',
      remote: true,
    };
    const model = remoteToModel(wire);
    expect(model.collections.map((c) => c.name)).toEqual(['Primitives', 'Semantic']);
    expect(model.variables.map((x) => x.name)).not.toContain('brand/ink');
    // An alias to one says so.
    wire.meta.variables['VariableID:2:1']!.valuesByMode['2:0'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:lib:2' };
    expect(codeOf(() => remoteToModel(wire)).message).toBe(
      'Variable "brand" is an alias of VariableID:lib:2, which is "brand/ink" of another file\'s library.',
    );
  });
});
