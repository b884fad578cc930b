import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { request } from 'undici';
import { useEmulator } from '../helpers/emulator.js';

const emu = useEmulator({ resetEach: true });

async function download(url: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  const res = await request(url, { dispatcher: emu.dispatcher });
  return {
    status: res.statusCode,
    type: res.headers['content-type'] as string | undefined,
    body: Buffer.from(await res.body.arrayBuffer()),
  };
}

describe('GET /v1/files/:key', () => {
  it('returns the file with a DOCUMENT root whose children are CANVAS pages', async () => {
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'Design System', version: '1', schemaVersion: 0 });
    expect(typeof r.json.lastModified).toBe('string');
    expect(r.json.thumbnailUrl).toMatch(new RegExp(`^${emu.url}/thumbnails/`));
    expect(r.json.document.type).toBe('DOCUMENT');
    expect(r.json.document.children.map((p: { type: string; name: string }) => [p.type, p.name])).toEqual([
      ['CANVAS', 'Foundations'],
      ['CANVAS', 'Components'],
    ]);
    expect(r.json.document.children[1].children[0].children[0]).toMatchObject({ id: '2:2', type: 'COMPONENT' });
    expect(r.json.components['2:2']).toMatchObject({ name: 'Variant=Primary' });
    expect((await download(r.json.thumbnailUrl)).status).toBe(200);
  });

  it('with depth=1 returns the pages only; depth=2 their top-level nodes too', async () => {
    const one = await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`);
    // Cut off by depth: `children` is empty (Figma's document requires it on pages and frames).
    expect(one.json.document.children.every((p: { children?: unknown[] }) => p.children?.length === 0)).toBe(true);
    const two = await emu.call('GET', `/v1/files/${emu.fileKey}?depth=2`);
    expect(two.json.document.children[0].children.map((n: { id: string }) => n.id)).toEqual(['1:2', '1:3', '1:4']);
    expect(two.json.document.children[0].children[0].children).toEqual([]);
  });

  it('rejects a depth that is not a whole number of at least 1', async () => {
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}?depth=0`);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatchInlineSnapshot(
      `"Query parameter "depth" must be a whole number of at least 1 (got "0")."`,
    );
  });

  it('answers 404 for a wrong file key', async () => {
    const r = await emu.call('GET', '/v1/files/notAFileKey');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ status: 404, error: true, message: 'File not found: no file with key "notAFileKey".' });
  });
});

describe('GET /v1/files/:key/nodes', () => {
  it('returns each requested subtree with its components and styles', async () => {
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}/nodes?ids=2:5,1:2`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'Design System', version: '1' });
    expect(Object.keys(r.json.nodes)).toEqual(['2:5', '1:2']);
    const card = r.json.nodes['2:5'];
    expect(card.document).toMatchObject({ id: '2:5', name: 'Card', type: 'FRAME' });
    expect(
      Object.values(card.styles)
        .map((s) => (s as { name: string }).name)
        .sort(),
    ).toEqual(['Elevation/Card', 'Surface/Default']);
    expect(card.components).toEqual({});
  });

  it('answers 404 naming a node id that is not in the file', async () => {
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}/nodes?ids=1:2,9:99`);
    expect(r.status).toBe(404);
    expect(r.json.message).toBe(`Node not found: "9:99" is not a node of file "${emu.fileKey}".`);
  });

  it('requires ids', async () => {
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}/nodes`);
    expect(r.status).toBe(400);
    expect(r.json.message).toMatchInlineSnapshot(
      `"Query parameter "ids" is required: a comma-separated list of node ids such as 1:2,1:3."`,
    );
  });
});

describe('GET /v1/images/:key', () => {
  it('renders nodes to URLs on this service that serve a real PNG in the node color, at the scale asked', async () => {
    const r = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=1:5&format=png&scale=0.25`);
    expect(r.status).toBe(200);
    expect(r.json.err).toBeNull();
    const url = r.json.images['1:5'] as string;
    expect(url.startsWith(`${emu.url}/render/`)).toBe(true);
    const img = await download(url);
    expect(img.status).toBe(200);
    expect(img.type).toBe('image/png');
    expect(img.body.subarray(1, 4).toString()).toBe('PNG');
    expect([img.body.readUInt32BE(16), img.body.readUInt32BE(20)]).toEqual([24, 24]); // 96 px * 0.25
    const idatLen = img.body.readUInt32BE(33);
    const pixels = inflateSync(img.body.subarray(41, 41 + idatLen));
    expect([...pixels.subarray(1, 5)]).toEqual([0x25, 0x63, 0xeb, 0xff]); // #2563eb
  });

  it('serves SVG, JPEG and PDF renders', async () => {
    const jpg = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=1:6&format=jpg&scale=0.5`);
    const j = await download(jpg.json.images['1:6']);
    expect(j.type).toBe('image/jpeg');
    expect([...j.body.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...j.body.subarray(-2)]).toEqual([0xff, 0xd9]);
    const sof = j.body.indexOf(Buffer.from([0xff, 0xc0]));
    expect([j.body.readUInt16BE(sof + 5), j.body.readUInt16BE(sof + 7)]).toEqual([48, 48]); // height, width: 96 px * 0.5
    const svg = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=1:6&format=svg`);
    const s = await download(svg.json.images['1:6']);
    expect(s.type).toBe('image/svg+xml');
    expect(s.body.toString()).toContain('fill="#ef4444"');
    const pdf = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=1:6&format=PDF`);
    const p = await download(pdf.json.images['1:6']);
    expect(p.type).toBe('application/pdf');
    expect(p.body.subarray(0, 8).toString()).toBe('%PDF-1.4');
  });

  it('lets render URLs expire after 14 days', async () => {
    const r = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=1:5`);
    const url = r.json.images['1:5'] as string;
    await emu.admin.advanceClock(14 * 24 * 3600 - 60);
    expect((await download(url)).status).toBe(200);
    await emu.admin.advanceClock(60);
    const expired = await download(url);
    expect(expired.status).toBe(403);
    expect(JSON.parse(expired.body.toString()).message).toMatchInlineSnapshot(
      `"This image URL has expired (render URLs last 14 days); request a new one from GET /v1/images."`,
    );
  });

  it('answers unknown node ids with an empty images map', async () => {
    const r = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=9:1,9:2`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ err: null, images: {} });
  });

  it('rejects an unknown format and a scale out of bounds', async () => {
    const f = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=1:5&format=gif`);
    expect(f.status).toBe(400);
    expect(f.json.message).toMatchInlineSnapshot(
      `"Query parameter "format" must be one of png, svg, jpg, pdf (got "gif")."`,
    );
    const s = await emu.call('GET', `/v1/images/${emu.fileKey}?ids=1:5&scale=5`);
    expect(s.status).toBe(400);
    expect(s.json.message).toMatchInlineSnapshot(
      `"Query parameter "scale" must be a number from 0.01 to 4 (got "5")."`,
    );
  });

  it('answers 404 for a wrong file key', async () => {
    expect((await emu.call('GET', '/v1/images/nope?ids=1:5')).status).toBe(404);
  });
});

describe('GET /v1/files/:key/images (image fills)', () => {
  it('maps image references found in the tree to download URLs', async () => {
    const file = await emu.call('GET', `/v1/files/${emu.fileKey}`);
    const ref = file.json.document.children[0].children[1].fills[0].imageRef as string;
    const r = await emu.call('GET', `/v1/files/${emu.fileKey}/images`);
    expect(r.status).toBe(200);
    expect(r.json.err).toBe(false);
    expect(Object.keys(r.json.images)).toEqual([ref]);
    expect((await download(r.json.images[ref])).status).toBe(200);
  });

  it('answers 404 for a wrong file key', async () => {
    expect((await emu.call('GET', '/v1/files/nope/images')).status).toBe(404);
  });
});

describe('GET /v1/me', () => {
  it('returns the token owner with email', async () => {
    const r = await emu.call('GET', '/v1/me');
    expect(r.json).toMatchObject({ handle: 'Ada Designer', email: 'ada@example.test' });
    const lin = await emu.admin.mintToken({ scopes: ['file_content:read'], user: 'collaborator' });
    expect((await emu.call('GET', '/v1/me', { token: lin })).json.handle).toBe('Lin Engineer');
  });
});
