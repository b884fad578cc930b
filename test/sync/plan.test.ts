import { describe, expect, it } from 'vitest';
import { applyTempIds, compilePlan, PLAN_VERSION, type Plan, type PlanLimits } from '../../src/sync/plan.js';
import { remoteToModel } from '../../src/sync/remote.js';
import { diff3 } from '../../src/sync/diff.js';
import type { TokenSet } from '../../src/model/types.js';
import { TokensyncError } from '../../src/errors.js';
import { applyPlan, baseSet, edit, hex, lockFor, ref, toWire, v } from './fixtures.js';

const R0 = baseSet(true);

/** The service after the plan, read back as the model. */
const afterApply = (remote: TokenSet, plan: Plan): TokenSet => remoteToModel(applyPlan(toWire(remote), plan));

function errorOf(fn: () => unknown): { code: string; message: string; hint: string | undefined } {
  try {
    fn();
  } catch (err) {
    if (err instanceof TokensyncError) return { code: err.code, message: err.message, hint: err.hint };
    throw err;
  }
  throw new Error('expected an error');
}

/** A new 3-mode collection whose tokens alias another collection and each other. */
function withTheme(): TokenSet {
  const target = structuredClone(R0);
  target.collections.push({
    name: 'Theme',
    modes: [{ name: 'Light' }, { name: 'Dark' }, { name: 'High contrast' }],
    defaultMode: 'Light',
  });
  target.variables.push(
    v('Theme', 'surface', 'COLOR', {
      Light: ref('Primitives', 'color/blue'),
      Dark: ref('Primitives', 'color/red'),
      'High contrast': hex('#000000'),
    }),
    v(
      'Theme',
      'accent',
      'COLOR',
      { Light: ref('Theme', 'surface'), Dark: hex('#ffffff'), 'High contrast': hex('#ffffff') },
      { description: 'Links' },
    ),
    v('Theme', 'gap', 'FLOAT', { Light: 8, Dark: 8, 'High contrast': 12 }, { scopes: ['GAP'] }),
  );
  return target;
}

describe('compilePlan', () => {
  it('sends nothing when the service already holds the target', () => {
    expect(compilePlan(R0, R0)).toEqual({
      version: PLAN_VERSION,
      dialect: 'dfs',
      effects: [],
      requests: [],
      summary: {
        collectionsCreated: 0,
        modesCreated: 0,
        variablesCreated: 0,
        collectionsRenamed: 0,
        modesRenamed: 0,
        variablesUpdated: 0,
        valuesSet: 0,
        collectionsDeleted: 0,
        modesDeleted: 0,
        variablesDeleted: 0,
        posts: 0,
        puts: 0,
      },
    });
  });

  it('creates a 3-mode collection with cross-collection aliases in exactly one POST and one PUT', () => {
    const target = withTheme();
    const plan = compilePlan(R0, target);
    expect(plan.requests.map((r) => r.method)).toEqual(['POST', 'PUT']);
    expect(plan.requests).toMatchInlineSnapshot(`
      [
        {
          "body": {
            "variableCollections": [
              {
                "action": "CREATE",
                "id": "temp_col_1",
                "initialModeId": "temp_mode_1",
                "name": "Theme",
              },
            ],
            "variableModes": [
              {
                "action": "CREATE",
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
              {
                "action": "CREATE",
                "id": "temp_mode_3",
                "name": "High contrast",
                "variableCollectionId": "temp_col_1",
              },
            ],
            "variables": [
              {
                "action": "CREATE",
                "id": "temp_var_1",
                "initialModeValue": {
                  "a": 1,
                  "b": 1,
                  "g": 0.4,
                  "r": 0.2,
                },
                "name": "surface",
                "resolvedType": "COLOR",
                "variableCollectionId": "temp_col_1",
              },
              {
                "action": "CREATE",
                "id": "temp_var_2",
                "initialModeValue": {
                  "a": 1,
                  "b": 1,
                  "g": 0.4,
                  "r": 0.2,
                },
                "name": "accent",
                "resolvedType": "COLOR",
                "variableCollectionId": "temp_col_1",
              },
              {
                "action": "CREATE",
                "id": "temp_var_3",
                "initialModeValue": 8,
                "name": "gap",
                "resolvedType": "FLOAT",
                "variableCollectionId": "temp_col_1",
              },
            ],
          },
          "method": "POST",
        },
        {
          "body": {
            "variables": [
              {
                "action": "UPDATE",
                "id": "temp_var_1",
                "variableModeValues": [
                  {
                    "modeId": "temp_mode_1",
                    "value": {
                      "id": "VariableID:1:1",
                      "type": "VARIABLE_ALIAS",
                    },
                  },
                  {
                    "modeId": "temp_mode_2",
                    "value": {
                      "id": "VariableID:1:2",
                      "type": "VARIABLE_ALIAS",
                    },
                  },
                  {
                    "modeId": "temp_mode_3",
                    "value": {
                      "a": 1,
                      "b": 0,
                      "g": 0,
                      "r": 0,
                    },
                  },
                ],
              },
              {
                "action": "UPDATE",
                "description": "Links",
                "id": "temp_var_2",
                "variableModeValues": [
                  {
                    "modeId": "temp_mode_1",
                    "value": {
                      "id": "temp_var_1",
                      "type": "VARIABLE_ALIAS",
                    },
                  },
                  {
                    "modeId": "temp_mode_2",
                    "value": {
                      "a": 1,
                      "b": 1,
                      "g": 1,
                      "r": 1,
                    },
                  },
                  {
                    "modeId": "temp_mode_3",
                    "value": {
                      "a": 1,
                      "b": 1,
                      "g": 1,
                      "r": 1,
                    },
                  },
                ],
              },
              {
                "action": "UPDATE",
                "id": "temp_var_3",
                "scopes": [
                  "GAP",
                ],
                "variableModeValues": [
                  {
                    "modeId": "temp_mode_3",
                    "value": 12,
                  },
                ],
              },
            ],
          },
          "method": "PUT",
        },
      ]
    `);
    expect(plan.summary).toEqual({
      collectionsCreated: 1,
      modesCreated: 3,
      variablesCreated: 3,
      collectionsRenamed: 0,
      modesRenamed: 0,
      variablesUpdated: 3,
      collectionsDeleted: 0,
      modesDeleted: 0,
      variablesDeleted: 0,
      valuesSet: 7,
      posts: 1,
      puts: 1,
    });
    // Applied as the service applies it, nothing is left to do.
    expect(compilePlan(afterApply(R0, plan), target).requests).toEqual([]);
  });

  it('sends only the values a new mode of an existing collection does not copy from the default mode', () => {
    const target = structuredClone(R0);
    target.collections[0]?.modes.push({ name: 'Dim' });
    for (const x of target.variables) if (x.collection === 'Primitives') x.values.Dim = x.values.Light as never;
    const gap = target.variables.find((x) => x.name === 'space/4');
    if (gap) gap.values.Dim = 3;
    const plan = compilePlan(R0, target);
    expect(plan.requests).toEqual([
      {
        method: 'POST',
        body: {
          variableModes: [
            { action: 'CREATE', id: 'temp_mode_1', name: 'Dim', variableCollectionId: 'VariableCollectionId:1:0' },
          ],
        },
      },
      {
        method: 'PUT',
        body: {
          variables: [
            { action: 'UPDATE', id: 'VariableID:1:3', variableModeValues: [{ modeId: 'temp_mode_1', value: 3 }] },
          ],
        },
      },
    ]);
    expect(compilePlan(afterApply(R0, plan), target).requests).toEqual([]);
  });

  it('renames collections, modes and variables in the PUT, and updates description and scopes', () => {
    const target = edit(R0, 'Primitives', 'space/4', (x) => {
      x.name = 'space/small';
      x.description = 'Gap';
      x.scopes = ['GAP', 'WIDTH_HEIGHT'];
    });
    const prim = target.collections[0];
    if (prim) {
      prim.name = 'Core';
      prim.modes[1] = { name: 'Night', id: '1:1' };
    }
    for (const x of target.variables) {
      if (x.collection === 'Primitives') {
        x.collection = 'Core';
        x.values = { Light: x.values.Light as never, Night: x.values.Dark as never };
      }
    }
    const brand = target.variables.find((x) => x.name === 'brand');
    if (brand) brand.values.Value = ref('Core', 'color/blue');
    const plan = compilePlan(R0, target);
    expect(plan.requests).toEqual([
      {
        method: 'PUT',
        body: {
          variableCollections: [{ action: 'UPDATE', id: 'VariableCollectionId:1:0', name: 'Core' }],
          variableModes: [
            { action: 'UPDATE', id: '1:1', variableCollectionId: 'VariableCollectionId:1:0', name: 'Night' },
          ],
          variables: [
            {
              action: 'UPDATE',
              id: 'VariableID:1:3',
              name: 'space/small',
              description: 'Gap',
              scopes: ['GAP', 'WIDTH_HEIGHT'],
            },
          ],
        },
      },
    ]);
    expect(compilePlan(afterApply(R0, plan), target).requests).toEqual([]);
  });

  it('splits bodies only past maxBodyBytes, each within the limit, and the chain still converges', () => {
    const target = structuredClone(R0);
    target.collections.push({ name: 'Big', modes: [{ name: 'A' }, { name: 'B' }], defaultMode: 'A' });
    for (let i = 0; i < 30; i++)
      target.variables.push(v('Big', `size/${i}`, 'FLOAT', { A: i, B: ref('Primitives', 'space/4') }));
    expect(compilePlan(R0, target).requests.map((r) => r.method)).toEqual(['POST', 'PUT']);
    const limits: Partial<PlanLimits> = { maxBodyBytes: 1500 };
    const plan = compilePlan(R0, target, { limits });
    const posts = plan.requests.filter((r) => r.method === 'POST').length;
    expect(posts).toBeGreaterThan(1);
    expect(plan.requests.length - posts).toBeGreaterThan(1);
    // POSTs first, then PUTs; every body within the limit even after temp ids become longer permanent ids.
    expect(plan.requests.map((r) => r.method)).toEqual([
      ...Array(posts).fill('POST'),
      ...Array(plan.requests.length - posts).fill('PUT'),
    ]);
    for (const r of plan.requests) expect(Buffer.byteLength(JSON.stringify(r.body))).toBeLessThanOrEqual(1500);
    expect(plan.summary).toMatchObject({ posts, puts: plan.requests.length - posts, variablesCreated: 30 });
    expect(compilePlan(afterApply(R0, plan), target).requests).toEqual([]);
  });

  it('keeps one body when it fits the limit to the byte (temp-id slack included), and splits one byte below', () => {
    const target = structuredClone(R0);
    target.collections.push({ name: 'Big', modes: [{ name: 'A' }], defaultMode: 'A' });
    for (let i = 0; i < 30; i++) target.variables.push(v('Big', `size/${i}`, 'FLOAT', { A: i }));
    const [post] = compilePlan(R0, target).requests;
    const json = JSON.stringify(post?.body);
    const size = Buffer.byteLength(json) + 40 * json.split('"temp_').length - 40;
    const posts = (maxBodyBytes: number) =>
      compilePlan(R0, target, { limits: { maxBodyBytes } }).requests.filter((r) => r.method === 'POST');
    expect(posts(size)).toEqual([post]);
    expect(posts(size - 1).length).toBe(2);
    expect(posts(size - 1).flatMap((r) => (r.body as { variables?: unknown[] }).variables ?? [])).toEqual(
      (post!.body as { variables: unknown[] }).variables,
    );
  });

  it('maps temp ids in PUT and later POST bodies, but never a CREATE item’s own id', () => {
    const mapping = { temp_var_1: 'VariableID:5:1', temp_mode_1: '5:0', temp_col_1: 'VariableCollectionId:5:0' };
    expect(
      applyTempIds(
        {
          variables: [
            {
              action: 'UPDATE',
              id: 'temp_var_1',
              variableModeValues: [{ modeId: 'temp_mode_1', value: { type: 'VARIABLE_ALIAS', id: 'temp_var_1' } }],
            },
          ],
        },
        mapping,
      ),
    ).toEqual({
      variables: [
        {
          action: 'UPDATE',
          id: 'VariableID:5:1',
          variableModeValues: [{ modeId: '5:0', value: { type: 'VARIABLE_ALIAS', id: 'VariableID:5:1' } }],
        },
      ],
    });
    expect(
      applyTempIds(
        {
          variables: [
            {
              action: 'CREATE',
              id: 'temp_var_9',
              name: 'x',
              variableCollectionId: 'temp_col_1',
              resolvedType: 'FLOAT',
              initialModeValue: 1,
            },
          ],
        },
        mapping,
      ),
    ).toEqual({
      variables: [
        {
          action: 'CREATE',
          id: 'temp_var_9',
          name: 'x',
          variableCollectionId: 'VariableCollectionId:5:0',
          resolvedType: 'FLOAT',
          initialModeValue: 1,
        },
      ],
    });
  });

  it('compares aliases by identity, so a target alias spelled with a new name is not resent', () => {
    const target = edit(R0, 'Primitives', 'color/blue', (x) => (x.name = 'color/azure'));
    const brand = target.variables.find((x) => x.name === 'brand');
    if (brand) brand.values.Value = ref('Primitives', 'color/azure');
    expect(compilePlan(R0, target).requests).toEqual([
      { method: 'PUT', body: { variables: [{ action: 'UPDATE', id: 'VariableID:1:1', name: 'color/azure' }] } },
    ]);
  });

  it('pushes what diff3 merged from a repository change, and a re-read converges', () => {
    const local = edit(baseSet(false), 'Primitives', 'color/red', (x) => (x.values.Dark = hex('#aa0000')));
    const d = diff3({ local, remote: R0, base: lockFor(baseSet(false), R0) });
    const plan = compilePlan(R0, d.merged);
    expect(plan.requests).toEqual([
      {
        method: 'PUT',
        body: {
          variables: [
            { action: 'UPDATE', id: 'VariableID:1:2', variableModeValues: [{ modeId: '1:1', value: hex('#aa0000') }] },
          ],
        },
      },
    ]);
    expect(compilePlan(afterApply(R0, plan), d.merged).requests).toEqual([]);
  });
});

describe('compilePlan: checked before anything is sent', () => {
  it('refuses names the service does not allow', () => {
    const target = structuredClone(R0);
    target.variables.push(v('Primitives', 'space.8', 'FLOAT', { Light: 8, Dark: 8 }));
    expect(errorOf(() => compilePlan(R0, target))).toMatchInlineSnapshot(`
      {
        "code": "PLAN_INVALID_NAME",
        "hint": "Rename the token without ".", "{" or "}" (use "/" to group), then run again. Nothing was sent.",
        "message": "Variable "space.8" in collection "Primitives" has "." in its name, which the service does not allow.",
      }
    `);
  });

  it('refuses a collection past the mode or variable limit, naming it', () => {
    expect(
      errorOf(() => compilePlan(R0, withTheme(), { limits: { maxModesPerCollection: 2 } })),
    ).toMatchInlineSnapshot(`
      {
        "code": "PLAN_LIMIT",
        "hint": "Remove modes from the collection (or split it in two), then run again. Nothing was sent.",
        "message": "Collection "Theme" would have 3 modes; the service allows at most 2.",
      }
    `);
    expect(
      errorOf(() => compilePlan(R0, withTheme(), { limits: { maxVariablesPerCollection: 2 } })),
    ).toMatchInlineSnapshot(`
      {
        "code": "PLAN_LIMIT",
        "hint": "Split the collection in two, then run again. Nothing was sent.",
        "message": "Collection "Primitives" would have 3 variables; the service allows at most 2.",
      }
    `);
  });

  it('refuses a single item larger than a body, an alias cycle and a type change', () => {
    const target = structuredClone(R0);
    target.variables.push(v('Primitives', 'long', 'STRING', { Light: 'x'.repeat(500), Dark: 'x' }));
    expect(errorOf(() => compilePlan(R0, target, { limits: { maxBodyBytes: 300 } })).message).toMatchInlineSnapshot(
      `"Variable "long" alone needs 703 bytes, more than the 300-byte request limit."`,
    );
    const cyclic = structuredClone(R0);
    cyclic.variables.push(
      v('Semantic', 'a', 'COLOR', { Value: ref('Semantic', 'b') }),
      v('Semantic', 'b', 'COLOR', { Value: ref('Semantic', 'a') }),
    );
    expect(errorOf(() => compilePlan(R0, cyclic)).message).toMatchInlineSnapshot(
      `"Aliases form a cycle: Semantic/a -> Semantic/b -> Semantic/a."`,
    );
    const retyped = edit(R0, 'Primitives', 'space/4', (x) => {
      x.type = 'STRING';
    });
    expect(errorOf(() => compilePlan(R0, retyped)).code).toBe('PLAN_TYPE_CHANGE');
  });
});
