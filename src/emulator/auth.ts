/**
 * Credentials and scopes (spec "Authentication"): personal tokens in `X-Service-Token`, OAuth access
 * tokens in `Authorization: Bearer`. Every failure is 403 (spec "Errors": "Token invalid, expired, or
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
export type Requirement = 'any' | { personal: PersonalScope; oauth: OAuthScope };

export const NEEDS = {
  read: { personal: 'file_content:read', oauth: 'files:read' },
  readVariables: { personal: 'file_content:read', oauth: 'file_variables:read' },
  writeVariables: { personal: 'file_content:write', oauth: 'file_variables:write' },
  comments: { personal: 'file_comments:write', oauth: 'file_comments:write' },
  webhooks: { personal: 'webhooks:write', oauth: 'webhooks:write' },
} as const satisfies Record<string, Requirement>;

export type AuthResult = { ok: true; principal: Principal } | { ok: false; message: string };

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function authenticate(state: EmulatorState, headers: Record<string, string | string[] | undefined>, now: number): AuthResult {
  const pat = header(headers, 'x-service-token');
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
    return { ok: false, message: 'No credentials: send a personal token in X-Service-Token or an OAuth token in Authorization: Bearer.' };
  }
  const key = digest(value);
  const record = state.tokens[key];
  // Looked up by SHA-256: timing can reveal only digest bits, never the token (no early-exit compare on it).
  if (!record || record.kind !== kind) {
    return {
      ok: false,
      message: kind === 'personal' ? 'Invalid token: the X-Service-Token is not a valid personal access token.' : 'Invalid token: the Bearer token is not a valid OAuth access token.',
    };
  }
  if (record.expiresAt !== null && now >= record.expiresAt) {
    return { ok: false, message: kind === 'oauth' ? 'Token expired: refresh the OAuth access token.' : 'Token expired: create a new personal access token.' };
  }
  return { ok: true, principal: { userId: record.userId, kind, scopes: record.scopes, tokenDigest: key } };
}

export function allowed(p: Principal, need: Requirement): { ok: true } | { ok: false; message: string } {
  if (need === 'any') return { ok: true };
  const scope = p.kind === 'personal' ? need.personal : need.oauth;
  if (p.scopes.includes(scope)) return { ok: true };
  return { ok: false, message: `Invalid scope: this endpoint needs the ${scope} scope, which the token does not have.` };
}
