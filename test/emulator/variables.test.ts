import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

const emu = useEmulator({ resetEach: true });
let path: string;
beforeAll(() => {
  path = `/v1/files/${emu.fileKey}/variables`;
});

interface Local {
  variables: Record<
    string,
    {
      id: string;
      name: string;
      variableCollectionId: string;
      resolvedType: string;
      valuesByMode: Record<string, unknown>;
      scopes: string[];
      description: string;
      key: string;
    }
  >;
  variableCollections: Record<
    string,
    {
      id: string;
      name: string;
      modes: { modeId: string; name: string }[];
      defaultModeId: string;
      variableIds: string[];
      key: string;
    }
  >;
}
async function local(): Promise<Local> {
  const r = await emu.call('GET', `${path}/local`);
  expect(r.status).toBe(200);
  return r.json.meta as Local;
}
const byName = (l: Local, collection: string, name: string) => {
  const c = Object.values(l.variableCollections).find((x) => x.name === collection)!;
  return Object.values(l.variables).find((v) => v.variableCollectionId === c.id && v.name === name)!;
};
const collection = (l: Local, name: string) => Object.values(l.variableCollections).find((x) => x.name === name)!;
async function file(): Promise<{ version: string; lastModified: string }> {
  return (await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`)).json;
}

describe('GET variables/local (demo seed)', () => {
  it('has a one-mode primitives collection and a Light/Dark semantic collection aliasing it', async () => {
    const l = await local();
    const p = collection(l, 'primitives');
    const s = collection(l, 'semantic');
    expect(p.modes.map((m) => m.name)).toEqual(['Value']);
    expect(s.modes.map((m) => m.name)).toEqual(['Light', 'Dark']);
    expect(s.defaultModeId).toBe(s.modes[0]!.modeId);
    expect(p.id).toMatch(/^VariableCollectionId:\d+:\d+$/);
    const bg = byName(l, 'semantic', 'color/background');
    expect(bg.id).toMatch(/^VariableID:\d+:\d+$/);
    expect(bg.valuesByMode[s.modes[0]!.modeId]).toEqual({
      type: 'VARIABLE_ALIAS',
      id: byName(l, 'primitives', 'color/gray/0').id,
    });
    const types = new Set(Object.values(l.variables).map((v) => v.resolvedType));
    expect([...types].sort()).toEqual(['BOOLEAN', 'COLOR', 'FLOAT', 'STRING']);
    expect(byName(l, 'primitives', 'color/blue/500').valuesByMode[p.modes[0]!.modeId]).toEqual({
      r: 37 / 255,
      g: 99 / 255,
      b: 235 / 255,
      a: 1,
    });
    for (const c of Object.values(l.variableCollections))
      for (const id of c.variableIds) expect(l.variables[id]!.variableCollectionId).toBe(c.id);
  });

  it('answers 404 for a wrong file key', async () => {
    const r = await emu.call('GET', '/v1/files/NOPE/variables/local');
    expect(r.status).toBe(404);
    expect(r.json.message).toMatchInlineSnapshot(`"File not found: no file with key "NOPE"."`);
  });
});

describe('POST variables (CREATE)', () => {
  it('creates a collection with two modes and variables, maps every temp id, and fills every mode', async () => {
    const before = await file();
    const r = await emu.call('POST', path, {
      body: {
        variableCollections: [{ action: 'CREATE', id: 'temp_c', name: 'brand', initialModeId: 'temp_m1' }],
        variableModes: [
          { action: 'CREATE', id: 'temp_m2', name: 'Dark', variableCollectionId: 'temp_c' },
          { action: 'CREATE', id: 'temp_m1', name: 'Light', variableCollectionId: 'temp_c' },
        ],
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v1',
            name: 'color/accent',
            variableCollectionId: 'temp_c',
            resolvedType: 'COLOR',
            initialModeValue: { r: 1, g: 0, b: 0, a: 1 },
            description: 'Accent',
            scopes: ['ALL_FILLS'],
          },
          {
            action: 'CREATE',
            id: 'temp_v2',
            name: 'color/link',
            variableCollectionId: 'temp_c',
            resolvedType: 'COLOR',
            initialModeValue: { type: 'VARIABLE_ALIAS', id: 'temp_v1' },
          },
          {
            action: 'CREATE',
            id: 'temp_v3',
            name: 'size/gap',
            variableCollectionId: 'temp_c',
            resolvedType: 'FLOAT',
            initialModeValue: 12,
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    const map = r.json.meta.tempIdMapping as Record<string, string>;
    expect(Object.keys(map).sort()).toEqual(['temp_c', 'temp_m1', 'temp_m2', 'temp_v1', 'temp_v2', 'temp_v3']);
    expect(map['temp_c']).toMatch(/^VariableCollectionId:\d+:\d+$/);
    expect(map['temp_m1']).toMatch(/^\d+:\d+$/);
    expect(map['temp_v1']).toMatch(/^VariableID:\d+:\d+$/);
    const l = await local();
    const c = l.variableCollections[map['temp_c']!]!;
    expect(c.modes).toEqual([
      { modeId: map['temp_m1'], name: 'Light' },
      { modeId: map['temp_m2'], name: 'Dark' },
    ]);
    expect(c.defaultModeId).toBe(map['temp_m1']);
    expect(c.variableIds).toEqual([map['temp_v1'], map['temp_v2'], map['temp_v3']]);
    const accent = l.variables[map['temp_v1']!]!;
    expect(accent.valuesByMode).toEqual({
      [map['temp_m1']!]: { r: 1, g: 0, b: 0, a: 1 },
      [map['temp_m2']!]: { r: 1, g: 0, b: 0, a: 1 },
    });
    expect(accent.description).toBe('Accent');
    expect(accent.scopes).toEqual(['ALL_FILLS']);
    expect(l.variables[map['temp_v2']!]!.valuesByMode[map['temp_m2']!]).toEqual({
      type: 'VARIABLE_ALIAS',
      id: map['temp_v1'],
    });
    expect(l.variables[map['temp_v3']!]!.scopes).toEqual(['ALL_SCOPES']);
    const after = await file();
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    expect(after.lastModified > before.lastModified).toBe(true);
  });

  it('gives a new mode of an existing collection a copy of the default mode, and a new variable its value in every mode', async () => {
    const l0 = await local();
    const s = collection(l0, 'semantic');
    const r = await emu.call('POST', path, {
      body: {
        variableModes: [{ action: 'CREATE', id: 'temp_hc', name: 'High contrast', variableCollectionId: s.id }],
        variables: [
          {
            action: 'CREATE',
            id: 'temp_x',
            name: 'flag/new',
            variableCollectionId: s.id,
            resolvedType: 'BOOLEAN',
            initialModeValue: true,
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    const hc = r.json.meta.tempIdMapping['temp_hc'];
    const l = await local();
    const bg = byName(l, 'semantic', 'color/background');
    expect(bg.valuesByMode[hc]).toEqual(bg.valuesByMode[s.defaultModeId]);
    expect(Object.values(byName(l, 'semantic', 'flag/new').valuesByMode)).toEqual([true, true, true]);
  });

  it('accepts an alias to an existing variable in initialModeValue', async () => {
    const l0 = await local();
    const r = await emu.call('POST', path, {
      body: {
        variables: [
          {
            action: 'CREATE',
            id: 'temp_a',
            name: 'color/brand',
            variableCollectionId: collection(l0, 'semantic').id,
            resolvedType: 'COLOR',
            initialModeValue: { type: 'VARIABLE_ALIAS', id: byName(l0, 'primitives', 'color/blue/500').id },
          },
        ],
      },
    });
    expect(r.status).toBe(200);
  });

  const rejections: [string, (l: Local) => unknown, string][] = [
    [
      'an unknown temp id',
      (_l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'a',
            variableCollectionId: 'temp_missing',
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
      'variables[0] (id "temp_v"): variableCollectionId "temp_missing" is neither a collection created in this request nor an existing collection of the file.',
    ],
    [
      'a duplicate temp id',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'b',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: 2,
          },
        ],
      }),
      'variables[1] (id "temp_v"): temporary id "temp_v" is used twice in this request; every CREATE item needs its own.',
    ],
    [
      'an id without temp_',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'v1',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
      'variables[0] (id "v1"): "id" must be a temporary id starting with "temp_" (got "v1").',
    ],
    [
      'a wrong action',
      (l) => ({ variables: [{ action: 'UPDATE', id: byName(l, 'primitives', 'space/2').id, name: 'x' }] }),
      'variables[0] (id "VariableID:1:ID"): action "UPDATE" is not allowed here; POST only creates (action "CREATE"); send updates with PUT.',
    ],
    [
      'a type mismatch',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'COLOR',
            initialModeValue: '#ff0000',
          },
        ],
      }),
      'variables[0] (id "temp_v") initialModeValue: the value is a string but the variable is COLOR; send {"r","g","b","a"} with numbers from 0 to 1.',
    ],
    [
      'a color component out of range',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'COLOR',
            initialModeValue: { r: 255, g: 0, b: 0, a: 1 },
          },
        ],
      }),
      'variables[0] (id "temp_v") initialModeValue: color component "r" must be a number from 0 to 1 (got 255).',
    ],
    [
      'an unknown resolvedType',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'NUMBER',
            initialModeValue: 1,
          },
        ],
      }),
      'variables[0] (id "temp_v"): resolvedType "NUMBER" must be one of COLOR, FLOAT, STRING, BOOLEAN.',
    ],
    [
      'an alias to a missing variable',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: { type: 'VARIABLE_ALIAS', id: 'VariableID:9:999' },
          },
        ],
      }),
      'variables[0] (id "temp_v"): initialModeValue aliases "VariableID:1:ID", which is neither a variable created in this request nor an existing variable.',
    ],
    [
      'an alias of another type',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: { type: 'VARIABLE_ALIAS', id: byName(l, 'primitives', 'color/blue/500').id },
          },
        ],
      }),
      'variables[0] (id "temp_v"): initialModeValue aliases "VariableID:1:ID", a COLOR variable, but this variable is FLOAT; an alias must point to a variable of the same type.',
    ],
    [
      'an alias cycle',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_a',
            name: 'a',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: { type: 'VARIABLE_ALIAS', id: 'temp_b' },
          },
          {
            action: 'CREATE',
            id: 'temp_b',
            name: 'b',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: { type: 'VARIABLE_ALIAS', id: 'temp_a' },
          },
        ],
      }),
      'Alias cycle: "a" -> "b" -> "a". Point one of them at a literal value.',
    ],
    [
      'a name with "."',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'space.2',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
      'variables[0] (id "temp_v"): name "space.2" contains "."; variable names may not contain ".", "{" or "}". Use "/" to group.',
    ],
    [
      'a name with "{"',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: '{space}',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
      'variables[0] (id "temp_v"): name "{space}" contains "{"; variable names may not contain ".", "{" or "}". Use "/" to group.',
    ],
    [
      'a name with "}"',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'space}',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
      'variables[0] (id "temp_v"): name "space}" contains "}"; variable names may not contain ".", "{" or "}". Use "/" to group.',
    ],
    [
      'a duplicate name in a collection',
      (l) => ({
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'space/2',
            variableCollectionId: collection(l, 'primitives').id,
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
      'variables[0] (id "temp_v"): collection "primitives" already has a variable named "space/2"; names must be unique in a collection.',
    ],
    [
      'an initialModeId that is not a mode of the collection',
      () => ({ variableCollections: [{ action: 'CREATE', id: 'temp_c', name: 'x', initialModeId: 'temp_m' }] }),
      'variableCollections[0] (id "temp_c"): initialModeId "temp_m" is not the temporary id of a CREATE item in variableModes with variableCollectionId "temp_c".',
    ],
    [
      'an unknown top-level field',
      () => ({ variableModeValues: [] }),
      'Unknown top-level field "variableModeValues"; the body has optional arrays variableCollections, variableModes, variables.',
    ],
  ];

  for (const [what, body, message] of rejections) {
    it(`rejects a batch with ${what} whole, with 400 naming the item`, async () => {
      const l = await local();
      const before = await file();
      // A valid item first: all-or-nothing means it must not be created either.
      const b = body(l) as Record<string, unknown[]>;
      const valid = {
        action: 'CREATE',
        id: 'temp_ok',
        name: 'ok/created',
        variableCollectionId: collection(l, 'primitives').id,
        resolvedType: 'FLOAT',
        initialModeValue: 1,
      };
      const withValid = { ...b, variables: [valid, ...(b['variables'] ?? [])] };
      const useValid = b['variables'] !== undefined && !what.includes('duplicate temp');
      const r = await emu.call('POST', path, { body: useValid ? withValid : b });
      expect(r.status).toBe(400);
      const expected = useValid
        ? message.replace(/variables\[(\d+)\]/g, (_m, i: string) => `variables[${Number(i) + 1}]`)
        : message;
      expect(r.json.message.replace(/VariableID:\d+:\d+/g, 'VariableID:1:ID')).toBe(expected);
      expect(r.json).toMatchObject({ status: 400, error: true });
      const after = await local();
      expect(Object.values(after.variables).some((v) => v.name === 'ok/created')).toBe(false);
      expect((await file()).version).toBe(before.version);
    });
  }

  it('rejects more than 40 modes in a collection', async () => {
    const l = await local();
    const s = collection(l, 'semantic');
    const modes = Array.from({ length: 39 }, (_, i) => ({
      action: 'CREATE',
      id: `temp_m${i}`,
      name: `Mode ${i}`,
      variableCollectionId: s.id,
    }));
    const r = await emu.call('POST', path, { body: { variableModes: modes } });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatchInlineSnapshot(
      `"variableModes[38] (id "temp_m38"): collection "semantic" would have 41 modes; the limit is 40 per collection."`,
    );
    const ok = await emu.call('POST', path, { body: { variableModes: modes.slice(0, 38) } });
    expect(ok.status).toBe(200);
  });

  it('rejects more than 5,000 variables in a collection', async () => {
    const l = await local();
    const p = collection(l, 'primitives');
    const n = 5001 - p.variableIds.length;
    const variables = Array.from({ length: n }, (_, i) => ({
      action: 'CREATE',
      id: `temp_${i}`,
      name: `bulk/${i}`,
      variableCollectionId: p.id,
      resolvedType: 'FLOAT',
      initialModeValue: i,
    }));
    const r = await emu.call('POST', path, { body: { variables } });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe(
      `variables[${n - 1}] (id "temp_${n - 1}"): collection "primitives" would have 5001 variables; the limit is 5,000 per collection. Split the variables over several collections.`,
    );
    expect((await emu.call('POST', path, { body: { variables: variables.slice(0, n - 1) } })).status).toBe(200);
  });

  it('rejects a body over 4 MB with 400 and changes nothing', async () => {
    const l = await local();
    const p = collection(l, 'primitives');
    const big = 'x'.repeat(4 * 1024 * 1024);
    const r = await emu.call('POST', path, {
      body: {
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'big',
            variableCollectionId: p.id,
            resolvedType: 'STRING',
            initialModeValue: big,
          },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(
      /^The request body is 4,194,[0-9]{3} bytes; the limit is 4 MB \(4,194,304 bytes\)\. Split the batch into several requests\.$/,
    );
  });

  it('rejects invalid JSON with 400', async () => {
    const r = await emu.call('POST', path, { raw: '{"variables": [', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^The request body is not valid JSON: /);
  });
});

describe('PUT variables (UPDATE)', () => {
  it('renames, re-describes and sets values and aliases per mode; bumps the version; answers an empty tempIdMapping', async () => {
    const l = await local();
    const s = collection(l, 'semantic');
    const [light, dark] = s.modes;
    const primary = byName(l, 'semantic', 'color/primary');
    const red = byName(l, 'primitives', 'color/red/500');
    const before = await file();
    const r = await emu.call('PUT', path, {
      body: {
        variableCollections: [{ action: 'UPDATE', id: s.id, name: 'theme' }],
        variableModes: [{ action: 'UPDATE', id: dark!.modeId, variableCollectionId: s.id, name: 'Night' }],
        variables: [
          {
            action: 'UPDATE',
            id: primary.id,
            name: 'color/brand',
            description: 'Brand',
            scopes: ['ALL_FILLS'],
            variableModeValues: [
              { modeId: light!.modeId, value: { type: 'VARIABLE_ALIAS', id: red.id } },
              { modeId: dark!.modeId, value: { r: 0, g: 0, b: 0, a: 0.5 } },
            ],
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.meta).toEqual({ tempIdMapping: {} });
    const after = await local();
    const v = after.variables[primary.id]!;
    expect(v.name).toBe('color/brand');
    expect(v.description).toBe('Brand');
    expect(v.scopes).toEqual(['ALL_FILLS']);
    expect(v.key).toBe(primary.key);
    expect(v.valuesByMode).toEqual({
      [light!.modeId]: { type: 'VARIABLE_ALIAS', id: red.id },
      [dark!.modeId]: { r: 0, g: 0, b: 0, a: 0.5 },
    });
    expect(after.variableCollections[s.id]!.name).toBe('theme');
    expect(after.variableCollections[s.id]!.modes[1]).toEqual({ modeId: dark!.modeId, name: 'Night' });
    expect(Number((await file()).version)).toBe(Number(before.version) + 1);
  });

  it('allows two variables to swap names in one batch', async () => {
    const l = await local();
    const a = byName(l, 'primitives', 'space/2');
    const b = byName(l, 'primitives', 'space/4');
    const r = await emu.call('PUT', path, {
      body: {
        variables: [
          { action: 'UPDATE', id: a.id, name: 'space/4' },
          { action: 'UPDATE', id: b.id, name: 'space/2' },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect((await local()).variables[a.id]!.name).toBe('space/4');
  });

  const rejections: [string, (l: Local) => unknown, string][] = [
    [
      'a temp id',
      () => ({ variables: [{ action: 'UPDATE', id: 'temp_1', name: 'x' }] }),
      'variables[0] (id "temp_1"): no variable with id "temp_1" in this file. Temporary ids exist only within one POST; use the permanent id from its tempIdMapping.',
    ],
    [
      'a wrong action',
      (l) => ({ variables: [{ action: 'CREATE', id: byName(l, 'primitives', 'space/2').id }] }),
      'variables[0] (id "ID"): action "CREATE" is not allowed here; PUT only updates (action "UPDATE"); create with POST.',
    ],
    [
      'a type mismatch',
      (l) => ({
        variables: [
          {
            action: 'UPDATE',
            id: byName(l, 'primitives', 'space/2').id,
            variableModeValues: [{ modeId: collection(l, 'primitives').defaultModeId, value: 'eight' }],
          },
        ],
      }),
      'variables[0] (id "ID") variableModeValues[0]: the value is a string but the variable is FLOAT; send a finite number.',
    ],
    [
      'a mode of another collection',
      (l) => ({
        variables: [
          {
            action: 'UPDATE',
            id: byName(l, 'primitives', 'space/2').id,
            variableModeValues: [{ modeId: collection(l, 'semantic').defaultModeId, value: 1 }],
          },
        ],
      }),
      'variables[0] (id "ID") variableModeValues[0]: mode "MODE" is not a mode of the variable\'s collection "primitives".',
    ],
    [
      'an alias to a missing variable',
      (l) => ({
        variables: [
          {
            action: 'UPDATE',
            id: byName(l, 'primitives', 'space/2').id,
            variableModeValues: [
              {
                modeId: collection(l, 'primitives').defaultModeId,
                value: { type: 'VARIABLE_ALIAS', id: 'VariableID:1:99999' },
              },
            ],
          },
        ],
      }),
      'variables[0] (id "ID") variableModeValues[0]: the alias points to "ID", which is not a variable of this file.',
    ],
    [
      'an alias of another type',
      (l) => ({
        variables: [
          {
            action: 'UPDATE',
            id: byName(l, 'primitives', 'space/2').id,
            variableModeValues: [
              {
                modeId: collection(l, 'primitives').defaultModeId,
                value: { type: 'VARIABLE_ALIAS', id: byName(l, 'primitives', 'color/blue/500').id },
              },
            ],
          },
        ],
      }),
      'variables[0] (id "ID") variableModeValues[0]: the alias points to "color/blue/500", a COLOR variable, but "space/2" is FLOAT; an alias must point to a variable of the same type.',
    ],
    [
      'an alias to itself',
      (l) => ({
        variables: [
          {
            action: 'UPDATE',
            id: byName(l, 'primitives', 'space/2').id,
            variableModeValues: [
              {
                modeId: collection(l, 'primitives').defaultModeId,
                value: { type: 'VARIABLE_ALIAS', id: byName(l, 'primitives', 'space/2').id },
              },
            ],
          },
        ],
      }),
      'Alias cycle: "space/2" (Value) -> "space/2" (Value). Point one of them at a literal value.',
    ],
    [
      'an alias cycle across collections',
      (l) => ({
        variables: [
          {
            action: 'UPDATE',
            id: byName(l, 'primitives', 'space/4').id,
            variableModeValues: [
              {
                modeId: collection(l, 'primitives').defaultModeId,
                value: { type: 'VARIABLE_ALIAS', id: byName(l, 'semantic', 'space/inset').id },
              },
            ],
          },
        ],
      }),
      'Alias cycle: "space/4" (Value) -> "space/inset" (Light) -> "space/4" (Value). Point one of them at a literal value.',
    ],
    [
      'a name with "."',
      (l) => ({ variables: [{ action: 'UPDATE', id: byName(l, 'primitives', 'space/2').id, name: 'space.2' }] }),
      'variables[0] (id "ID"): name "space.2" contains "."; variable names may not contain ".", "{" or "}". Use "/" to group.',
    ],
    [
      'a duplicate name in a collection',
      (l) => ({ variables: [{ action: 'UPDATE', id: byName(l, 'primitives', 'space/2').id, name: 'space/4' }] }),
      'Collection "primitives" would have two variables named "space/4"; names must be unique in a collection.',
    ],
    [
      'a duplicate mode name',
      (l) => ({
        variableModes: [
          {
            action: 'UPDATE',
            id: collection(l, 'semantic').modes[1]!.modeId,
            variableCollectionId: collection(l, 'semantic').id,
            name: 'Light',
          },
        ],
      }),
      'Collection "semantic" would have two modes named "Light"; mode names must be unique in a collection.',
    ],
    [
      'a mode item with the wrong collection',
      (l) => ({
        variableModes: [
          {
            action: 'UPDATE',
            id: collection(l, 'semantic').modes[1]!.modeId,
            variableCollectionId: collection(l, 'primitives').id,
            name: 'x',
          },
        ],
      }),
      'variableModes[0] (id "MODE"): variableCollectionId "ID" is not the collection of mode "MODE" (ID).',
    ],
  ];
  for (const [what, body, message] of rejections) {
    it(`rejects a batch with ${what} whole, with 400 naming the item`, async () => {
      const l = await local();
      const before = await file();
      const b = body(l) as Record<string, unknown[]>;
      const rename = { action: 'UPDATE', id: byName(l, 'primitives', 'radius/md').id, name: 'radius/medium' };
      const r = await emu.call('PUT', path, { body: { ...b, variables: [...(b['variables'] ?? []), rename] } });
      expect(r.status).toBe(400);
      const normal = (r.json.message as string)
        .replace(/Variable(Collection)?I[Dd]:\d+:\d+/g, 'ID')
        .replace(/"\d+:\d+"/g, '"MODE"');
      expect(normal).toBe(message);
      expect((await local()).variables[rename.id]!.name).toBe('radius/md');
      expect((await file()).version).toBe(before.version);
    });
  }
});

describe('scale', () => {
  it('creates 10,000 variables in 4 modes with one POST and updates them with one PUT', async () => {
    const cols = [0, 1].map((i) => ({
      action: 'CREATE',
      id: `temp_c${i}`,
      name: `bulk${i}`,
      initialModeId: `temp_c${i}_m0`,
    }));
    const modes = [0, 1].flatMap((i) =>
      [0, 1, 2, 3].map((m) => ({
        action: 'CREATE',
        id: `temp_c${i}_m${m}`,
        name: `M${m}`,
        variableCollectionId: `temp_c${i}`,
      })),
    );
    const variables = Array.from({ length: 10_000 }, (_, i) => ({
      action: 'CREATE',
      id: `temp_v${i}`,
      name: `group/${i % 50}/token-${i}`,
      variableCollectionId: `temp_c${i % 2}`,
      resolvedType: 'COLOR',
      initialModeValue: i < 2 ? { r: 0.5, g: 0.5, b: 0.5, a: 1 } : { type: 'VARIABLE_ALIAS', id: `temp_v${i - 2}` },
    }));
    const post = await emu.call('POST', path, { body: { variableCollections: cols, variableModes: modes, variables } });
    expect(post.status).toBe(200);
    const map = post.json.meta.tempIdMapping as Record<string, string>;
    expect(Object.keys(map)).toHaveLength(10_010);
    const updates = variables.map((v, i) => ({
      action: 'UPDATE',
      id: map[v.id],
      variableModeValues: [1, 2, 3].map((m) => ({
        modeId: map[`temp_c${i % 2}_m${m}`],
        value: { r: m / 4, g: 0, b: 0, a: 1 },
      })),
    }));
    const put = await emu.call('PUT', path, { body: { variables: updates } });
    expect(put.status).toBe(200);
    const l = await local();
    expect(Object.keys(l.variables).length).toBeGreaterThanOrEqual(10_000);
    expect(l.variables[map['temp_v9999']!]!.valuesByMode[map['temp_c1_m3']!]).toEqual({ r: 0.75, g: 0, b: 0, a: 1 });
  });
});
