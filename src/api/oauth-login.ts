/**
 * The first half of OAuth (spec "OAuth 2.0" steps 2–4), used by `tokensync login`: the authorize
 * URL and the code exchange, which stores the pair (0600) in the token file. Refreshing is in auth.ts.
 */
import { randomBytes } from 'node:crypto';
import { Http } from './http.js';
import { Redactor } from './redact.js';
import { DEFAULT_EXPIRES_IN_SECONDS, writeTokenPair } from './token-store.js';
import { ConnectionPool, parseBaseUrl } from './transport.js';
import { Trust } from './trust.js';

/** Response schemas, loaded only when a body is validated (http.ts `SchemaLoader`). */
const tokenExchangeResponseSchema = () => import('./schemas/oauth.js').then((m) => m.tokenExchangeResponseSchema);

export interface AuthorizeRequest {
  /** `{auth_url}`; the page is `{auth_url}/oauth`. */
  authUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  /** Random string against CSRF; generated when omitted. */
  state?: string;
}

export function authorizeUrl(req: AuthorizeRequest): { url: string; state: string } {
  const state = req.state ?? randomBytes(16).toString('hex');
  const base = parseBaseUrl(req.authUrl);
  const q = new URLSearchParams({
    client_id: req.clientId,
    redirect_uri: req.redirectUri,
    scope: req.scopes.join(' '),
    state,
    response_type: 'code',
  });
  return { url: `${base.origin}${base.prefix}/oauth?${q.toString()}`, state };
}

export interface ExchangeOptions {
  baseUrl: string;
  ca?: string;
  env?: NodeJS.ProcessEnv;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  code: string;
  tokenFile: string;
  timeoutMs?: number;
  now?: () => number;
}

/** Exchanges the authorization code and writes the token pair; returns when the pair expires. */
export async function exchangeAuthorizationCode(o: ExchangeOptions): Promise<{ expiresAt: Date }> {
  const timeoutMs = o.timeoutMs ?? 30_000;
  const redactor = new Redactor();
  redactor.add(o.clientSecret);
  redactor.add(o.code);
  const pool = new ConnectionPool(new Trust(o.ca, o.env ?? process.env), timeoutMs);
  const http = new Http({
    base: parseBaseUrl(o.baseUrl),
    pool,
    redactor,
    timeoutMs,
    maxRetries: 2,
    retryBudgetSeconds: 30,
    timeScale: 1,
    onRequest: undefined,
  });
  try {
    const answer = await http.json(
      {
        method: 'POST',
        path: '/v1/oauth/token',
        endpoint: 'POST /v1/oauth/token',
        authenticated: false,
        form: {
          client_id: o.clientId,
          client_secret: o.clientSecret,
          redirect_uri: o.redirectUri,
          code: o.code,
          grant_type: 'authorization_code',
        },
      },
      tokenExchangeResponseSchema,
    );
    const expiresAt = new Date((o.now ?? Date.now)() + (answer.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS) * 1000);
    writeTokenPair(o.tokenFile, {
      access_token: answer.access_token,
      refresh_token: answer.refresh_token,
      expires_at: expiresAt.toISOString(),
    });
    return { expiresAt };
  } finally {
    await pool.close();
  }
}
