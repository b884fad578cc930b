/**
 * Credentials and scopes (spec "Authentication"): personal tokens in `X-Service-Token` (figma dialect:
 * `X-Figma-Token`), OAuth access tokens in `Authorization: Bearer`. Every failure is 403 (spec "Errors": "Token invalid, expired, or
 * lacking the scope"). Tokens are looked up by their SHA-256, then compared in constant time.
 */
import { digest } from './ids.js';
import type { EmulatorState, OAuthScope, PersonalScope, TokenRecord } from './state.js';

export interface Principal {
  userId: string;
  kind: 'personal' | 'oauth';
  scopes: string[];
  /** Identifies the token for the rate limit without keeping the token itself. */
  tokenDigest: string;
}

/**
 * What an endpoint needs. The OAuth side follows the agreed table (spec: "not shown"):
 * files:read covers the file_content:read endpoints except variables, which need file_variables:*.
 */
/**
 * `figma`: the one scope the figma dialect asks of either kind of credential (the OpenAPI document's
 * `security` per operation: `file_content:read`, `file_variables:read|write`, ...).
 */
export type Requirement = 'any' | { personal: PersonalScope; oauth: OAuthScope; figma: string };

export const NEEDS = {
  read: { personal: 'file_content:read', oauth: 'files:read', figma: 'file_content:read' },
  readVariables: { personal: 'file_content:read', oauth: 'file_variables:read', figma: 'file_variables:read' },
  writeVariables: { personal: 'file_content:write', oauth: 'file_variables:write', figma: 'file_variables:write' },
  comments: { personal: 'file_comments:write', oauth: 'file_comments:write', figma: 'file_comments:write' },
  webhooks: { personal: 'webhooks:write', oauth: 'webhooks:write', figma: 'webhooks:write' },
} as const satisfies Record<string, Requirement>;

export type ApiDialect = 'dfs' | 'figma';
/** The personal token header of each dialect. */
export const TOKEN_HEADER: Record<ApiDialect, string> = { dfs: 'x-service-token', figma: 'x-figma-token' };

export type AuthResult = { ok: true; principal: Principal } | { ok: false; message: string };

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function authenticate(
  state: EmulatorState,
  headers: Record<string, string | string[] | undefined>,
  now: number,
  api: ApiDialect = 'dfs',
): AuthResult {
  const patHeader = api === 'figma' ? 'X-Figma-Token' : 'X-Service-Token';
  const pat = header(headers, TOKEN_HEADER[api]);
  const authz = header(headers, 'authorization');
  let value: string;
  let kind: TokenRecord['kind'];
  if (pat !== undefined && pat !== '') {
    value = pat;
    kind = 'personal';
  } else if (authz !== undefined && /^Bearer\s+\S/i.test(authz)) {
    value = authz.replace(/^Bearer\s+/i, '').trim();
    kind = 'oauth';
  } else {
    return {
      ok: false,
      message: `No credentials: send a personal token in ${patHeader} or an OAuth token in Authorization: Bearer.`,
    };
  }
  const key = digest(value);
  const record = state.tokens[key];
  // Looked up by SHA-256: timing can reveal only digest bits, never the token (no early-exit compare on it).
  if (!record || record.kind !== kind) {
    return {
      ok: false,
      message:
        kind === 'personal'
          ? `Invalid token: the ${patHeader} is not a valid personal access token.`
          : 'Invalid token: the Bearer token is not a valid OAuth access token.',
    };
  }
  if (record.expiresAt !== null && now >= record.expiresAt) {
    return {
      ok: false,
      message:
        kind === 'oauth'
          ? 'Token expired: refresh the OAuth access token.'
          : 'Token expired: create a new personal access token.',
    };
  }
  return { ok: true, principal: { userId: record.userId, kind, scopes: record.scopes, tokenDigest: key } };
}

export function allowed(
  p: Principal,
  need: Requirement,
  api: ApiDialect = 'dfs',
): { ok: true } | { ok: false; message: string } {
  if (need === 'any') return { ok: true };
  const scope = api === 'figma' ? need.figma : p.kind === 'personal' ? need.personal : need.oauth;
  if (p.scopes.includes(scope)) return { ok: true };
  return {
    ok: false,
    message: `Invalid scope: this endpoint needs the ${scope} scope, which the token does not have.`,
  };
}
