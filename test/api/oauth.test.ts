/**
 * OAuth against the local service over HTTPS: the code exchange stores the pair 0600; an expired
 * access token is refreshed once, the new pair stored before use; concurrent requests and a second
 * client sharing the token file do not spend the single-use refresh token twice; a refused refresh
 * says to sign in again. Ends with the secret scan of everything printed and thrown here.
 */
import { mkdtempSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OAuthTokenError,
  authorizeUrl,
  createClient,
  exchangeAuthorizationCode,
  readTokenPair,
  type DesignFileClient,
  type RequestEvent,
} from '../../src/api/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { LeakScanner } from './helpers/leak-scan.js';

type Emu = Awaited<ReturnType<typeof startTestEmulator>>;
let emu: Emu;
const scan = new LeakScanner();
const seenSecrets = new Map<string, string>();
const open: DesignFileClient[] = [];
let tokenFile: string;
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  scan.start();
  emu = await startTestEmulator();
});
afterAll(async () => {
  scan.stop();
  await Promise.all(open.splice(0).map((c) => c.close()));
  await emu?.close();
});

/** Approves the authorize page as the browser would, and exchanges the code (spec "OAuth 2.0" 2–4). */
async function signIn(file: string): Promise<void> {
  const { url, state } = authorizeUrl({
    authUrl: emu.url,
    clientId: emu.oauth.clientId,
    redirectUri: REDIRECT,
    scopes: ['files:read', 'file_variables:read'],
  });
  const page = await emu.call('GET', url.slice(emu.url.length), { token: null });
  expect(page.status).toBe(200);
  const form = new URLSearchParams({
    client_id: emu.oauth.clientId,
    redirect_uri: REDIRECT,
    scope: 'files:read file_variables:read',
    state,
    response_type: 'code',
    decision: 'allow',
  });
  const approved = await emu.call('POST', '/oauth/approve', {
    token: null,
    raw: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const location = new URL(String(approved.headers['location']));
  expect(location.searchParams.get('state')).toBe(state);
  const code = location.searchParams.get('code') ?? '';
  seenSecrets.set(`code-${seenSecrets.size}`, code);
  await exchangeAuthorizationCode({
    baseUrl: emu.url,
    ca: emu.ca,
    env: {},
    clientId: emu.oauth.clientId,
    clientSecret: emu.oauth.clientSecret,
    redirectUri: REDIRECT,
    code,
    tokenFile: file,
  });
  remember(file);
}

function remember(file: string): void {
  const pair = readTokenPair(file);
  if (pair) {
    seenSecrets.set(`access-${seenSecrets.size}`, pair.access_token);
    seenSecrets.set(`refresh-${seenSecrets.size}`, pair.refresh_token);
  }
}

function oauthClient(events: RequestEvent[] = []): DesignFileClient {
  const c = createClient({
    baseUrl: emu.url,
    auth: { kind: 'oauth', clientId: emu.oauth.clientId, clientSecret: emu.oauth.clientSecret, tokenFile },
    ca: emu.ca,
    env: {},
    timeScale: 0.001,
    onRequest: (e) => {
      events.push(e);
      scan.record(e);
    },
  });
  open.push(c);
  return c;
}

const refreshCalls = async () => (await emu.admin.requests()).filter((r) => r.path === '/v1/oauth/refresh');

beforeEach(async () => {
  await emu.admin.clearRequests();
  tokenFile = path.join(mkdtempSync(path.join(tmpdir(), 'tokensync-oauth-')), '.tokensync', 'oauth.json');
  await signIn(tokenFile);
});

describe('OAuth', () => {
  it('stores the pair from the code exchange with mode 0600 and uses it as a Bearer token', async () => {
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const pair = readTokenPair(tokenFile)!;
    expect(Date.parse(pair.expires_at)).toBeGreaterThan(Date.now() + 14_000 * 1000);
    const c = oauthClient();
    expect((await c.getFile(emu.fileKey, { depth: 1 })).document.type).toBe('DOCUMENT');
    expect(await refreshCalls()).toHaveLength(0);
  });

  it('refreshes an expired access token once, stores the new pair (0600), and the old refresh token is spent', async () => {
    const before = readTokenPair(tokenFile)!;
    const events: RequestEvent[] = [];
    const c = oauthClient(events);
    await c.getMe(); // loads the pair
    await emu.admin.advanceClock(14_400 + 60);
    const c2events = events.length;
    const vars = await c.getLocalVariables(emu.fileKey);
    expect(Object.keys(vars.meta.variables).length).toBeGreaterThan(0);
    const after = readTokenPair(tokenFile)!;
    remember(tokenFile);
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(events.slice(c2events).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      `GET /v1/files/${emu.fileKey}/variables/local 403`,
      'POST /v1/oauth/refresh 200',
      `GET /v1/files/${emu.fileKey}/variables/local 200`,
    ]);
    // The spent refresh token is refused by the service; the stored one still works for the next refresh.
    const reuse = new URLSearchParams({
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
      refresh_token: before.refresh_token,
    });
    const refused = await emu.call('POST', '/v1/oauth/refresh', {
      token: null,
      raw: reuse.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(400);
  });

  it('never uses a refreshed access token that could not be stored first', async () => {
    const dir = path.dirname(tokenFile);
    const events: RequestEvent[] = [];
    const c = createClient({
      baseUrl: emu.url,
      auth: { kind: 'oauth', clientId: emu.oauth.clientId, clientSecret: emu.oauth.clientSecret, tokenFile },
      ca: emu.ca,
      env: {},
      timeScale: 0.001,
      onRequest: (e) => {
        events.push(e);
        scan.record(e);
        // Right after the refresh answer arrives, make the token folder impossible to write.
        if (e.path === '/v1/oauth/refresh') {
          renameSync(dir, `${dir}.moved`);
          writeFileSync(dir, 'not a folder');
        }
      },
    });
    open.push(c);
    await c.getMe();
    await emu.admin.advanceClock(14_400 + 60);
    const err = await scan.thrown(c.getFile(emu.fileKey, { depth: 1 }));
    expect(err).toBeInstanceOf(OAuthTokenError);
    expect((err as OAuthTokenError).code).toBe('OAUTH_TOKEN_FILE');
    expect(events.map((e) => `${e.method} ${e.status}`)).toEqual(['GET 200', 'GET 403', 'POST 200']); // no retry with the unsaved token
    const log = await emu.admin.requests();
    expect(log.at(-1)?.path).toBe('/v1/oauth/refresh');
  });

  it('concurrent requests with an expired token share one refresh', async () => {
    const c = oauthClient();
    await c.getMe();
    await emu.admin.advanceClock(14_400 + 60);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => c.getFile(emu.fileKey, { depth: 1 })));
    expect(results.every((r) => r.document.type === 'DOCUMENT')).toBe(true);
    expect(await refreshCalls()).toHaveLength(1);
    remember(tokenFile);
  });

  it('a second client on the same token file adopts the pair the first stored instead of spending the spent token', async () => {
    const a = oauthClient();
    const b = oauthClient();
    await a.getMe();
    await b.getMe(); // both hold the same pair in memory
    await emu.admin.advanceClock(14_400 + 60);
    await a.getFile(emu.fileKey, { depth: 1 }); // a refreshes and stores
    await b.getFile(emu.fileKey, { depth: 1 }); // b is refused, re-reads the file, adopts a's pair
    expect(await refreshCalls()).toHaveLength(1);
    remember(tokenFile);
  });

  it('a refused refresh is an OAuthTokenError that says to sign in again', async () => {
    const c = oauthClient();
    await c.getMe();
    // Someone else spends the refresh token without storing the result.
    const pair = readTokenPair(tokenFile)!;
    const spend = new URLSearchParams({
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
      refresh_token: pair.refresh_token,
    });
    const stolen = await emu.call('POST', '/v1/oauth/refresh', {
      token: null,
      raw: spend.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    seenSecrets.set('stolen-access', String(stolen.json?.access_token));
    seenSecrets.set('stolen-refresh', String(stolen.json?.refresh_token));
    await emu.admin.advanceClock(14_400 + 60);
    const err = await scan.thrown(c.getFile(emu.fileKey));
    expect(err).toBeInstanceOf(OAuthTokenError);
    expect(
      `${(err as OAuthTokenError).message}\nfix: ${(err as OAuthTokenError).hint}`.replaceAll(
        emu.url,
        'https://EMULATOR',
      ),
    ).toMatchInlineSnapshot(`
      "The service refused to refresh the OAuth token (POST https://EMULATOR/v1/oauth/refresh -> 400: the service refused the request: This refresh token was already used; refresh tokens are single-use. Store the new one from each refresh, or sign in again.).
      fix: The refresh token was revoked or already used; run \`tokensync login\` to sign in again."
    `);
  });

  it('without a token file, says to run tokensync login', async () => {
    tokenFile = path.join(mkdtempSync(path.join(tmpdir(), 'tokensync-oauth-')), 'missing.json');
    const c = oauthClient();
    const err = await scan.thrown(c.getMe());
    expect(err).toBeInstanceOf(OAuthTokenError);
    expect((err as OAuthTokenError).hint).toBe('Run `tokensync login` to sign in.');
  });
});

it('prints, emits and throws no secret', () => {
  expect(scan.size).toBeGreaterThan(10);
  expect(seenSecrets.size).toBeGreaterThan(8);
  expect(
    scan.leaks({
      clientSecret: emu.oauth.clientSecret,
      token: emu.token,
      adminToken: emu.adminToken,
      ...Object.fromEntries(seenSecrets),
    }),
  ).toEqual([]);
});
