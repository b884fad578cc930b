/**
 * The two ways to authenticate (spec "Authentication"): a personal token in `X-Service-Token` (figma
 * dialect: `X-Figma-Token`), or an
 * OAuth access token in `Authorization: Bearer` with refresh.
 *
 * OAuth refresh: refresh tokens are single-use, so
 * - one refresh at a time per client (concurrent 403s share the same in-flight refresh), and one per
 *   token file across processes (a lock file; before refreshing, the file is re-read, and if another
 *   process already stored a newer pair, that pair is adopted instead of spending ours);
 * - the new pair is written (0600, atomically) before the new access token is used.
 * The access token is refreshed ahead of time when it expires within a minute, and once on a 401/403
 * (the service gives 403 for an expired token, spec "Errors").
 */
import { ApiError, ApiUnknownOutcomeError, OAuthTokenError } from './errors.js';
import type { AuthProvider, Http } from './http.js';
import type { Redactor } from './redact.js';
import {
  DEFAULT_EXPIRES_IN_SECONDS,
  readTokenPair,
  withFileLock,
  writeTokenPair,
  type StoredTokenPair,
} from './token-store.js';

/** Response schemas, loaded only when a body is validated (http.ts `SchemaLoader`). */
const tokenRefreshResponseSchema = () => import('./schemas/oauth.js').then((m) => m.tokenRefreshResponseSchema);

/** `header`: the dialect's personal token header (dfs `X-Service-Token`, figma `X-Figma-Token`). */
export function tokenAuth(token: string, redactor: Redactor, header = 'x-service-token'): AuthProvider {
  const value = token.trim();
  if (value === '' || /[\r\n\s]/.test(value)) {
    throw new OAuthTokenError('API_TOKEN_INVALID', 'The personal access token is empty or contains whitespace.', {
      hint: 'Check where service.token points (env:NAME or file:PATH): it must hold the token alone.',
    });
  }
  redactor.add(value);
  return {
    headers: async () => ({ [header]: value }),
    onForbidden: async () => false,
    kind: 'personal',
    fixHint: 'Check the personal access token (service.token): it may be invalid, expired or missing a scope.',
  };
}

export interface OAuthOptions {
  clientId: string;
  clientSecret: string;
  tokenFile: string;
  http: Http;
  redactor: Redactor;
  timeScale: number;
  /** Clock, for expiry (tests move it). */
  now?: () => number;
}

/** Seconds before expiry at which the access token is refreshed ahead of use. */
const EXPIRY_SKEW_SECONDS = 60;

export class OAuthAuth implements AuthProvider {
  readonly kind = 'oauth' as const;
  readonly fixHint = 'Run `tokensync login` to sign in again; the OAuth grant may have been revoked or lacks a scope.';
  #pair: StoredTokenPair | undefined;
  #refreshing: Promise<void> | undefined;
  readonly #o: OAuthOptions;

  constructor(options: OAuthOptions) {
    this.#o = options;
    options.redactor.add(options.clientSecret);
  }

  async headers(): Promise<Record<string, string>> {
    if (this.#refreshing) await this.#refreshing;
    const pair = this.#current();
    const expiresAt = Date.parse(pair.expires_at);
    if (expiresAt - EXPIRY_SKEW_SECONDS * 1000 <= this.#now()) await this.refresh(pair.access_token);
    return { authorization: `Bearer ${this.#current().access_token}` };
  }

  async onForbidden(refused: Record<string, string>): Promise<boolean> {
    const used = refused['authorization']?.replace(/^Bearer /, '');
    if (used === undefined) return false;
    await this.refresh(used);
    return true;
  }

  /** Refreshes unless the pair already moved past `staleAccessToken`; concurrent callers share one refresh. */
  refresh(staleAccessToken: string): Promise<void> {
    if (this.#refreshing) return this.#refreshing;
    if (this.#pair && this.#pair.access_token !== staleAccessToken) return Promise.resolve();
    this.#refreshing = withFileLock(this.#o.tokenFile, () => this.#refreshLocked(), {
      timeScale: this.#o.timeScale,
    }).finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }

  #current(): StoredTokenPair {
    if (!this.#pair) {
      const pair = readTokenPair(this.#o.tokenFile);
      if (!pair) {
        throw new OAuthTokenError('OAUTH_NOT_LOGGED_IN', `No OAuth token pair at ${this.#o.tokenFile}.`, {
          hint: 'Run `tokensync login` to sign in.',
        });
      }
      this.#remember(pair);
    }
    return this.#pair as StoredTokenPair;
  }

  #remember(pair: StoredTokenPair): void {
    this.#o.redactor.add(pair.access_token);
    this.#o.redactor.add(pair.refresh_token);
    this.#pair = pair;
  }

  async #refreshLocked(): Promise<void> {
    const mine = this.#current();
    // Another process may have refreshed while we waited for the lock: adopt its pair, spend nothing.
    const onDisk = readTokenPair(this.#o.tokenFile);
    if (onDisk && onDisk.refresh_token !== mine.refresh_token) {
      this.#remember(onDisk);
      return;
    }
    let answer;
    try {
      answer = await this.#o.http.json(
        {
          method: 'POST',
          path: '/v1/oauth/refresh',
          endpoint: 'POST /v1/oauth/refresh',
          authenticated: false,
          form: { client_id: this.#o.clientId, client_secret: this.#o.clientSecret, refresh_token: mine.refresh_token },
        },
        tokenRefreshResponseSchema,
      );
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 401 || err.status === 403)) {
        throw new OAuthTokenError(
          'OAUTH_REFRESH_REFUSED',
          `The service refused to refresh the OAuth token (${err.message}).`,
          {
            hint: 'The refresh token was revoked or already used; run `tokensync login` to sign in again.',
            cause: err,
          },
        );
      }
      if (err instanceof ApiUnknownOutcomeError) {
        throw new OAuthTokenError(
          'OAUTH_REFRESH_UNKNOWN',
          `Refreshing the OAuth token failed midway (${err.message}).`,
          {
            hint: 'Try again; if the service then refuses the refresh token, it was spent, and `tokensync login` signs in again.',
            cause: err,
          },
        );
      }
      throw err;
    }
    const next: StoredTokenPair = {
      access_token: answer.access_token,
      refresh_token: answer.refresh_token,
      expires_at: new Date(this.#now() + (answer.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS) * 1000).toISOString(),
    };
    this.#o.redactor.add(next.access_token);
    this.#o.redactor.add(next.refresh_token);
    // Persist before use: the old refresh token is spent now, the new one must not be lost. If it
    // cannot be stored, the new pair is not used either (a later run could not refresh it).
    try {
      writeTokenPair(this.#o.tokenFile, next);
    } catch (err) {
      throw new OAuthTokenError(
        'OAUTH_TOKEN_FILE',
        `The refreshed OAuth token pair could not be stored in ${this.#o.tokenFile} (${(err as NodeJS.ErrnoException).code ?? 'write failed'}); the previous refresh token is spent.`,
        {
          hint: 'Make the token file and its folder writable, then run `tokensync login` to sign in again.',
          cause: this.#o.redactor.sanitizeError(err),
        },
      );
    }
    this.#pair = next;
  }
}
