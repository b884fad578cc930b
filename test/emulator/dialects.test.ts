/**
 * What the local service enforces as Figma does (docs/emulator.md "Dialects"), in both dialects (the
 * scope enum and which types each scope fits, mode names of at most 40 characters, hiddenFromPublishing
 * and codeSyntax kept), and what only the figma dialect speaks (X-Figma-Token, one POST with
 * CREATE/UPDATE/DELETE and variableModeValues, applied in order and all-or-nothing, tempIdToRealId, no
 * PUT).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

interface Wire {
  variables: Record<
    string,
    {
      id: string;
      name: string;
      variableCollectionId: string;
      resolvedType: string;
      valuesByMode: Record<string, unknown>;
      scopes: string[];
      hiddenFromPublishing: boolean;
      codeSyntax: Record<string, string>;
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
      hiddenFromPublishing: boolean;
    }
  >;
}

describe.each(['dfs', 'figma'] as const)('both dialects enforce what Figma enforces (%s)', (api) => {
  const emu = useEmulator({ api, resetEach: true });
  let path: string;
  beforeAll(() => {
    path = `/v1/files/${emu.fileKey}/variables`;
  });
  const local = async (): Promise<Wire> => (await emu.call('GET', `${path}/local`)).json.meta as Wire;
  const primitives = async () =>
    Object.values((await local()).variableCollections).find((c) => c.name === 'primitives')!;
  /** One new variable in primitives, spelled as the dialect spells a create. */
  const create = async (fields: Record<string, unknown>, type = 'FLOAT', value: unknown = 1) => {
    const c = await primitives();
    const item = {
      action: 'CREATE',
      id: 'temp_new',
      name: 'new/one',
      variableCollectionId: c.id,
      resolvedType: type,
      ...fields,
    };
    const body =
      api === 'figma'
        ? { variables: [item], variableModeValues: [{ variableId: 'temp_new', modeId: c.defaultModeId, value }] }
        : { variables: [{ ...item, initialModeValue: value }] };
    return emu.call('POST', path, { body });
  };
  const mode = async (name: string) => {
    const c = await primitives();
    return emu.call('POST', path, {
      body: { variableModes: [{ action: 'CREATE', id: 'temp_m', name, variableCollectionId: c.id }] },
    });
  };

  it('keeps hiddenFromPublishing and codeSyntax given on CREATE (hiddenFromPublishing used to come back false)', async () => {
    const r = await create({ hiddenFromPublishing: true, codeSyntax: { WEB: 'var(--one)', iOS: 'one' } });
    expect(r.status, r.text).toBe(200);
    const v = Object.values((await local()).variables).find((x) => x.name === 'new/one')!;
    expect(v.hiddenFromPublishing).toBe(true);
    expect(v.codeSyntax).toEqual({ WEB: 'var(--one)', iOS: 'one' });
  });

  it('accepts every scope of the enum on the types it fits (COLOR_OPACITY and FONT_VARIATIONS too) and refuses the others', async () => {
    expect((await create({ scopes: ['COLOR_OPACITY', 'OPACITY'] })).status).toBe(200);
    await emu.admin.reset();
    expect((await create({ scopes: ['FONT_VARIATIONS', 'CORNER_RADIUS'] })).status).toBe(200);
    await emu.admin.reset();
    const wrongType = await create({ scopes: ['FONT_FAMILY'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.message).toMatchInlineSnapshot(
      `"variables[0] (id "temp_new"): scope "FONT_FAMILY" does not fit a FLOAT variable; a FLOAT variable takes ALL_SCOPES, TEXT_CONTENT, CORNER_RADIUS, WIDTH_HEIGHT, GAP, STROKE_FLOAT, EFFECT_FLOAT, OPACITY, COLOR_OPACITY, FONT_WEIGHT, FONT_SIZE, LINE_HEIGHT, LETTER_SPACING, PARAGRAPH_SPACING, PARAGRAPH_INDENT, FONT_VARIATIONS."`,
    );
    const unknown = await create({ scopes: ['NOT_A_SCOPE'] });
    expect(unknown.status).toBe(400);
    const mixed = await create({ scopes: ['ALL_SCOPES', 'GAP'] });
    expect(mixed.status).toBe(400);
    expect(mixed.json.message).toContain('"ALL_SCOPES" cannot be combined');
    const fills = await create({ scopes: ['ALL_FILLS', 'TEXT_FILL'] }, 'COLOR', { r: 0, g: 0, b: 0, a: 1 });
    expect(fills.status).toBe(400);
    expect((await create({ scopes: ['GAP'] }, 'BOOLEAN', true)).status).toBe(400);
    expect(Object.values((await local()).variables).some((x) => x.name === 'new/one')).toBe(false);
  });

  it('refuses a mode name over 40 characters, and takes one of exactly 40', async () => {
    const long = await mode('x'.repeat(41));
    expect(long.status).toBe(400);
    expect(long.json.message ?? long.json.err).toContain('at most 40');
    expect((await mode('y'.repeat(40))).status).toBe(200);
  });
});

describe('the figma dialect', () => {
  const emu = useEmulator({ api: 'figma', resetEach: true });
  let path: string;
  beforeAll(() => {
    path = `/v1/files/${emu.fileKey}/variables`;
  });
  const local = async (): Promise<Wire> => (await emu.call('GET', `${path}/local`)).json.meta as Wire;
  const named = (w: Wire, name: string) => Object.values(w.variables).find((v) => v.name === name)!;

  it('takes the personal token in X-Figma-Token only, and asks for file_variables:* scopes', async () => {
    const dfsHeader = await emu.call('GET', `${path}/local`, {
      token: null,
      headers: { 'x-service-token': emu.token },
    });
    expect(dfsHeader.status).toBe(403);
    expect(dfsHeader.json).toMatchInlineSnapshot(`
      {
        "error": true,
        "message": "No credentials: send a personal token in X-Figma-Token or an OAuth token in Authorization: Bearer.",
        "status": 403,
      }
    `);
    const contentOnly = await emu.admin.mintToken({ scopes: ['file_content:read', 'file_content:write'] });
    const refused = await emu.call('POST', path, { token: contentOnly, body: { variables: [] } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('file_variables:write');
    const varsOnly = await emu.admin.mintToken({ scopes: ['file_variables:read'] });
    expect((await emu.call('GET', `${path}/local`, { token: varsOnly })).status).toBe(200);
    // Most endpoints answer errors as {status, err}, as the document says.
    const me = await emu.call('GET', '/v1/me', { token: null });
    expect(me.json).toEqual({ status: 403, err: expect.stringContaining('X-Figma-Token') });
  });

  it('has no PUT: one POST carries every action', async () => {
    const put = await emu.call('PUT', path, { body: { variables: [] } });
    expect(put.status).toBe(405);
    expect(put.headers['allow']).toBe('POST');
  });

  it("creates, updates and deletes in one POST, in order, with any temp id strings; the first mode is the collection's own", async () => {
    const before = await local();
    const red = named(before, 'color/red/500');
    const blue = named(before, 'color/blue/500');
    const res = await emu.call('POST', path, {
      body: {
        variableCollections: [{ action: 'CREATE', id: 'c', name: 'New', initialModeId: 'm1' }],
        variableModes: [{ action: 'UPDATE', id: 'm1', name: 'Base', variableCollectionId: 'c' }],
        variables: [
          { action: 'CREATE', id: 'v', name: 'size', variableCollectionId: 'c', resolvedType: 'FLOAT' },
          { action: 'UPDATE', id: blue.id, name: 'color/azure/500', description: 'Renamed' },
          { action: 'DELETE', id: red.id },
        ],
        variableModeValues: [{ variableId: 'v', modeId: 'm1', value: 12 }],
      },
    });
    // color/danger still aliases red: nothing is applied.
    expect(res.status).toBe(400);
    expect(res.json.message).toMatchInlineSnapshot(
      `"Variable "color/red/500" cannot be deleted: "color/danger" still aliases it. Point "color/danger" at another variable first."`,
    );
    expect(await local()).toEqual(before);

    const danger = named(before, 'color/danger');
    const ok = await emu.call('POST', path, {
      body: {
        variableCollections: [{ action: 'CREATE', id: 'c', name: 'New', initialModeId: 'm1' }],
        variableModes: [{ action: 'UPDATE', id: 'm1', name: 'Base', variableCollectionId: 'c' }],
        variables: [
          { action: 'CREATE', id: 'v', name: 'size', variableCollectionId: 'c', resolvedType: 'FLOAT' },
          { action: 'UPDATE', id: blue.id, name: 'color/azure/500', description: 'Renamed' },
          { action: 'DELETE', id: red.id },
        ],
        variableModeValues: [
          { variableId: 'v', modeId: 'm1', value: 12 },
          ...Object.keys(danger.valuesByMode).map((modeId) => ({
            variableId: danger.id,
            modeId,
            value: { type: 'VARIABLE_ALIAS', id: blue.id },
          })),
        ],
      },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(Object.keys(ok.json.meta.tempIdToRealId).sort()).toEqual(['c', 'm1', 'v']);
    const after = await local();
    const col = after.variableCollections[ok.json.meta.tempIdToRealId.c]!;
    expect(col.modes).toEqual([{ modeId: ok.json.meta.tempIdToRealId.m1, name: 'Base' }]);
    expect(col.defaultModeId).toBe(ok.json.meta.tempIdToRealId.m1);
    expect(named(after, 'size').valuesByMode).toEqual({ [ok.json.meta.tempIdToRealId.m1]: 12 });
    expect(named(after, 'color/azure/500').id).toBe(blue.id);
    expect(after.variables[red.id]).toBeUndefined();
  });

  it("gives a new variable its type's default and a new mode a copy of the default mode", async () => {
    const w = await local();
    const semantic = Object.values(w.variableCollections).find((c) => c.name === 'semantic')!;
    const res = await emu.call('POST', path, {
      body: {
        variableModes: [{ action: 'CREATE', id: 'hc', name: 'High contrast', variableCollectionId: semantic.id }],
        variables: [
          { action: 'CREATE', id: 'flag', name: 'flag', variableCollectionId: semantic.id, resolvedType: 'BOOLEAN' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const after = await local();
    const hc = res.json.meta.tempIdToRealId.hc;
    const bg = named(after, 'color/background');
    expect(bg.valuesByMode[hc]).toEqual(bg.valuesByMode[semantic.defaultModeId]);
    expect(Object.values(named(after, 'flag').valuesByMode)).toEqual([false, false, false]);
  });

  it("refuses temp ids used twice, the default mode's deletion, and fields Figma does not name", async () => {
    const w = await local();
    const p = Object.values(w.variableCollections).find((c) => c.name === 'primitives')!;
    const twice = await emu.call('POST', path, {
      body: {
        variables: [
          { action: 'CREATE', id: 'x', name: 'a', variableCollectionId: p.id, resolvedType: 'FLOAT' },
          { action: 'CREATE', id: 'x', name: 'b', variableCollectionId: p.id, resolvedType: 'FLOAT' },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toContain('temporary id "x" is used twice');
    const defaultMode = await emu.call('POST', path, {
      body: { variableModes: [{ action: 'DELETE', id: p.defaultModeId }] },
    });
    expect(defaultMode.status).toBe(400);
    expect(defaultMode.json.message).toContain('default mode cannot be deleted');
    const initial = await emu.call('POST', path, {
      body: {
        variables: [
          {
            action: 'CREATE',
            id: 'x',
            name: 'a',
            variableCollectionId: p.id,
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      },
    });
    expect(initial.status).toBe(400);
    expect(initial.json.message).toContain('unknown field "initialModeValue"');
    expect(await local()).toEqual(w);
  });
});
