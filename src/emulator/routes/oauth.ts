/**
 * OAuth 2.0 authorization code grant (spec "OAuth 2.0"): the authorize page at {auth_url}/oauth (this
 * service's own origin), code exchange and single-use refresh.
 *
 * Choices where the spec is silent (documented in docs/emulator.md):
 * - The signed-in person on the authorize page is the seeded file owner.
 * - Redirect URIs: the registered app accepts any loopback URI (http or https on 127.0.0.1, localhost
 *   or [::1], any port and path; RFC 8252 7.3), which is what a CLI login needs. Any other is refused.
 * - An unknown client or redirect URI is shown as an error page (400), never redirected (RFC 6749
 *   4.1.2.1); other request errors redirect back with `error` and `state`.
 * - Codes are single-use and live 10 minutes; access tokens `expires_in` 14400 s; both times timeScale
 *   and on the emulator clock. Token errors: wrong client id or secret 403 (spec: invalid credentials
 *   are 403), bad or reused code or refresh token 400. Responses carry user_id, access_token,
 *   refresh_token, expires_in.
 */
import { digest, secret, secretEquals } from '../ids.js';
import { fail, html, json, parseForm, type Reply } from '../http.js';
import { OAUTH_SCOPES, type EmulatorState } from '../state.js';
import { api, type Ctx, type Endpoint } from './context.js';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const ACCESS_TOKEN_SECONDS = 14400;

export function redirectAllowed(uri: string): boolean {
  try {
    const u = new URL(uri);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)
    );
  } catch {
    return false;
  }
}

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function redirect(to: string, params: Record<string, string>): Reply {
  const u = new URL(to);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return { status: 302, headers: { location: u.toString(), 'cache-control': 'no-store' }, body: Buffer.alloc(0) };
}

function errorPage(message: string): Reply {
  return html(
    400,
    `<!doctype html><title>Authorization error</title><h1>Authorization error</h1><p>${escape(message)}</p>\n`,
  );
}

type Checked =
  | { ok: true; clientId: string; redirectUri: string; scopes: string[]; state: string }
  | { ok: false; reply: Reply };

function checkAuthorize(state: EmulatorState, p: URLSearchParams): Checked {
  const clientId = p.get('client_id') ?? '';
  const redirectUri = p.get('redirect_uri') ?? '';
  if (clientId !== state.identity.oauthClient.clientId)
    return { ok: false, reply: errorPage(`Unknown client_id "${clientId}". Use the client id of a registered app.`) };
  if (!redirectAllowed(redirectUri))
    return {
      ok: false,
      reply: errorPage(
        `redirect_uri "${redirectUri}" is not registered for this app; use a loopback URI such as http://127.0.0.1:PORT/callback.`,
      ),
    };
  const st = p.get('state') ?? '';
  if (p.get('response_type') !== 'code')
    return { ok: false, reply: redirect(redirectUri, { error: 'unsupported_response_type', state: st }) };
  if (st === '')
    return {
      ok: false,
      reply: redirect(redirectUri, { error: 'invalid_request', error_description: 'state is required' }),
    };
  const scopes = (p.get('scope') ?? '').split(/[\s,]+/).filter((s) => s !== '');
  if (scopes.length === 0 || scopes.some((s) => !(OAUTH_SCOPES as readonly string[]).includes(s))) {
    return { ok: false, reply: redirect(redirectUri, { error: 'invalid_scope', state: st }) };
  }
  return { ok: true, clientId, redirectUri, scopes, state: st };
}

function checkClient(state: EmulatorState, p: URLSearchParams): Reply | null {
  const c = state.identity.oauthClient;
  const idOk = secretEquals(p.get('client_id') ?? '', c.clientId);
  const secretOk = secretEquals(p.get('client_secret') ?? '', c.clientSecret);
  return idOk && secretOk ? null : fail(403, 'Invalid client: client_id or client_secret is wrong.');
}

function issue(ctx: Ctx, userId: string, clientId: string, scopes: string[]): Reply {
  const access = secret('dfs_oat_');
  const refresh = secret('dfs_ort_');
  const s = ctx.svc.state;
  s.tokens[digest(access)] = {
    kind: 'oauth',
    userId,
    scopes,
    clientId,
    expiresAt: ctx.svc.now() + ctx.svc.scaled(ACCESS_TOKEN_SECONDS * 1000),
  };
  s.refreshTokens[digest(refresh)] = { userId, clientId, scopes, used: false };
  return json(
    200,
    {
      user_id: userId,
      access_token: access,
      refresh_token: refresh,
      expires_in: ACCESS_TOKEN_SECONDS,
      token_type: 'bearer',
    },
    { 'cache-control': 'no-store' },
  );
}

function form(ctx: Ctx): URLSearchParams | Reply {
  const type = String(ctx.headers['content-type'] ?? '');
  if (!type.startsWith('application/x-www-form-urlencoded'))
    return fail(400, 'Send the fields form-encoded (Content-Type: application/x-www-form-urlencoded).');
  return parseForm(ctx.body);
}
const isForm = (v: URLSearchParams | Reply): v is URLSearchParams => v instanceof URLSearchParams;

export const oauthRoutes: Endpoint[] = [
  api('GET', '/oauth', 'none', (ctx) => {
    const c = checkAuthorize(ctx.svc.state, ctx.query);
    if (!c.ok) return c.reply;
    const owner = ctx.svc.state.users[ctx.svc.state.identity.ownerId];
    const hidden = (['client_id', 'redirect_uri', 'scope', 'state', 'response_type'] as const)
      .map((k) => `<input type="hidden" name="${k}" value="${escape(ctx.query.get(k) ?? '')}">`)
      .join('');
    return html(
      200,
      `<!doctype html><meta charset="utf-8"><title>Authorize ${escape(ctx.svc.state.identity.oauthClient.name)}</title>
<h1>${escape(ctx.svc.state.identity.oauthClient.name)} wants to access your account</h1>
<p>Signed in as ${escape(owner?.handle ?? '')}. Requested scopes: ${c.scopes.map(escape).join(', ')}.</p>
<form method="post" action="/oauth/approve">${hidden}<button name="decision" value="allow">Allow access</button> <button name="decision" value="deny">Deny</button></form>
`,
    );
  }),

  api('POST', '/oauth/approve', 'none', async (ctx) => {
    const p = form(ctx);
    if (!isForm(p)) return p;
    const c = checkAuthorize(ctx.svc.state, p);
    if (!c.ok) return c.reply;
    if (p.get('decision') !== 'allow') return redirect(c.redirectUri, { error: 'access_denied', state: c.state });
    const code = secret('dfs_code_');
    ctx.svc.state.authCodes[digest(code)] = {
      userId: ctx.svc.state.identity.ownerId,
      clientId: c.clientId,
      redirectUri: c.redirectUri,
      scopes: c.scopes,
      expiresAt: ctx.svc.now() + ctx.svc.scaled(CODE_LIFETIME_MS),
      used: false,
    };
    await ctx.svc.commit();
    return redirect(c.redirectUri, { code, state: c.state });
  }),

  api('POST', '/v1/oauth/token', 'none', async (ctx) => {
    const p = form(ctx);
    if (!isForm(p)) return p;
    const bad = checkClient(ctx.svc.state, p);
    if (bad) return bad;
    if (p.get('grant_type') !== 'authorization_code') return fail(400, 'grant_type must be "authorization_code".');
    const rec = ctx.svc.state.authCodes[digest(p.get('code') ?? '')];
    if (!rec) return fail(400, 'Invalid code: it was not issued by this service. Start the sign-in again.');
    if (rec.used) return fail(400, 'This code was already exchanged; codes are single-use. Start the sign-in again.');
    if (ctx.svc.now() >= rec.expiresAt) return fail(400, 'This code has expired. Start the sign-in again.');
    if (rec.redirectUri !== (p.get('redirect_uri') ?? ''))
      return fail(400, 'redirect_uri does not match the one used to get the code.');
    rec.used = true;
    const reply = issue(ctx, rec.userId, rec.clientId, rec.scopes);
    await ctx.svc.commit();
    return reply;
  }),

  api('POST', '/v1/oauth/refresh', 'none', async (ctx) => {
    const p = form(ctx);
    if (!isForm(p)) return p;
    const bad = checkClient(ctx.svc.state, p);
    if (bad) return bad;
    const gt = p.get('grant_type');
    if (gt !== null && gt !== 'refresh_token') return fail(400, 'grant_type, when sent, must be "refresh_token".');
    const rec = ctx.svc.state.refreshTokens[digest(p.get('refresh_token') ?? '')];
    if (!rec || rec.clientId !== p.get('client_id')) return fail(400, 'Invalid refresh token. Sign in again.');
    if (rec.used)
      return fail(
        400,
        'This refresh token was already used; refresh tokens are single-use. Store the new one from each refresh, or sign in again.',
      );
    rec.used = true;
    const reply = issue(ctx, rec.userId, rec.clientId, rec.scopes);
    await ctx.svc.commit();
    return reply;
  }),
];
