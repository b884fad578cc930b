import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';

const emu = useEmulator({ resetEach: true });
const REDIRECT = 'http://127.0.0.1:53682/callback';

const q = (o: Record<string, string>): string => new URLSearchParams(o).toString();
const form = (o: Record<string, string>) => ({
  raw: q(o),
  token: null,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

function authorizeParams(over: Record<string, string> = {}): Record<string, string> {
  return {
    client_id: emu.oauth.clientId,
    redirect_uri: REDIRECT,
    scope: 'files:read file_variables:read',
    state: 'st-123',
    response_type: 'code',
    ...over,
  };
}

/** What a person does: open the authorize page, press "Allow", and land on the redirect URI. */
async function signIn(scope = 'files:read file_variables:read'): Promise<string> {
  const page = await emu.call('GET', `/oauth?${q(authorizeParams({ scope }))}`, { token: null });
  expect(page.status).toBe(200);
  const fields = Object.fromEntries(
    [...page.text.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_x, n: string) => String.fromCharCode(Number(n))),
    ]),
  );
  const approve = await emu.call('POST', '/oauth/approve', form({ ...fields, decision: 'allow' }));
  expect(approve.status).toBe(302);
  const to = new URL(String(approve.headers['location']));
  expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
  expect(to.searchParams.get('state')).toBe('st-123');
  return to.searchParams.get('code')!;
}

async function exchange(code: string, over: Record<string, string> = {}) {
  return emu.call(
    'POST',
    '/v1/oauth/token',
    form({
      client_id: emu.oauth.clientId,
      client_secret: emu.oauth.clientSecret,
      redirect_uri: REDIRECT,
      code,
      grant_type: 'authorization_code',
      ...over,
    }),
  );
}
async function refresh(token: string, over: Record<string, string> = {}) {
  return emu.call(
    'POST',
    '/v1/oauth/refresh',
    form({ client_id: emu.oauth.clientId, client_secret: emu.oauth.clientSecret, refresh_token: token, ...over }),
  );
}

describe('authorize page', () => {
  it('shows the app, the signed-in user and the scopes, with an Allow form', async () => {
    const page = await emu.call('GET', `/oauth?${q(authorizeParams())}`, { token: null });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Signed in as Ada Designer. Requested scopes: files:read, file_variables:read.');
    expect(page.text).toContain('<form method="post" action="/oauth/approve">');
  });

  it('shows an error page (no redirect) for an unknown client or an unregistered redirect URI', async () => {
    const a = await emu.call('GET', `/oauth?${q(authorizeParams({ client_id: 'nope' }))}`, { token: null });
    expect(a.status).toBe(400);
    expect(a.text).toContain('Unknown client_id &#34;nope&#34;');
    const b = await emu.call('GET', `/oauth?${q(authorizeParams({ redirect_uri: 'https://evil.example/cb' }))}`, {
      token: null,
    });
    expect(b.status).toBe(400);
    expect(b.headers['location']).toBeUndefined();
  });

  it('redirects back with an error for an unknown scope, a wrong response_type, or a denial', async () => {
    const bad = await emu.call('GET', `/oauth?${q(authorizeParams({ scope: 'files:read admin' }))}`, { token: null });
    expect(bad.status).toBe(302);
    expect(bad.headers['location']).toBe(`${REDIRECT}?error=invalid_scope&state=st-123`);
    const rt = await emu.call('GET', `/oauth?${q(authorizeParams({ response_type: 'token' }))}`, { token: null });
    expect(rt.headers['location']).toBe(`${REDIRECT}?error=unsupported_response_type&state=st-123`);
    const deny = await emu.call('POST', '/oauth/approve', form({ ...authorizeParams(), decision: 'deny' }));
    expect(deny.headers['location']).toBe(`${REDIRECT}?error=access_denied&state=st-123`);
  });
});

describe('code exchange and tokens', () => {
  it('exchanges a code for a token pair whose scopes gate the API', async () => {
    const r = await exchange(await signIn());
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ expires_in: 14400 });
    expect(typeof r.json.access_token).toBe('string');
    expect(typeof r.json.refresh_token).toBe('string');
    const at = r.json.access_token as string;
    expect((await emu.call('GET', '/v1/me', { bearer: at })).json.handle).toBe('Ada Designer');
    expect((await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`, { bearer: at })).status).toBe(200);
    expect((await emu.call('POST', `/v1/files/${emu.fileKey}/variables`, { bearer: at, body: {} })).status).toBe(403);
    // An OAuth token is not a personal token.
    expect((await emu.call('GET', '/v1/me', { token: at })).status).toBe(403);
  });

  it('uses each code once, only before it expires, only with the same redirect URI and the right secret', async () => {
    const code = await signIn();
    const wrongSecret = await exchange(code, { client_secret: 'guess' });
    expect(wrongSecret.status).toBe(403);
    expect(wrongSecret.json.message).toMatchInlineSnapshot(`"Invalid client: client_id or client_secret is wrong."`);
    const wrongRedirect = await exchange(code, { redirect_uri: 'http://127.0.0.1:1/other' });
    expect(wrongRedirect.status).toBe(400);
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.json.message).toMatchInlineSnapshot(
      `"This code was already exchanged; codes are single-use. Start the sign-in again."`,
    );
    const late = await signIn();
    await emu.admin.advanceClock(600);
    const expired = await exchange(late);
    expect(expired.status).toBe(400);
    expect(expired.json.message).toMatchInlineSnapshot(`"This code has expired. Start the sign-in again."`);
    expect(expired.text).not.toContain(late);
  });

  it('expires access tokens after expires_in and refreshes with single-use refresh tokens', async () => {
    const first = (await exchange(await signIn())).json;
    await emu.admin.advanceClock(14400);
    const expired = await emu.call('GET', '/v1/me', { bearer: first.access_token });
    expect(expired.status).toBe(403);
    expect(expired.json.message).toMatchInlineSnapshot(`"Token expired: refresh the OAuth access token."`);
    const next = await refresh(first.refresh_token);
    expect(next.status).toBe(200);
    expect(next.json.refresh_token).not.toBe(first.refresh_token);
    expect((await emu.call('GET', '/v1/me', { bearer: next.json.access_token })).status).toBe(200);
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.json.message).toMatchInlineSnapshot(
      `"This refresh token was already used; refresh tokens are single-use. Store the new one from each refresh, or sign in again."`,
    );
    expect((await refresh(next.json.refresh_token)).status).toBe(200);
    expect((await refresh('dfs_ort_unknown')).status).toBe(400);
    expect((await refresh(next.json.refresh_token, { client_secret: 'x' })).status).toBe(403);
  });

  it('accepts only form-encoded token requests', async () => {
    const r = await emu.call('POST', '/v1/oauth/token', { token: null, body: { code: 'x' } });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatchInlineSnapshot(
      `"Send the fields form-encoded (Content-Type: application/x-www-form-urlencoded)."`,
    );
  });
});
