import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

const emu = useEmulator();

describe('styles', () => {
  it('lists published styles with every spec field and a last-page pagination', async () => {
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}/styles`);
    expect(r.status).toBe(200);
    const styles = r.json.meta.styles as Record<string, unknown>[];
    expect(styles.map((s) => [s['name'], s['style_type']])).toEqual([
      ['Surface/Default', 'FILL'],
      ['Body/Regular', 'TEXT'],
      ['Elevation/Card', 'EFFECT'],
      ['Layout/12 columns', 'GRID'],
      ['Heading/H1', 'TEXT'],
      ['Caption', 'TEXT'],
      ['Focus/Ring', 'EFFECT'],
      ['Inset/Well', 'EFFECT'],
      ['Brand/Gradient', 'FILL'],
      ['Spotlight', 'FILL'],
      ['Layout/8 px grid', 'GRID'],
    ]);
    for (const k of [
      'key',
      'name',
      'description',
      'style_type',
      'node_id',
      'thumbnail_url',
      'created_at',
      'updated_at',
    ])
      expect(styles[0]).toHaveProperty(k);
    expect(r.json.pagination).toEqual({ cursor: null, page_size: 11 });
    expect(r.json.meta.pagination).toEqual(r.json.pagination);
  });

  it('pages with page_size and the opaque cursor of the previous page', async () => {
    const names: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const r = await emu.call(
        'GET',
        `/v1/files/${emu.fileKey}/styles?page_size=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      names.push(...r.json.meta.styles.map((s: { name: string }) => s.name));
      cursor = r.json.pagination.cursor;
      pages++;
    }
    expect(pages).toBe(4);
    expect(names).toHaveLength(11);
  });

  it('rejects a bad page_size and a cursor it did not make', async () => {
    const a = await emu.call('GET', `/v1/files/${emu.fileKey}/styles?page_size=1001`);
    expect(a.status).toBe(400);
    expect(a.json.message).toMatchInlineSnapshot(
      `"Query parameter "page_size" must be a whole number from 1 to 1000 (got "1001")."`,
    );
    const b = await emu.call('GET', `/v1/files/${emu.fileKey}/styles?cursor=garbage`);
    expect(b.status).toBe(400);
    expect(b.json.message).toMatchInlineSnapshot(
      `"Query parameter "cursor" is not a cursor from a previous page; start again without it."`,
    );
  });

  it('reads one style by key with file_key and the last editor', async () => {
    const list = await emu.call('GET', `/v1/files/${emu.fileKey}/styles`);
    const key = list.json.meta.styles[1].key as string;
    const r = await emu.call('GET', `/v1/styles/${key}`);
    expect(r.status).toBe(200);
    expect(r.json.meta).toMatchObject({
      key,
      name: 'Body/Regular',
      style_type: 'TEXT',
      file_key: emu.fileKey,
      user: { handle: 'Ada Designer' },
    });
    const missing = await emu.call('GET', '/v1/styles/0000');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toMatchInlineSnapshot(`"Style not found: no published style with key "0000"."`);
  });

  it('answers 404 for a wrong file key', async () => {
    expect((await emu.call('GET', '/v1/files/nope/styles')).status).toBe(404);
  });
});

describe('components and component sets', () => {
  it('lists components with containing_frame, paged by cursor', async () => {
    const first = await emu.call('GET', `/v1/files/${emu.fileKey}/components?page_size=2`);
    expect(first.status).toBe(200);
    expect(first.json.meta.components.map((c: { name: string }) => c.name)).toEqual([
      'Variant=Primary',
      'Variant=Secondary',
    ]);
    expect(first.json.meta.components[0].containing_frame).toMatchObject({
      name: 'Button',
      nodeId: '2:1',
      pageName: 'Components',
    });
    expect(first.json.pagination.page_size).toBe(2);
    const next = await emu.call(
      'GET',
      `/v1/files/${emu.fileKey}/components?page_size=2&cursor=${first.json.pagination.cursor}`,
    );
    expect(next.json.meta.components.map((c: { name: string }) => c.name)).toEqual(['Icon/Check']);
    expect(next.json.pagination).toEqual({ cursor: null, page_size: 1 });
  });

  it('lists component sets', async () => {
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}/component_sets`);
    expect(r.status).toBe(200);
    expect(r.json.meta.component_sets).toHaveLength(1);
    expect(r.json.meta.component_sets[0]).toMatchObject({ name: 'Button', node_id: '2:1' });
    for (const k of ['key', 'description', 'thumbnail_url', 'created_at', 'updated_at', 'containing_frame'])
      expect(r.json.meta.component_sets[0]).toHaveProperty(k);
  });

  it('answers 404 for a wrong file key', async () => {
    expect((await emu.call('GET', '/v1/files/nope/components')).status).toBe(404);
    expect((await emu.call('GET', '/v1/files/nope/component_sets')).status).toBe(404);
  });
});
