/**
 * The local service's styles (docs/emulator.md "Styles"): every style has a node in Figma's node schema,
 * the list, the single style, the file and the nodes endpoints agree, and the control endpoints play the
 * designer (add, edit, rename, delete) with a new file version each time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestEmulator, useEmulator } from '../helpers/emulator.js';
import { designer } from './designer.js';

const emu = useEmulator();

const FIELD = { TEXT: 'style', EFFECT: 'effects', FILL: 'fills', GRID: 'layoutGrids' } as const;

describe('style nodes', () => {
  it('serves a node of the right shape for every published style, with bound variables as aliases', async () => {
    const styles = await designer(emu).list();
    expect(new Set(styles.map((s) => s.style_type))).toEqual(new Set(['TEXT', 'EFFECT', 'FILL', 'GRID']));
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}/nodes?ids=${styles.map((s) => s.node_id).join(',')}`);
    expect(r.status).toBe(200);
    const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variables as Record<
      string,
      unknown
    >;
    for (const s of styles) {
      const entry = r.json.nodes[s.node_id];
      expect(entry.document.name).toBe(s.name);
      expect(entry.document).toHaveProperty(FIELD[s.style_type]);
      // The node result's styles map names the style itself.
      expect(entry.styles[s.node_id]).toMatchObject({ key: s.key, name: s.name, styleType: s.style_type });
    }
    const body = r.json.nodes[styles.find((s) => s.name === 'Body/Regular')!.node_id].document;
    expect(body.type).toBe('TEXT');
    expect(body.style).toMatchObject({
      fontFamily: 'Inter',
      fontWeight: 400,
      fontSize: 16,
      lineHeightPx: 24,
      lineHeightUnit: 'PIXELS',
      letterSpacing: 0,
    });
    const bound = body.style.boundVariables.fontFamily;
    expect(bound.type).toBe('VARIABLE_ALIAS');
    expect(vars).toHaveProperty(bound.id);
    const card = r.json.nodes[styles.find((s) => s.name === 'Elevation/Card')!.node_id].document;
    expect(card.effects.map((e: { type: string }) => e.type)).toEqual(['DROP_SHADOW', 'DROP_SHADOW']);
    const well = r.json.nodes[styles.find((s) => s.name === 'Inset/Well')!.node_id].document;
    expect(well.effects[0].type).toBe('INNER_SHADOW');
  });

  it('keeps style nodes off the pages: the document is the same, its styles map names the styles nodes use', async () => {
    const file = (await emu.call('GET', `/v1/files/${emu.fileKey}`)).json;
    const ids: string[] = [];
    const walk = (n: { id: string; children?: unknown[] }): void => {
      ids.push(n.id);
      for (const c of n.children ?? []) walk(c as { id: string });
    };
    walk(file.document);
    expect(ids.filter((id) => id.startsWith('3:'))).toEqual([]);
    expect(
      Object.values(file.styles)
        .map((s) => (s as { name: string }).name)
        .sort(),
    ).toEqual(['Body/Regular', 'Elevation/Card', 'Surface/Default']);
    // The style list's thumbnails are served.
    const first = (await designer(emu).list())[0]!;
    const thumb = await emu.call('GET', `/thumbnails/${emu.fileKey}/${first.node_id}.png`);
    expect(thumb.status).toBe(200);
  });
});

describe('playing the designer', () => {
  it('adds, edits, renames and deletes a style; list, single style and nodes agree, and the version moves each time', async () => {
    const d = designer(emu);
    const version = async (): Promise<string> =>
      (await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`)).json.version;
    const v0 = await version();
    const added = await d.add({
      style_type: 'EFFECT',
      name: 'Elevation/Modal',
      description: 'Modal',
      fields: {
        effects: [
          {
            type: 'DROP_SHADOW',
            visible: true,
            color: { r: 0, g: 0, b: 0, a: 0.3 },
            blendMode: 'NORMAL',
            offset: { x: 0, y: 16 },
            radius: 32,
            spread: 0,
            showShadowBehindNode: false,
          },
        ],
      },
    });
    const v1 = await version();
    expect(Number(v1)).toBeGreaterThan(Number(v0));
    expect((await d.list()).map((s) => s.key)).toContain(added.key);
    expect((await emu.call('GET', `/v1/styles/${added.key}`)).json.meta).toMatchObject({
      name: 'Elevation/Modal',
      style_type: 'EFFECT',
      node_id: added.node_id,
      file_key: emu.fileKey,
    });
    const node = (await emu.call('GET', `/v1/files/${emu.fileKey}/nodes?ids=${added.node_id}`)).json.nodes[
      added.node_id
    ].document;
    expect(node.effects[0].radius).toBe(32);

    const renamed = await d.edit(added.key, {
      name: 'Elevation/Dialog',
      fields: { effects: [{ ...node.effects[0], radius: 40 }] },
    });
    expect(renamed).toMatchObject({ key: added.key, node_id: added.node_id, name: 'Elevation/Dialog' });
    expect(Number(await version())).toBeGreaterThan(Number(v1));
    const after = (await emu.call('GET', `/v1/files/${emu.fileKey}/nodes?ids=${added.node_id}`)).json.nodes[
      added.node_id
    ].document;
    expect([after.name, after.effects[0].radius]).toEqual(['Elevation/Dialog', 40]);
    expect((await emu.call('GET', `/v1/styles/${added.key}`)).json.meta.name).toBe('Elevation/Dialog');

    await d.remove(added.key);
    expect((await d.list()).map((s) => s.key)).not.toContain(added.key);
    expect((await emu.call('GET', `/v1/styles/${added.key}`)).status).toBe(404);
    expect((await emu.call('GET', `/v1/files/${emu.fileKey}/nodes?ids=${added.node_id}`)).status).toBe(404);
  });

  it('refuses a bad style with a 400 that says what to send, and needs the admin token', async () => {
    const bad = await emu.call('POST', '/_emulator/styles', {
      token: emu.adminToken,
      body: { style_type: 'STROKE', name: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatchInlineSnapshot(`""style_type" must be one of FILL, TEXT, EFFECT, GRID."`);
    const unknown = await emu.call('PATCH', '/_emulator/styles', {
      token: emu.adminToken,
      body: { key: 'nope', name: 'x' },
    });
    expect(unknown.status).toBe(404);
    const user = await emu.call('POST', '/_emulator/styles', { body: { style_type: 'FILL', name: 'x' } });
    expect(user.status).toBe(403);
  });
});

describe('saved state', () => {
  it('keeps styles and their nodes, edits included, across a restart with --data', async () => {
    const dataFile = path.join(mkdtempSync(path.join(tmpdir(), 'tokensync-styles-data-')), 'state.json');
    const first = await startTestEmulator({ dataFile });
    const added = await designer(first).add({
      style_type: 'FILL',
      name: 'Saved/Teal',
      fields: {
        fills: [
          { type: 'SOLID', visible: true, opacity: 1, blendMode: 'NORMAL', color: { r: 0, g: 0.5, b: 0.5, a: 1 } },
        ],
      },
    });
    const before = (await first.call('GET', `/v1/files/${first.fileKey}/nodes?ids=${added.node_id},3:2`)).json.nodes;
    await first.close();
    const second = await startTestEmulator({ dataFile });
    try {
      expect((await designer(second).list()).map((s) => s.name)).toContain('Saved/Teal');
      expect(
        (await second.call('GET', `/v1/files/${second.fileKey}/nodes?ids=${added.node_id},3:2`)).json.nodes,
      ).toEqual(before);
    } finally {
      await second.close();
    }
  });
});
