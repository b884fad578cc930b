/**
 * Error statuses, the retry layer and the POST rules against the local service over HTTPS, with
 * faults injected through its control API (docs/emulator.md). Waits use the client's time-scale knob,
 * never real Retry-After waits. Ends with the secret scan of everything printed and thrown here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiAuthError,
  ApiBadRequestError,
  ApiNetworkError,
  ApiNotFoundError,
  ApiRateLimitError,
  ApiServerError,
  ApiUnknownOutcomeError,
  createClient,
  type ClientOptions,
  type DesignFileClient,
  type RequestEvent,
} from '../../src/api/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { LeakScanner } from './helpers/leak-scan.js';
import { startRawServer } from './helpers/raw-server.js';

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;
let emu: Emu;
const scan = new LeakScanner();
const open: DesignFileClient[] = [];
const minted: string[] = [];

beforeAll(async () => {
  scan.start();
  emu = await startTestEmulator();
});
afterEach(async () => {
  await emu.admin.reset();
  await Promise.all(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  scan.stop();
  await emu?.close();
});

function client(overrides: Partial<ClientOptions> = {}): { c: DesignFileClient; events: RequestEvent[] } {
  const events: RequestEvent[] = [];
  const c = createClient({
    baseUrl: emu.url,
    auth: { kind: 'token', token: emu.token },
    ca: emu.ca,
    env: {},
    timeScale: 0.001,
    ...overrides,
    onRequest: (e) => {
      events.push(e);
      scan.record(e);
    },
  });
  open.push(c);
  return { c, events };
}

/** Message and hint with the emulator's address and times made stable for snapshots. */
function shown(err: unknown): string {
  const e = err as { message: string; hint?: string };
  return `${e.message}\nfix: ${e.hint ?? ''}`
    .replaceAll(emu.url, 'https://EMULATOR')
    .replaceAll(emu.fileKey, 'FILEKEY')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'TIME');
}

const newVariableBody = (name: string) => ({
  variableCollections: [{ action: 'CREATE' as const, id: 'temp_c', name: `Col ${name}`, initialModeId: 'temp_m' }],
  variableModes: [{ action: 'CREATE' as const, id: 'temp_m', name: 'Default', variableCollectionId: 'temp_c' }],
  variables: [
    {
      action: 'CREATE' as const,
      id: 'temp_v',
      name,
      variableCollectionId: 'temp_c',
      resolvedType: 'BOOLEAN' as const,
      initialModeValue: true,
    },
  ],
});

async function variableNames(): Promise<string[]> {
  const { c } = client();
  return Object.values((await c.getLocalVariables(emu.fileKey)).meta.variables).map((v) => v.name);
}

describe('error statuses', () => {
  it('403: a wrong token is an ApiAuthError naming the request and the fix', async () => {
    const { c } = client({ auth: { kind: 'token', token: 'dfs_pat_wrong_token_000000' } });
    const err = await scan.thrown(c.getLocalVariables(emu.fileKey));
    expect(err).toBeInstanceOf(ApiAuthError);
    expect((err as ApiAuthError).status).toBe(403);
    expect(shown(err)).toMatchInlineSnapshot(`
      "GET https://EMULATOR/v1/files/FILEKEY/variables/local -> 403: the service refused the credentials: Invalid token: the X-Service-Token is not a valid personal access token.
      fix: Check the personal access token (service.token): it may be invalid, expired or missing a scope. This endpoint needs the file_content:read scope."
    `);
  });

  it('403: a token without the scope gets a hint naming the scope the endpoint needs', async () => {
    const readOnly = await emu.admin.mintToken({ scopes: ['file_content:read'] });
    minted.push(readOnly);
    const { c, events } = client({ auth: { kind: 'token', token: readOnly } });
    const err = (await scan.thrown(c.putVariables(emu.fileKey, { variables: [] }))) as ApiAuthError;
    expect(err).toBeInstanceOf(ApiAuthError);
    expect(err.hint).toContain('This endpoint needs the file_content:write scope.');
    expect(events).toHaveLength(1); // a personal token is not refreshed or retried
  });

  it('404: an unknown file key is an ApiNotFoundError', async () => {
    const { c, events } = client();
    const err = await scan.thrown(c.getFile('no-such-file'));
    expect(err).toBeInstanceOf(ApiNotFoundError);
    expect(events).toHaveLength(1); // not retried
    expect(shown(err)).toMatchInlineSnapshot(`
      "GET https://EMULATOR/v1/files/no-such-file -> 404: not found: File not found: no file with key "no-such-file".
      fix: Check the file key (service.fileKey) and the ids in the request; the token must also have access to the file."
    `);
  });

  it("400: a refused write keeps the service's message and is not retried", async () => {
    const { c, events } = client();
    const err = await scan.thrown(
      c.postVariables(emu.fileKey, {
        variables: [
          {
            action: 'CREATE',
            id: 'temp_v',
            name: 'bad.name',
            variableCollectionId: 'VariableCollectionId:0:0',
            resolvedType: 'FLOAT',
            initialModeValue: 1,
          },
        ],
      }),
    );
    expect(err).toBeInstanceOf(ApiBadRequestError);
    expect((err as ApiBadRequestError).serviceMessage.length).toBeGreaterThan(0);
    expect(events).toHaveLength(1);
    expect(shown(err)).toMatchInlineSnapshot(`
      "POST https://EMULATOR/v1/files/FILEKEY/variables -> 400: the service refused the request: variables[0] (id "temp_v"): name "bad.name" contains "."; variable names may not contain ".", "{" or "}". Use "/" to group.
      fix: Fix what the service names above and try again."
    `);
  });
});

describe('Retry-After and the retry budget', () => {
  it('waits the Retry-After seconds (scaled) and succeeds when they fit the budget', async () => {
    await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      fault: 'rate-limit',
      retryAfter: 30,
    });
    const { c, events } = client({ retryBudgetSeconds: 30 });
    const vars = await c.getLocalVariables(emu.fileKey);
    expect(Object.keys(vars.meta.variableCollections).length).toBeGreaterThan(0);
    expect(events.map((e) => [e.status, e.attempt])).toEqual([
      [429, 1],
      [200, 2],
    ]);
  });

  it('a wait past the budget ends in ApiRateLimitError that says when to retry', async () => {
    await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      fault: 'rate-limit',
      retryAfter: 30,
    });
    const { c, events } = client({ retryBudgetSeconds: 29 });
    const before = Date.now();
    const err = (await scan.thrown(c.getLocalVariables(emu.fileKey))) as ApiRateLimitError;
    expect(err).toBeInstanceOf(ApiRateLimitError);
    expect(err.retryAfterSeconds).toBe(30);
    expect(err.retryAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(events).toHaveLength(1); // gave up at once instead of waiting
    expect(shown(err)).toMatchInlineSnapshot(`
      "GET https://EMULATOR/v1/files/FILEKEY/variables/local -> 429: rate limited: the service asks to wait 30 s, more than the retry budget allows (29 s in all); try again after TIME.
      fix: Wait until TIME (30 s), or raise service.retryBudgetSeconds in config/tokensync.yaml to let tokensync wait."
    `);
  });

  it('out of retries with every wait honoured: says what the service answered and when to rerun, not "raise the budget"', async () => {
    await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      fault: 'rate-limit',
      retryAfter: 1,
      times: 10,
    });
    const { c, events } = client({ retryBudgetSeconds: 60, maxRetries: 2 });
    const err = (await scan.thrown(c.getLocalVariables(emu.fileKey))) as ApiRateLimitError;
    expect(err).toBeInstanceOf(ApiRateLimitError);
    expect(events).toHaveLength(3);
    expect(shown(err)).toMatchInlineSnapshot(`
      "GET https://EMULATOR/v1/files/FILEKEY/variables/local -> 429: still rate limited after 2 retries; try again after TIME.
      fix: The service answered 429 to each of 3 attempts although every Retry-After was honoured, so another client is spending this token's quota (parallel CI jobs, a \`build --watch\`, another tool); a larger retry budget would only wait longer. Run again after TIME; if it recurs, give concurrent jobs their own tokens or run them one after another."
    `);
    await emu.admin.clearFaults();
  });

  it('honours Retry-After as an HTTP date', async () => {
    // The local service sends delay-seconds; the date form comes from a raw server (helpers/raw-server.ts).
    let calls = 0;
    const raw = await startRawServer(() => {
      calls++;
      if (calls === 1)
        return {
          status: 429,
          body: '{"status":429,"error":true,"message":"slow down"}',
          headers: { 'retry-after': new Date(Date.now() + 20_000).toUTCString() },
        };
      return { status: 200, body: JSON.stringify({ id: '1', handle: 'Ada', email: 'a@b.c', img_url: '' }) };
    });
    try {
      const ok = createClient({
        baseUrl: raw.url,
        auth: { kind: 'token', token: emu.token },
        ca: raw.ca,
        env: {},
        timeScale: 0.001,
        retryBudgetSeconds: 25,
      });
      open.push(ok);
      expect((await ok.getMe()).handle).toBe('Ada');
      calls = 0;
      const tight = createClient({
        baseUrl: raw.url,
        auth: { kind: 'token', token: emu.token },
        ca: raw.ca,
        env: {},
        timeScale: 0.001,
        retryBudgetSeconds: 10,
      });
      open.push(tight);
      const err = (await scan.thrown(tight.getMe())) as ApiRateLimitError;
      expect(err).toBeInstanceOf(ApiRateLimitError);
      expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(19);
      expect(err.retryAfterSeconds).toBeLessThanOrEqual(21);
    } finally {
      await raw.close();
    }
  });

  it('retries GET on 5xx until it succeeds, and gives up with ApiServerError after maxRetries', async () => {
    await emu.admin.addFault({ method: 'GET', path: '/v1/me', fault: 'error-500', times: 2 });
    const { c, events } = client();
    await c.getMe();
    expect(events.map((e) => e.status)).toEqual([500, 500, 200]);
    await emu.admin.addFault({ method: 'GET', path: '/v1/me', fault: 'error-500', times: 10 });
    const { c: c2, events: e2 } = client({ maxRetries: 2 });
    const err = await scan.thrown(c2.getMe());
    expect(err).toBeInstanceOf(ApiServerError);
    expect(e2).toHaveLength(3);
    expect(shown(err)).toMatchInlineSnapshot(`
      "GET https://EMULATOR/v1/me -> 500: the service failed (Internal server error (injected fault; nothing was changed)) on 3 attempts, answering 500 each time.
      fix: The request is not at fault: the service answered 500 itself, and more retries in this run would not change that. Run the same command again after TIME (a push or sync then sends only what is missing). If it keeps failing, report this message to the service operator."
    `);
  });

  it('retries PUT after a reset connection and GET after a truncated body', async () => {
    await emu.admin.addFault({ method: 'PUT', path: '/v1/files/*/variables', fault: 'reset' });
    await emu.admin.addFault({ method: 'GET', path: '/v1/files/*/variables/local', fault: 'truncate' });
    const { c, events } = client();
    const local = await c.getLocalVariables(emu.fileKey);
    const [id, v] = Object.entries(local.meta.variables)[0]!;
    await c.putVariables(emu.fileKey, { variables: [{ action: 'UPDATE', id, description: 'retried put' }] });
    expect(events.map((e) => `${e.method} ${e.status}`)).toEqual([
      'GET network-error',
      'GET 200',
      'PUT network-error',
      'PUT 200',
    ]);
    const after = await c.getLocalVariables(emu.fileKey);
    expect(after.meta.variables[id]).toMatchObject({ name: v.name, description: 'retried put' });
  });

  it('retries PUT even after a drop following the commit (PUT is idempotent)', async () => {
    await emu.admin.addFault({ method: 'PUT', path: '/v1/files/*/variables', fault: 'commit-then-drop' });
    const { c, events } = client();
    const [id] = Object.keys((await c.getLocalVariables(emu.fileKey)).meta.variables);
    await c.putVariables(emu.fileKey, { variables: [{ action: 'UPDATE', id: id!, description: 'dropped put' }] });
    expect(events.map((e) => `${e.method} ${e.status}`)).toEqual(['GET 200', 'PUT network-error', 'PUT 200']);
    expect((await c.getLocalVariables(emu.fileKey)).meta.variables[id!]?.description).toBe('dropped put');
  });

  it('an attempt that exceeds the timeout is abandoned and a GET is tried again', async () => {
    // The emulator holds the call 2000 s × its time scale (0.001) = 2 s; the client gives up after 300 ms.
    await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      fault: 'delay',
      delayMs: 2_000_000,
    });
    const { c, events } = client({ timeoutMs: 300 });
    const vars = await c.getLocalVariables(emu.fileKey);
    expect(Object.keys(vars.meta.variables).length).toBeGreaterThan(0);
    expect(events.map((e) => e.status)).toEqual(['network-error', 200]);
  });

  it('a connection that cannot be made is an ApiNetworkError after the retries', async () => {
    const closed = await startRawServer(() => ({ status: 200, body: '{}' }));
    await closed.close(); // the port is now refused
    const { c, events } = client({ baseUrl: closed.url, ca: closed.ca, maxRetries: 2 });
    const err = await scan.thrown(c.getMe());
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(events.map((e) => e.status)).toEqual(['network-error', 'network-error', 'network-error']);
  });
});

describe('POST is never replayed when its outcome is unknown', () => {
  it('a dropped connection after the commit: ApiUnknownOutcomeError, one POST sent, the re-read shows the effect', async () => {
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'commit-then-drop' });
    const { c, events } = client();
    const err = await scan.thrown(c.postVariables(emu.fileKey, newVariableBody('dropped/flag')));
    expect(err).toBeInstanceOf(ApiUnknownOutcomeError);
    expect(events.filter((e) => e.method === 'POST')).toHaveLength(1);
    const posts = (await emu.admin.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/variables'));
    expect(posts).toHaveLength(1);
    expect(await variableNames()).toContain('dropped/flag');
    expect(shown(err)).toMatchInlineSnapshot(`
      "POST https://EMULATOR/v1/files/FILEKEY/variables: the connection failed before a complete answer (the service closed the connection), so it is unknown whether the request took effect; it was not sent again.
      fix: Read the current state again before deciding what to send (tokensync does this by itself during push and sync)."
    `);
  });

  it('a 500 or a truncated answer to a POST is an unknown outcome too, sent once', async () => {
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'error-500' });
    const { c, events } = client();
    expect(await scan.thrown(c.postVariables(emu.fileKey, newVariableBody('five/hundred')))).toBeInstanceOf(
      ApiUnknownOutcomeError,
    );
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/comments', fault: 'truncate' });
    expect(await scan.thrown(c.postComment(emu.fileKey, { message: 'cut short' }))).toBeInstanceOf(
      ApiUnknownOutcomeError,
    );
    expect(events.map((e) => `${e.method} ${e.status}`)).toEqual(['POST 500', 'POST network-error']);
  });

  it('a POST refused with 429 had no effect and is sent again', async () => {
    await emu.admin.addFault({ method: 'POST', path: '/v1/files/*/variables', fault: 'rate-limit', retryAfter: 2 });
    const { c, events } = client();
    const res = await c.postVariables(emu.fileKey, newVariableBody('after/limit'));
    expect(res.meta.tempIdMapping['temp_v']).toMatch(/^VariableID:/);
    expect(events.map((e) => e.status)).toEqual([429, 200]);
    expect((await variableNames()).filter((n) => n === 'after/limit')).toHaveLength(1);
  });

  it('a DELETE whose first attempt was dropped after the commit counts as done', async () => {
    const { c, events } = client();
    const posted = await c.postComment(emu.fileKey, { message: 'to be deleted' });
    await emu.admin.addFault({ method: 'DELETE', path: '/v1/files/*/comments/*', fault: 'commit-then-drop' });
    await c.deleteComment(emu.fileKey, posted.id);
    expect(events.filter((e) => e.method === 'DELETE').map((e) => e.status)).toEqual(['network-error', 404]);
    expect((await c.getComments(emu.fileKey)).comments.map((x) => x.id)).not.toContain(posted.id);
  });
});

it('prints, emits and throws no secret', () => {
  expect(scan.size).toBeGreaterThan(10);
  expect(minted.length).toBe(1);
  expect(
    scan.leaks({
      ...Object.fromEntries(minted.map((t, i) => [`minted${i}`, t])),
      token: emu.token,
      wrongToken: 'dfs_pat_wrong_token_000000',
      adminToken: emu.adminToken,
      clientSecret: emu.oauth.clientSecret,
    }),
  ).toEqual([]);
});
