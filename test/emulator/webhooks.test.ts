import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createCertificateAuthority } from '../../src/emulator/cert.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

/** A real HTTPS webhook receiver with its own CA; `mode` decides how it answers. */
interface Receiver {
  url: string;
  events: Record<string, unknown>[];
  mode: 'ok' | 'fail' | 'hang';
  close(): Promise<void>;
}
async function startReceiver(cert: { cert: string; key: string }): Promise<Receiver> {
  const r: Receiver = { url: '', events: [], mode: 'ok', close: async () => undefined };
  const server: Server = createServer(cert, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      r.events.push(JSON.parse(body) as Record<string, unknown>);
      if (r.mode === 'hang') return; // never answers: the emulator's 10 s (scaled) deadline applies
      res.writeHead(r.mode === 'ok' ? 200 : 500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  r.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}

let emu: TestEmulator;
let receiver: Receiver;
beforeAll(async () => {
  const ca = createCertificateAuthority('receiver CA');
  receiver = await startReceiver(ca.issue(['127.0.0.1']));
  // 10 s deadline x 0.05 = 500 ms: short, yet safe for a first TLS handshake on a busy 2-core box.
  emu = await startTestEmulator({ trustCa: [ca.cert], timeScale: 0.05 });
});
afterAll(async () => {
  await emu.close();
  await receiver.close();
});
beforeEach(async () => {
  await emu.admin.reset();
  receiver.events.length = 0;
  receiver.mode = 'ok';
});

async function createHook(event_type = 'FILE_UPDATE', endpoint = receiver.url) {
  return emu.call('POST', '/v2/webhooks', {
    body: { event_type, team_id: emu.teamId, endpoint, passcode: 'pass-123', description: 'tokensync' },
  });
}
const list = async () =>
  (await emu.call('GET', `/v2/webhooks/${emu.teamId}`)).json.webhooks as { id: string; status: string }[];

describe('webhook management', () => {
  it('creates an ACTIVE webhook without returning the passcode, lists it by team and deletes it', async () => {
    const r = await createHook();
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      event_type: 'FILE_UPDATE',
      team_id: emu.teamId,
      endpoint: receiver.url,
      status: 'ACTIVE',
      description: 'tokensync',
    });
    expect(typeof r.json.id).toBe('string');
    expect(typeof r.json.created_at).toBe('string');
    expect(r.text).not.toContain('pass-123');
    expect((await list()).map((h) => h.id)).toEqual([r.json.id]);
    const del = await emu.call('DELETE', `/v2/webhooks/${r.json.id}`);
    expect(del.status).toBe(200);
    expect(del.json.id).toBe(r.json.id);
    expect(await list()).toEqual([]);
    expect((await emu.call('DELETE', `/v2/webhooks/${r.json.id}`)).status).toBe(404);
  });

  it('rejects a plain-HTTP endpoint, an unknown event type, a missing passcode and an unknown team', async () => {
    const http = await createHook('FILE_UPDATE', 'http://127.0.0.1:1/x');
    expect(http.status).toBe(400);
    expect(http.json.message).toMatchInlineSnapshot(
      `""endpoint" must be an absolute HTTPS URL (https://...); plain HTTP endpoints are not allowed."`,
    );
    const type = await createHook('FILE_SAVED');
    expect(type.status).toBe(400);
    expect(type.json.message).toMatchInlineSnapshot(
      `""event_type" must be one of FILE_UPDATE, FILE_DELETE, FILE_VERSION_UPDATE, FILE_COMMENT, LIBRARY_PUBLISH."`,
    );
    const pass = await emu.call('POST', '/v2/webhooks', {
      body: { event_type: 'FILE_UPDATE', team_id: emu.teamId, endpoint: receiver.url },
    });
    expect(pass.status).toBe(400);
    const team = await emu.call('POST', '/v2/webhooks', {
      body: { event_type: 'FILE_UPDATE', team_id: '42', endpoint: receiver.url, passcode: 'p' },
    });
    expect(team.status).toBe(404);
    expect((await emu.call('GET', '/v2/webhooks/42')).status).toBe(404);
  });
});

describe('webhook bodies over the limit', () => {
  it('answers 413 (read to the end, not a reset) and creates nothing', async () => {
    const huge = JSON.stringify({ event_type: 'FILE_UPDATE', team_id: emu.teamId, description: 'x'.repeat(5 << 20) });
    const r = await emu.call('POST', '/v2/webhooks', { raw: huge, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(413);
    expect(r.json.message).toMatch(/^The request body is 5,242,\d{3} bytes; the limit is 4 MB/);
    expect(await list()).toEqual([]);
  });
});

describe('webhook delivery', () => {
  it('POSTs FILE_UPDATE with the passcode to the HTTPS endpoint when variables are written', async () => {
    const hook = (await createHook()).json;
    const local = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta;
    const id = Object.keys(local.variables)[0]!;
    expect(
      (
        await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
          body: { variables: [{ action: 'UPDATE', id, description: 'changed' }] },
        })
      ).status,
    ).toBe(200);
    const deliveries = await emu.admin.deliveries();
    expect(deliveries.map((d) => [d.eventType, d.status, d.ok])).toEqual([['FILE_UPDATE', 200, true]]);
    expect(receiver.events).toHaveLength(1);
    expect(receiver.events[0]).toMatchObject({
      event_type: 'FILE_UPDATE',
      passcode: 'pass-123',
      file_key: emu.fileKey,
      file_name: 'Design System',
      webhook_id: hook.id,
    });
  });

  it('sends FILE_COMMENT for new comments and replies, and nothing to webhooks of other event types', async () => {
    await createHook('FILE_COMMENT');
    await createHook('LIBRARY_PUBLISH');
    await emu.call('POST', `/v1/files/${emu.fileKey}/comments`, { body: { message: 'Looks good' } });
    await emu.call('POST', `/v1/files/${emu.fileKey}/comments`, { body: { message: 'Reply', comment_id: '1' } });
    await emu.admin.deliveries();
    expect(receiver.events.map((e) => [e['event_type'], (e['comment'] as { text: string }[])[0]!.text])).toEqual([
      ['FILE_COMMENT', 'Looks good'],
      ['FILE_COMMENT', 'Reply'],
    ]);
    expect(receiver.events[0]).toMatchObject({ passcode: 'pass-123', triggered_by: { handle: 'Ada Designer' } });
  });

  it('pauses a webhook whose endpoint keeps failing, and delivers nothing to it after', async () => {
    const hook = (await createHook()).json;
    receiver.mode = 'fail';
    await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variableCollections: [
          {
            action: 'UPDATE',
            id: Object.keys(
              (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variableCollections,
            )[0],
            name: 'base',
          },
        ],
      },
    });
    const d = await emu.admin.deliveries();
    expect(d.map((x) => [x.attempt, x.status, x.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
    ]);
    expect((await list()).find((h) => h.id === hook.id)!.status).toBe('PAUSED');
    receiver.mode = 'ok';
    receiver.events.length = 0;
    await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variableCollections: [{ action: 'CREATE', id: 'temp_c', name: 'x', initialModeId: 'temp_m' }],
        variableModes: [{ action: 'CREATE', id: 'temp_m', name: 'M', variableCollectionId: 'temp_c' }],
      },
    });
    await emu.admin.deliveries();
    expect(receiver.events).toEqual([]);
    // The fix is a new webhook (spec "Webhook status"): it is ACTIVE and gets events.
    expect((await createHook()).json.status).toBe('ACTIVE');
  });

  it('counts no answer within 10 s as a failure', async () => {
    const hook = (await createHook()).json;
    receiver.mode = 'hang';
    await emu.call('POST', `/v1/files/${emu.fileKey}/comments`, { body: { message: 'x' } }); // no FILE_COMMENT hook: nothing sent
    await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      body: {
        variables: [],
        variableCollections: [
          {
            action: 'UPDATE',
            id: Object.keys(
              (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta.variableCollections,
            )[0],
            name: 'base',
          },
        ],
      },
    });
    const d = await emu.admin.deliveries();
    expect(d.every((x) => x.status === null && x.error === 'no answer within 10 s')).toBe(true);
    expect((await list()).find((h) => h.id === hook.id)!.status).toBe('PAUSED');
  });
});
