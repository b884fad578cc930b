import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';

describe('rate limit', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    // timeScale 1: a real one-minute window, so the limit cannot reset during the test.
    emu = await startTestEmulator({ rateLimitPerMinute: 3, timeScale: 1 });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('answers 429 with Retry-After past the limit per token, leaves /v1/me out, and counts a variables batch once', async () => {
    const t1 = await emu.admin.mintToken({ scopes: ['file_content:read', 'file_content:write'] });
    for (let i = 0; i < 5; i++) expect((await emu.call('GET', '/v1/me', { token: t1 })).status).toBe(200);
    const local = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`, { token: t1 })).json.meta;
    const ids = Object.keys(local.variables);
    // One PUT with many items is one call.
    const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
      token: t1,
      body: { variables: ids.map((id) => ({ action: 'UPDATE', id, description: 'x' })) },
    });
    expect(put.status).toBe(200);
    expect((await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`, { token: t1 })).status).toBe(200);
    const limited = await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`, { token: t1 });
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(limited.json.message).toBe(`Rate limit exceeded for this token; retry after ${retry} s.`);
    expect((await emu.call('GET', '/v1/me', { token: t1 })).status).toBe(200);
    // Another token has its own budget.
    const t2 = await emu.admin.mintToken({ scopes: ['file_content:read'] });
    expect((await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`, { token: t2 })).status).toBe(200);
  });
});

describe('injected faults', () => {
  let emu: TestEmulator;
  let vars: string;
  beforeAll(async () => {
    emu = await startTestEmulator();
    vars = `/v1/files/${emu.fileKey}/variables`;
  });
  afterAll(async () => {
    await emu.close();
  });
  beforeEach(async () => {
    await emu.admin.reset();
  });

  const version = async (): Promise<string> => (await emu.call('GET', `/v1/files/${emu.fileKey}?depth=1`)).json.version;
  const create = (name: string) => ({
    variableCollections: [{ action: 'CREATE', id: 'temp_c', name, initialModeId: 'temp_m' }],
    variableModes: [{ action: 'CREATE', id: 'temp_m', name: 'M', variableCollectionId: 'temp_c' }],
  });
  const collections = async (): Promise<string[]> =>
    Object.values((await emu.call('GET', `${vars}/local`)).json.meta.variableCollections).map(
      (c) => (c as { name: string }).name,
    );

  it("rate-limit: 429 with the rule's Retry-After on the nth matching call, then normal again", async () => {
    await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      fault: 'rate-limit',
      retryAfter: 7,
      nth: 2,
    });
    expect((await emu.call('GET', `${vars}/local`)).status).toBe(200);
    const r = await emu.call('GET', `${vars}/local`);
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('7');
    expect((await emu.call('GET', `${vars}/local`)).status).toBe(200);
  });

  it('error-500: fails before commit, `times` times in a row', async () => {
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'error-500', times: 2 });
    expect((await emu.call('POST', vars, { body: create('a') })).status).toBe(500);
    expect((await emu.call('POST', vars, { body: create('a') })).status).toBe(500);
    expect(await collections()).not.toContain('a');
    expect((await emu.call('POST', vars, { body: create('a') })).status).toBe(200);
    expect(await collections()).toContain('a');
  });

  it('commit-then-drop: the change is applied, the connection closes without an answer', async () => {
    const before = await version();
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'commit-then-drop' });
    await expect(emu.call('POST', vars, { body: create('dropped') })).rejects.toThrow();
    expect(await collections()).toContain('dropped');
    expect(Number(await version())).toBe(Number(before) + 1);
    const log = await emu.admin.requests();
    expect(log.find((r) => r.method === 'POST')).toMatchObject({ status: 0, fault: 'commit-then-drop' });
  });

  it('reset: the connection is reset and nothing is applied', async () => {
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/**', fault: 'reset' });
    const err = await emu.call('POST', vars, { body: create('reset') }).then(
      () => null,
      (e: Error & { code?: string; cause?: { code?: string } }) => e,
    );
    expect(err).not.toBeNull();
    expect(await collections()).not.toContain('reset');
  });

  it('truncate: the body stops halfway although content-length promised all of it', async () => {
    await emu.admin.addFault({ path: '/v1/files/*/variables/local', fault: 'truncate' });
    const res = await request(`${emu.url}${vars}/local`, {
      headers: { 'x-service-token': emu.token },
      dispatcher: emu.dispatcher,
    });
    expect(res.statusCode).toBe(200);
    await expect(res.body.text()).rejects.toThrow();
  });

  it('delay: the call is answered after the scaled delay', async () => {
    await emu.admin.addFault({ path: '/v1/me', fault: 'delay', delayMs: 1000 });
    expect((await emu.call('GET', '/v1/me')).status).toBe(200);
    expect((await emu.admin.requests()).at(-1)).toMatchObject({ path: '/v1/me', status: 200, fault: 'delay' });
  });

  it('delay: moving the clock past the hold lets the held call go on at once (docs/emulator.md "Time scale")', async () => {
    // Held for a service day (14 min at this scale): only the clock can end it within the test's timeout.
    const { fault } = await emu
      .call('POST', '/_emulator/faults', {
        token: emu.adminToken,
        body: { path: '/v1/me', fault: 'delay', delayMs: 86_400_000 },
      })
      .then((r) => r.json);
    const held = emu.call('GET', '/v1/me');
    for (let fired = 0; fired === 0; ) {
      const rules = (await emu.call('GET', '/_emulator/faults', { token: emu.adminToken })).json.faults;
      fired = (rules as { id: string; fired: number }[]).find((r) => r.id === fault.id)?.fired ?? 0;
    }
    expect(await emu.admin.requests()).toEqual([]); // still held: a call is logged when it completes
    await emu.admin.advanceClock(86_400);
    expect((await held).status).toBe(200);
    expect((await emu.admin.requests()).at(-1)).toMatchObject({ path: '/v1/me', status: 200, fault: 'delay' });
  });

  it('rejects a malformed rule naming the key', async () => {
    const r = await emu.call('POST', '/_emulator/faults', {
      token: emu.adminToken,
      body: { path: '/v1/me', fault: 'explode' },
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatchInlineSnapshot(
      `"Key "fault" must be one of rate-limit, error-500, commit-then-drop, reset, delay, truncate."`,
    );
  });

  it('reset restores the seed, clears faults and the log, and keeps the credentials', async () => {
    await emu.call('POST', vars, { body: create('temporary') });
    await emu.admin.addFault({ path: '/v1/me', fault: 'error-500', times: 100 });
    await emu.admin.reset('empty');
    expect((await emu.call('GET', '/v1/me')).status).toBe(200);
    expect(await collections()).toEqual([]);
    expect(await emu.admin.requests()).toHaveLength(2);
    await emu.admin.reset();
    expect(await collections()).toEqual(['primitives', 'semantic']);
  });
});
