/**
 * Extended collections in the local service (docs/emulator.md "Extended collections"): the figma
 * dialect serves and accepts them as Figma's OpenAPI document describes (every request body and answer
 * here is validated against @figma/rest-api-spec); the dfs dialect, whose spec has none, refuses them.
 */
import { describe, expect, it } from 'vitest';
import { checkRequest, checkResponse, checkSchema } from '../figma-spec/spec.js';
import { useEmulator, type HttpResult, type TestEmulator } from '../helpers/emulator.js';

interface WireCollection {
  id: string;
  name: string;
  modes: { modeId: string; name: string; parentModeId?: string }[];
  defaultModeId: string;
  variableIds: string[];
  isExtension?: boolean;
  parentVariableCollectionId?: string;
  rootVariableCollectionId?: string;
  variableOverrides?: Record<string, Record<string, unknown>>;
}
interface Wire {
  variables: Record<string, { id: string; name: string; variableCollectionId: string }>;
  variableCollections: Record<string, WireCollection>;
}

/** POSTs a body validated against the document's request schema; the answer against its response schema. */
async function post(emu: TestEmulator, body: Record<string, unknown>): Promise<HttpResult> {
  const path = `/v1/files/${emu.fileKey}/variables`;
  expect(checkRequest('POST', path, body)).toBeNull();
  const res = await emu.call('POST', path, { body });
  expect(checkResponse('POST', path, res.status, res.json)).toBeNull();
  return res;
}
async function local(emu: TestEmulator): Promise<Wire> {
  const path = `/v1/files/${emu.fileKey}/variables/local`;
  const res = await emu.call('GET', path);
  // Override values against the strict VariableValue (checkSchema says why), the rest as answered.
  const answer = structuredClone(res.json);
  for (const c of Object.values(answer.meta.variableCollections) as WireCollection[]) {
    for (const byMode of Object.values(c.variableOverrides ?? {})) {
      for (const [mode, value] of Object.entries(byMode)) {
        expect(checkSchema('VariableValue', value)).toEqual([]);
        byMode[mode] = true;
      }
    }
  }
  expect(checkResponse('GET', path, res.status, answer)).toBeNull();
  return res.json.meta as Wire;
}
const named = (w: Wire, name: string): WireCollection =>
  Object.values(w.variableCollections).find((c) => c.name === name)!;
const variableOf = (w: Wire, name: string) =>
  Object.values(w.variables).find(
    (v) => v.name === name && w.variableCollections[v.variableCollectionId]?.name === 'semantic',
  )!;

describe('the figma dialect: extended collections', () => {
  const emu = useEmulator({ api: 'figma', resetEach: true });

  /** `semantic / brand` extending semantic, with an override of color/primary in Light; answers the ids. */
  async function extend() {
    const before = await local(emu);
    const semantic = named(before, 'semantic');
    const [light, dark] = semantic.modes;
    const primary = variableOf(before, 'color/primary');
    const res = await post(emu, {
      variableCollections: [
        {
          action: 'CREATE',
          id: 'brand',
          name: 'semantic / brand',
          parentVariableCollectionId: semantic.id,
          initialModeIdToParentModeIdMapping: { brand_light: light!.modeId, brand_dark: dark!.modeId },
        },
      ],
      variableModeValues: [{ variableId: primary.id, modeId: 'brand_light', value: { r: 1, g: 0, b: 0, a: 1 } }],
    });
    expect(res.status).toBe(200);
    return {
      semantic,
      primary,
      light: light!,
      dark: dark!,
      ids: res.json.meta.tempIdToRealId as Record<string, string>,
    };
  }

  it('creates an extension with parentVariableCollectionId and its mode mapping, an override in the same POST, and serves it', async () => {
    const { semantic, primary, light, dark, ids } = await extend();
    const brand = (await local(emu)).variableCollections[ids['brand']!]!;
    expect(brand).toMatchObject({
      name: 'semantic / brand',
      isExtension: true,
      parentVariableCollectionId: semantic.id,
      rootVariableCollectionId: semantic.id,
      modes: [
        { modeId: ids['brand_light'], name: 'Light', parentModeId: light.modeId },
        { modeId: ids['brand_dark'], name: 'Dark', parentModeId: dark.modeId },
      ],
      defaultModeId: ids['brand_light'],
      variableIds: semantic.variableIds,
      variableOverrides: { [primary.id]: { [ids['brand_light']!]: { r: 1, g: 0, b: 0, a: 1 } } },
    });
    // The encoded mode id: the extension's id and the root's mode id.
    expect(ids['brand_light']).toBe(`${ids['brand']}/${light.modeId}`);
    // The parent's own values are untouched.
    expect((await local(emu)).variableCollections[semantic.id]!.isExtension).toBeUndefined();
  });

  it('removes an override with value null, and refuses null on a mode of the variable itself', async () => {
    const { primary, light, ids } = await extend();
    const gone = await post(emu, {
      variableModeValues: [{ variableId: primary.id, modeId: ids['brand_light']!, value: null }],
    });
    expect(gone.status).toBe(200);
    expect((await local(emu)).variableCollections[ids['brand']!]!.variableOverrides).toEqual({});
    const bad = await post(emu, {
      variableModeValues: [{ variableId: primary.id, modeId: light.modeId, value: null }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatchInlineSnapshot(
      `"variableModeValues[0]: a null value removes an override, but mode "${light.modeId}" is a mode of "semantic" itself, which holds values, not overrides; send a value of the variable's type."`,
    );
  });

  it('refuses mode CREATE, UPDATE and DELETE on an extension, in Figma words, and a variable created in one', async () => {
    const { ids } = await extend();
    const brand = ids['brand']!;
    const refusals = [
      { variableModes: [{ action: 'CREATE', id: 'm', name: 'Dim', variableCollectionId: brand }] },
      { variableModes: [{ action: 'UPDATE', id: ids['brand_dark']!, name: 'Night', variableCollectionId: brand }] },
      { variableModes: [{ action: 'DELETE', id: ids['brand_dark']! }] },
      { variables: [{ action: 'CREATE', id: 'v', name: 'x', variableCollectionId: brand, resolvedType: 'FLOAT' }] },
    ];
    const messages: string[] = [];
    for (const body of refusals) {
      const res = await post(emu, body);
      expect(res.status).toBe(400);
      messages.push(res.json.message.replaceAll(ids['brand_dark']!, 'EXT_DARK').replaceAll(brand, 'EXT'));
    }
    expect(messages).toMatchInlineSnapshot(`
      [
        "variableModes[0] (id "m"): New modes cannot be created on extended collections. "semantic / brand" is one.",
        "variableModes[0] (id "EXT_DARK"): Modes cannot be updated on extended collections. "semantic / brand" is one.",
        "variableModes[0] (id "EXT_DARK"): Modes cannot be deleted on extended collections unless its parent mode has been deleted. "semantic / brand" is one.",
        "variables[0] (id "v"): "semantic / brand" is an extended collection: it inherits the variables of "semantic" and has none of its own. Create the variable there.",
      ]
    `);
  });

  it("follows its parent's modes: a new mode, a rename and a deletion reach the extension (and its overrides)", async () => {
    const { semantic, primary, dark, ids } = await extend();
    await post(emu, {
      variableModes: [
        { action: 'CREATE', id: 'dim', name: 'Dim', variableCollectionId: semantic.id },
        { action: 'UPDATE', id: dark.modeId, name: 'Night', variableCollectionId: semantic.id },
      ],
      variableModeValues: [{ variableId: primary.id, modeId: ids['brand_dark']!, value: { r: 0, g: 0, b: 1, a: 1 } }],
    });
    let brand = (await local(emu)).variableCollections[ids['brand']!]!;
    expect(brand.modes.map((m) => m.name)).toEqual(['Light', 'Night', 'Dim']);
    expect(Object.keys(brand.variableOverrides![primary.id]!)).toEqual([ids['brand_light'], ids['brand_dark']]);
    await post(emu, { variableModes: [{ action: 'DELETE', id: dark.modeId }] });
    brand = (await local(emu)).variableCollections[ids['brand']!]!;
    expect(brand.modes.map((m) => m.name)).toEqual(['Light', 'Dim']);
    expect(Object.keys(brand.variableOverrides![primary.id]!)).toEqual([ids['brand_light']]);
  });

  it('extends an extension: rootVariableCollectionId names the top of the chain; deleting the root takes the chain', async () => {
    const { semantic, primary, ids } = await extend();
    const brand = (await local(emu)).variableCollections[ids['brand']!]!;
    const res = await post(emu, {
      variableCollections: [
        {
          action: 'CREATE',
          id: 'sub',
          name: 'semantic / brand / promo',
          parentVariableCollectionId: brand.id,
          initialModeIdToParentModeIdMapping: { sub_light: brand.modes[0]!.modeId },
        },
      ],
      variableModeValues: [{ variableId: primary.id, modeId: 'sub_light', value: { r: 0, g: 1, b: 0, a: 1 } }],
    });
    expect(res.status).toBe(200);
    const sub = (await local(emu)).variableCollections[res.json.meta.tempIdToRealId['sub']]!;
    expect(sub).toMatchObject({
      parentVariableCollectionId: brand.id,
      rootVariableCollectionId: semantic.id,
      modes: [
        { name: 'Light', parentModeId: brand.modes[0]!.modeId },
        { name: 'Dark', parentModeId: brand.modes[1]!.modeId },
      ],
    });
    expect(Object.values(sub.variableOverrides![primary.id]!)).toEqual([{ r: 0, g: 1, b: 0, a: 1 }]);
    await post(emu, { variableCollections: [{ action: 'DELETE', id: semantic.id }] });
    const after = await local(emu);
    expect(Object.values(after.variableCollections).map((c) => c.name)).toEqual(['primitives']);
  });

  it('refuses an override of a variable of another collection, and a bad mode mapping', async () => {
    const { ids } = await extend();
    const w = await local(emu);
    const gray = Object.values(w.variables).find((v) => v.name === 'color/gray/0')!;
    const other = await post(emu, {
      variableModeValues: [{ variableId: gray.id, modeId: ids['brand_light']!, value: { r: 0, g: 0, b: 0, a: 1 } }],
    });
    expect(other.status).toBe(400);
    expect(other.json.message).toContain('nor a mode of an extended collection of it');
    const mapping = await post(emu, {
      variableCollections: [
        {
          action: 'CREATE',
          name: 'x',
          parentVariableCollectionId: named(w, 'semantic').id,
          initialModeIdToParentModeIdMapping: { a: 'nope' },
        },
      ],
    });
    expect(mapping.status).toBe(400);
    expect(mapping.json.message).toMatchInlineSnapshot(
      `"variableCollections[0]: initialModeIdToParentModeIdMapping["a"] is "nope", which is not a mode of "semantic" (or is mapped twice)."`,
    );
  });
});

describe('the dfs dialect: no extended collections', () => {
  const emu = useEmulator({ api: 'dfs', resetEach: true });

  it('refuses a collection CREATE with parentVariableCollectionId, and the control API refuses an extension record', async () => {
    const w = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta as Wire;
    const semantic = named(w, 'semantic');
    const res = await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variableCollections: [
          {
            action: 'CREATE',
            id: 'temp_c',
            name: 'brand',
            initialModeId: 'temp_m',
            parentVariableCollectionId: semantic.id,
          },
        ],
        variableModes: [{ action: 'CREATE', id: 'temp_m', name: 'Light', variableCollectionId: 'temp_c' }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchInlineSnapshot(`
      {
        "error": true,
        "message": "variableCollections[0] (id "temp_c"): unknown field "parentVariableCollectionId": the Design File Service has no extended collections; create an ordinary collection.",
        "status": 400,
      }
    `);
    const control = await emu.call('POST', '/_emulator/variables', {
      token: emu.adminToken,
      body: {
        variableCollections: [
          { id: 'VariableCollectionId:9:9', isExtension: true, parentVariableCollectionId: semantic.id },
        ],
      },
    });
    expect(control.status).toBe(400);
  });
});
