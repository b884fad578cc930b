import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { useEmulator } from '../helpers/emulator.js';

const emu = useEmulator();

function plainHttp(url: string, path: string): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), '127.0.0.1', () =>
      s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nX-Service-Token: t\r\n\r\n`),
    );
    let out = '';
    s.on('data', (c: Buffer) => (out += c.toString()));
    s.on('end', () => resolve(out));
    s.on('error', reject);
  });
}

describe('transport', () => {
  it('serves HTTPS with a certificate signed by the CA it hands out, at a 127.0.0.1 URL', async () => {
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(emu.ca).toContain('BEGIN CERTIFICATE');
    const me = await emu.call('GET', '/v1/me');
    expect(me.status).toBe(200);
    expect(Object.keys(me.json).sort()).toEqual(['email', 'handle', 'id', 'img_url']);
  });

  it('refuses plain HTTP on the same port with a 400 and closes the connection', async () => {
    const raw = await plainHttp(emu.url, '/v1/me');
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(raw).toContain('"message":"This service accepts HTTPS only; plain HTTP is refused. Use https://."');
  });

  it('answers an unknown path with 404 and a wrong method with 405, in the agreed error body', async () => {
    const r = await emu.call('GET', '/v1/nothing');
    expect(r.status).toBe(404);
    expect(r.json).toMatchInlineSnapshot(`
      {
        "error": true,
        "message": "Not found: no endpoint GET /v1/nothing.",
        "status": 404,
      }
    `);
    const m = await emu.call('DELETE', '/v1/me');
    expect(m.status).toBe(405);
    expect(m.headers['allow']).toBe('GET');
  });
});

describe('credentials', () => {
  it('answers 403 without a credential, with an unknown token and with an expired one', async () => {
    const none = await emu.call('GET', '/v1/me', { token: null });
    expect(none.status).toBe(403);
    expect(none.json.message).toMatchInlineSnapshot(
      `"No credentials: send a personal token in X-Service-Token or an OAuth token in Authorization: Bearer."`,
    );
    const bad = await emu.call('GET', '/v1/me', { token: 'dfs_pat_not-a-token' });
    expect(bad.status).toBe(403);
    expect(bad.json.message).toMatchInlineSnapshot(
      `"Invalid token: the X-Service-Token is not a valid personal access token."`,
    );
    const short = await emu.admin.mintToken({ scopes: ['file_content:read'], expiresInSeconds: 3600 });
    expect((await emu.call('GET', '/v1/me', { token: short })).status).toBe(200);
    await emu.admin.advanceClock(3600);
    const expired = await emu.call('GET', '/v1/me', { token: short });
    expect(expired.status).toBe(403);
    expect(expired.json.message).toMatchInlineSnapshot(`"Token expired: create a new personal access token."`);
    expect(expired.text).not.toContain(short);
  });

  it('does not accept a personal token as a Bearer token, nor the admin token on the API', async () => {
    expect((await emu.call('GET', '/v1/me', { bearer: emu.token })).status).toBe(403);
    expect((await emu.call('GET', '/v1/me', { token: emu.adminToken })).status).toBe(403);
  });

  it('opens /_emulator/ only to the admin token, never to a user token', async () => {
    const asUser = await emu.call('GET', '/_emulator/requests');
    expect(asUser.status).toBe(403);
    expect(asUser.json.message).toMatchInlineSnapshot(`"Control endpoints need the admin token in X-Service-Token."`);
    expect((await emu.call('GET', '/_emulator/requests', { token: null })).status).toBe(403);
    expect((await emu.call('GET', '/_emulator/requests', { token: emu.adminToken })).status).toBe(200);
  });
});

describe('request log', () => {
  it('lists API calls in order with method, path and status, and leaves control calls out', async () => {
    await emu.admin.clearRequests();
    await emu.call('GET', '/v1/me');
    await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`);
    await emu.call('GET', '/v1/files/nope');
    await emu.admin.addFault({ path: '/v1/never', fault: 'error-500' });
    const log = await emu.admin.requests();
    expect(log.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/v1/me', 200],
      ['GET', `/v1/files/${emu.fileKey}`, 200],
      ['GET', '/v1/files/nope', 404],
    ]);
    expect(log[1]!.query).toBe('depth=1');
  });
});
