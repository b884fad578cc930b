/**
 * Typed errors of the API client. Every message starts with `METHOD URL` and the status
 * when there is one, so the CLI's one paragraph says where it failed; every `hint` says what to do.
 * Messages, URLs and causes are redacted by the code that builds them (see `http.ts`), never later:
 * an ApiError never holds a credential.
 */
import { TokensyncError } from '../errors.js';

export interface ApiErrorInit {
  method: string;
  url: string;
  status?: number | undefined;
  hint?: string;
  cause?: unknown;
}

export class ApiError extends TokensyncError {
  override name = 'ApiError';
  readonly method: string;
  readonly url: string;
  readonly status: number | undefined;

  constructor(code: string, detail: string, init: ApiErrorInit) {
    const where = `${init.method} ${init.url}${init.status === undefined ? '' : ` -> ${init.status}`}`;
    super(code, `${where}: ${detail}`, {
      ...(init.hint === undefined ? {} : { hint: init.hint }),
      ...(init.cause === undefined ? {} : { cause: init.cause }),
    });
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
  }
}

/** An answer longer than the client's cap; reading stopped at the cap. */
export class ApiResponseTooLargeError extends ApiError {
  override name = 'ApiResponseTooLargeError';
}

/** 401/403: the token is invalid, expired or lacks the scope (spec "Errors"). */
export class ApiAuthError extends ApiError {
  override name = 'ApiAuthError';
}

/** 404: wrong file key, node id, comment id, style key or webhook id. */
export class ApiNotFoundError extends ApiError {
  override name = 'ApiNotFoundError';
}

/** 400 (and other 4xx the spec does not name): the service refused the request; its message is kept. */
export class ApiBadRequestError extends ApiError {
  override name = 'ApiBadRequestError';
  /** The service's own message (redacted), e.g. which variable name is invalid. */
  readonly serviceMessage: string;
  constructor(code: string, detail: string, serviceMessage: string, init: ApiErrorInit) {
    super(code, detail, init);
    this.serviceMessage = serviceMessage;
  }
}

/** 429 whose wait does not fit in the retry budget (or retries ran out): says when to try again. */
export class ApiRateLimitError extends ApiError {
  override name = 'ApiRateLimitError';
  readonly retryAfterSeconds: number;
  readonly retryAt: Date;
  constructor(detail: string, retryAfterSeconds: number, retryAt: Date, init: ApiErrorInit) {
    super('API_RATE_LIMITED', detail, init);
    this.retryAfterSeconds = retryAfterSeconds;
    this.retryAt = retryAt;
  }
}

/** 5xx after the retries allowed for the method. */
export class ApiServerError extends ApiError {
  override name = 'ApiServerError';
}

/** No HTTP answer: refused, reset, timed out, TLS failure (after retries where the method allows). */
export class ApiNetworkError extends ApiError {
  override name = 'ApiNetworkError';
}

/**
 * A POST whose effect is unknown (5xx, reset, timeout, truncated answer). It is never replayed by
 * the client: the caller re-reads the state and decides (docs/architecture.md "Apply").
 */
export class ApiUnknownOutcomeError extends ApiError {
  override name = 'ApiUnknownOutcomeError';
}

/** A 2xx answer that does not match the endpoint's schema: names the endpoint and the field path. */
export class ApiSchemaError extends ApiError {
  override name = 'ApiSchemaError';
  /** Endpoint template, e.g. `GET /v1/files/:file_key/variables/local`. */
  readonly endpoint: string;
  /** Field path in the body, e.g. `meta.variables["VariableID:1:2"].resolvedType`, or `(body)`. */
  readonly field: string;
  constructor(endpoint: string, field: string, detail: string, init: ApiErrorInit) {
    super('API_SCHEMA', detail, init);
    this.endpoint = endpoint;
    this.field = field;
  }
}

/** A base URL that is not https:// (spec "Authentication" rule 3: plain HTTP is rejected). */
export class InsecureUrlError extends TokensyncError {
  override name = 'InsecureUrlError';
  readonly url: string;
  constructor(url: string, message: string, hint: string) {
    super('API_INSECURE_URL', message, { hint });
    this.url = url;
  }
}

/** The OAuth token pair is missing, unreadable or was refused; the fix is `tokensync login`. */
export class OAuthTokenError extends TokensyncError {
  override name = 'OAuthTokenError';
}
