import { beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

const emu = useEmulator({ resetEach: true });
let path: string;
beforeAll(() => {
  path = `/v1/files/${emu.fileKey}/comments`;
});

interface Comment {
  id: string;
  parent_id: string;
  message: string;
  resolved_at: string | null;
  user: { id: string; handle: string; img_url: string };
  client_meta: { x: number; y: number; node_id?: string[] } | null;
  order_id: string;
}
const list = async (): Promise<Comment[]> => (await emu.call('GET', path)).json.comments;

describe('comments', () => {
  it('lists every comment, replies and resolved ones included, with node_id as an array', async () => {
    const all = await list();
    expect(all.map((c) => [c.id, c.parent_id, c.resolved_at === null])).toEqual([
      ['1', '', true],
      ['2', '1', true],
      ['3', '', false],
    ]);
    expect(all[0]!.client_meta).toEqual({ x: 140, y: 40, node_id: ['1:6'] });
    expect(Object.keys(all[0]!.user).sort()).toEqual(['handle', 'id', 'img_url']);
  });

  it('posts a pinned comment and answers id, message, created_at and user', async () => {
    const r = await emu.call('POST', path, {
      body: { message: 'Check contrast', client_meta: { x: 10, y: 20, node_id: '1:5' } },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      message: 'Check contrast',
      parent_id: '',
      client_meta: { x: 10, y: 20, node_id: '1:5' },
      user: { handle: 'Ada Designer' },
    });
    expect(typeof r.json.id).toBe('string');
    expect(Number.isNaN(Date.parse(r.json.created_at))).toBe(false);
    expect((await list()).at(-1)!.message).toBe('Check contrast');
  });

  it('threads a reply under its parent with the parent position, ignoring client_meta sent with it', async () => {
    const r = await emu.call('POST', path, {
      body: { message: 'Done', comment_id: '1', client_meta: { x: 999, y: 999 } },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ parent_id: '1', client_meta: { x: 140, y: 40, node_id: '1:6' } });
    // A reply to a reply joins the thread of the top-level comment.
    const nested = await emu.call('POST', path, { body: { message: 'Thanks', comment_id: '2' } });
    expect(nested.json.parent_id).toBe('1');
  });

  it('rejects a missing message (400), an unknown parent (404) and an unknown node (404)', async () => {
    const a = await emu.call('POST', path, { body: { client_meta: { x: 1, y: 1 } } });
    expect(a.status).toBe(400);
    expect(a.json.message).toMatchInlineSnapshot(`""message" is required: the comment text."`);
    const b = await emu.call('POST', path, { body: { message: 'x', comment_id: '404' } });
    expect(b.status).toBe(404);
    expect(b.json.message).toMatchInlineSnapshot(`"Comment not found: no comment "404" in this file."`);
    const c = await emu.call('POST', path, { body: { message: 'x', client_meta: { x: 1, y: 1, node_id: '9:9' } } });
    expect(c.status).toBe(404);
    expect((await emu.call('POST', '/v1/files/nope/comments', { body: { message: 'x' } })).status).toBe(404);
  });

  it('deletes a comment with its replies, answering 200 with an empty body', async () => {
    const r = await emu.call('DELETE', `${path}/1`);
    expect(r.status).toBe(200);
    expect(r.text).toBe('');
    expect((await list()).map((c) => c.id)).toEqual(['3']);
    expect((await emu.call('DELETE', `${path}/1`)).status).toBe(404);
  });

  it('lets only the author or the file owner delete', async () => {
    const lin = await emu.admin.mintToken({ scopes: ['file_comments:write'], user: 'collaborator' });
    const mine = await emu.call('POST', path, { body: { message: 'by Lin' }, token: lin });
    // Lin may not delete the owner's comment...
    const denied = await emu.call('DELETE', `${path}/1`, { token: lin });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toMatchInlineSnapshot(
      `"Only the comment author or the file owner may delete a comment."`,
    );
    // ...but may delete her own, and the owner may delete Lin's.
    expect((await emu.call('DELETE', `${path}/${mine.json.id}`, { token: lin })).status).toBe(200);
    expect((await emu.call('DELETE', `${path}/3`)).status).toBe(200);
  });
});
