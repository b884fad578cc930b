/**
 * The request pipeline every endpoint goes through: credentials, one attempt over the
 * shared pool, accounting, the retry layer, and typed, redacted errors built right here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import {
  ApiAuthError,
  ApiBadRequestError,
  type ApiError,
  ApiNetworkError,
  ApiNotFoundError,
  ApiRateLimitError,
  ApiSchemaError,
  ApiResponseTooLargeError,
  ApiServerError,
  ApiUnknownOutcomeError,
  type ApiErrorInit,
} from './errors.js';
import { interruption } from '../errors.js';
import type { Redactor } from './redact.js';
import { closestIssue } from './schema-issue.js';
import { decide, type RetryState, withinBudget } from './retry.js';
import { attempt, type AttemptResult, type BaseUrl, type ConnectionPool, joinChunks } from './transport.js';

export interface RequestEvent {
  method: string;
  path: string;
  status: number | 'network-error';
  bytesSent: number;
  bytesReceived: number;
  ms: number;
  /** 1 for the first attempt of a call, 2 for its first retry, … */
  attempt: number;
}

export interface WaitEvent {
  seconds: number;
  /** 'rate-limit': the service answered 429 (Retry-After); 'retry': a failure being retried. */
  reason: 'rate-limit' | 'retry';
  method: string;
  path: string;
}

export interface RequestStats {
  requests: number;
  bytesSent: number;
  bytesReceived: number;
  ms: number;
  byMethod: Record<string, number>;
}

/** How credentials are put on a request, and what to do when the service refuses them. */
export interface AuthProvider {
  headers(): Promise<Record<string, string>>;
  /** Called on 401/403 with the headers that were refused; true when fresh credentials are ready (retry once). */
  onForbidden(refused: Record<string, string>): Promise<boolean>;
  /** How to fix a 403, e.g. which setting holds the token. */
  readonly fixHint: string;
  readonly kind: 'personal' | 'oauth';
}

export interface HttpSettings {
  base: BaseUrl;
  pool: ConnectionPool;
  redactor: Redactor;
  timeoutMs: number;
  maxRetries: number;
  retryBudgetSeconds: number;
  timeScale: number;
  /** The largest answer read, in bytes (transport.ts DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes?: number;
  /** SIGINT/SIGTERM (client.ts `signal`). */
  signal?: AbortSignal;
  onRequest: ((event: RequestEvent) => void) | undefined;
  /** Told before each wait between attempts (seconds of real time), so a terminal can count down. */
  onWait?: ((event: WaitEvent) => void) | undefined;
  /** Injected for tests of the policy; default Math.random. */
  random?: () => number;
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query relative to the base URL, e.g. `/v1/files/abc/nodes?ids=1%3A2`. */
  path: string;
  /** Endpoint template for schema errors, e.g. `GET /v1/files/:file_key/nodes`. */
  endpoint: string;
  /** The scope the endpoint needs per kind of credential (spec "Endpoints", "OAuth scopes"), named in the 403 hint. */
  scope?: { personal: string; oauth: string };
  json?: unknown;
  /** `JSON.stringify(json)`, when the caller has it already: sent instead of stringifying `json` again. */
  jsonText?: string | undefined;
  form?: Record<string, string>;
  /** false for the OAuth token endpoints, which authenticate with the form fields. */
  authenticated?: boolean;
}

export interface CallResult {
  status: number;
  /** The body as it arrived: a digest reads it without joining it (endpoints/variables.ts). */
  chunks: readonly Buffer[];
  /** The body as one buffer, joined on first use. */
  readonly body: Buffer;
}

function callResult(status: number, chunks: readonly Buffer[]): CallResult {
  let body: Buffer | undefined;
  return {
    status,
    chunks,
    get body() {
      body ??= joinChunks(chunks);
      return body;
    },
  };
}

/** Where one call stands between attempts. */
interface CallState {
  retriesDone: number;
  waitedSeconds: number;
  attemptNo: number;
  authRetried: boolean;
  /** An earlier attempt may have taken effect (DELETE: a later 404 then means it did). */
  priorUnknown: boolean;
}

/** After an attempt: the result, the same request again at once (fresh credentials), or a retry after a wait. */
type Next = { done: CallResult } | 'again' | { waitSeconds: number; reason: WaitEvent['reason'] };

const READ_AGAIN_HINT =
  'Read the current state again before deciding what to send (tokensync does this by itself during push and sync).';

/** The request body (JSON or form) and the headers that go with it. */
function encodeBody(o: CallOptions): { body: Buffer | undefined; headers: Record<string, string> } {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'tokensync' };
  if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    return { body: Buffer.from(o.jsonText ?? JSON.stringify(o.json), 'utf8'), headers };
  }
  if (o.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return { body: Buffer.from(new URLSearchParams(o.form).toString(), 'utf8'), headers };
  }
  return { body: undefined, headers };
}

/**
 * An answer over the cap. Not retried: the same request gets the same answer. A write's answer this
 * large means the write was applied, but its answer (tempIdMapping) cannot be read: an unknown outcome.
 */
function tooLargeError(
  method: CallOptions['method'],
  init: ApiErrorInit,
  result: Extract<AttemptResult, { kind: 'too-large' }>,
): ApiError {
  const mb = (n: number): string => `${Math.round(n / 1024 / 1024)} MB`;
  const detail = `the answer is larger than ${mb(result.limit)}; tokensync stopped reading it after ${mb(result.bytesReceived)} rather than hold it in memory.`;
  const hint =
    'The service sent far more than any design file needs: check that service.url points at the Design File Service API, or report the answer to the service operator.';
  if (method === 'POST')
    return new ApiUnknownOutcomeError('API_UNKNOWN_OUTCOME', detail, { ...init, status: result.status, hint });
  return new ApiResponseTooLargeError('API_RESPONSE_TOO_LARGE', detail, { ...init, status: result.status, hint });
}

export class Http {
  auth: AuthProvider | undefined;
  readonly #s: HttpSettings;
  readonly #stats: RequestStats = { requests: 0, bytesSent: 0, bytesReceived: 0, ms: 0, byMethod: {} };

  constructor(settings: HttpSettings, auth?: AuthProvider) {
    this.#s = settings;
    this.auth = auth;
  }

  stats(): RequestStats {
    return { ...this.#stats, byMethod: { ...this.#stats.byMethod } };
  }

  /** The URL as shown in errors: base + path, credentials redacted. */
  displayUrl(path: string): string {
    return this.#s.redactor.redact(`${this.#s.base.origin}${this.#s.base.prefix}${path}`);
  }

  /** Sends the request with retries; returns a 2xx answer or throws a typed ApiError. */
  async call(o: CallOptions): Promise<CallResult> {
    const s = this.#s;
    const init: ApiErrorInit = { method: o.method, url: this.displayUrl(o.path) };
    const { body, headers: baseHeaders } = encodeBody(o);
    const useAuth = o.authenticated !== false && this.auth !== undefined;
    const st: CallState = { retriesDone: 0, waitedSeconds: 0, attemptNo: 0, authRetried: false, priorUnknown: false };

    for (;;) {
      st.attemptNo++;
      // A safe point: once interrupted, no new request goes out.
      if (s.signal?.aborted) throw interruption(s.signal);
      const authHeaders = useAuth && this.auth ? await this.auth.headers() : {};
      // Reads in flight are cancelled by an interruption; writes are not (their answer matters).
      const cancel = o.method === 'GET' ? s.signal : undefined;
      const result = await attempt(
        s.pool,
        s.base.origin,
        { method: o.method, path: `${s.base.prefix}${o.path}`, headers: { ...baseHeaders, ...authHeaders }, body },
        s.timeoutMs,
        s.maxResponseBytes,
        cancel,
      );
      if (cancel?.aborted && result.kind === 'network') throw interruption(cancel);
      this.#account(o.method, o.path, result, body?.length ?? 0, st.attemptNo);
      const now = new Date();
      if (result.kind === 'too-large') throw tooLargeError(o.method, init, result);
      const next =
        result.kind === 'response'
          ? await this.#afterResponse(o, init, result, { useAuth, authHeaders, now }, st)
          : this.#afterNoAnswer(o, init, result, now, st);
      if (next === 'again') continue;
      if ('done' in next) return next.done;
      await this.#retryWait(o, next, st);
    }
  }

  /** What a complete HTTP answer leads to: the result, a retry (with its wait), or a typed error (thrown). */
  async #afterResponse(
    o: CallOptions,
    init: ApiErrorInit,
    result: Extract<AttemptResult, { kind: 'response' }>,
    a: { useAuth: boolean; authHeaders: Record<string, string>; now: Date },
    st: CallState,
  ): Promise<Next> {
    const s = this.#s;
    const { status } = result;
    if (status >= 200 && status < 300) return { done: callResult(status, result.chunks) };
    if ((status === 401 || status === 403) && a.useAuth && this.auth && !st.authRetried) {
      st.authRetried = true;
      if (await this.auth.onForbidden(a.authHeaders)) return 'again';
    }
    if (status === 404 && o.method === 'DELETE' && st.priorUnknown) return { done: callResult(200, []) };
    const retryAfter = result.headers['retry-after'];
    const decision = decide(o.method, { kind: 'status', status, retryAfter }, a.now, st.retriesDone, s.random);
    if (decision.action === 'fail') throw this.#statusError(o, init, status, joinChunks(result.chunks));
    if (decision.action === 'unknown-outcome') {
      throw new ApiUnknownOutcomeError(
        'API_UNKNOWN_OUTCOME',
        `the service answered ${status} (${this.#serviceMessage(joinChunks(result.chunks)) || 'server error'}), so it is unknown whether the request took effect; it was not sent again.`,
        { ...init, status, hint: READ_AGAIN_HINT },
      );
    }
    const verdict = withinBudget(this.#retryState(st), decision.waitSeconds);
    if (!verdict.ok) {
      if (decision.rateLimited)
        throw this.#rateLimitError(init, decision.waitSeconds, a.now, verdict.reason, st.retriesDone);
      throw this.#serverError(init, result, decision.waitSeconds, a.now, st);
    }
    if (status >= 500) st.priorUnknown = true;
    return { waitSeconds: decision.waitSeconds, reason: decision.rateLimited ? 'rate-limit' : 'retry' };
  }

  /** What a failure with no (complete) HTTP answer leads to: a retry (with its wait) or a typed error (thrown). */
  #afterNoAnswer(
    o: CallOptions,
    init: ApiErrorInit,
    result: Extract<AttemptResult, { kind: 'network' }>,
    now: Date,
    st: CallState,
  ): Next {
    const cause = this.#s.redactor.sanitizeError(result.error);
    const what = cause ? `${cause.name === 'Error' ? '' : `${cause.name}: `}${cause.message}` : 'connection failed';
    if (result.tls) {
      throw new ApiNetworkError('API_TLS', `the service's TLS certificate was not trusted (${what}).`, {
        ...init,
        cause,
        hint: "Trust the service's CA with service.caFile in config/tokensync.yaml or NODE_EXTRA_CA_CERTS; certificate checks are never turned off.",
      });
    }
    const decision = decide(
      o.method,
      { kind: 'network', notSent: result.notSent },
      now,
      st.retriesDone,
      this.#s.random,
    );
    if (decision.action === 'unknown-outcome') {
      throw new ApiUnknownOutcomeError(
        'API_UNKNOWN_OUTCOME',
        `the connection failed before a complete answer (${what}), so it is unknown whether the request took effect; it was not sent again.`,
        { ...init, cause, hint: READ_AGAIN_HINT },
      );
    }
    if (decision.action !== 'retry' || !withinBudget(this.#retryState(st), decision.waitSeconds).ok) {
      throw new ApiNetworkError(
        'API_NETWORK',
        `no answer from the service after ${st.attemptNo} attempt${st.attemptNo === 1 ? '' : 's'} (${what}).`,
        { ...init, cause, hint: 'Check that service.url is right and the service is reachable, then try again.' },
      );
    }
    if (!result.notSent) st.priorUnknown = true;
    return { waitSeconds: decision.waitSeconds, reason: 'retry' };
  }

  #retryState(st: CallState): RetryState {
    const s = this.#s;
    return {
      retriesDone: st.retriesDone,
      maxRetries: s.maxRetries,
      waitedSeconds: st.waitedSeconds,
      budgetSeconds: s.retryBudgetSeconds,
    };
  }

  /** Tells the terminal about the wait, waits (scaled), and counts the retry. */
  async #retryWait(o: CallOptions, next: { waitSeconds: number; reason: WaitEvent['reason'] }, st: CallState) {
    const s = this.#s;
    s.onWait?.({
      seconds: next.waitSeconds * s.timeScale,
      reason: next.reason,
      method: o.method,
      path: s.redactor.redact(o.path),
    });
    await this.#wait(next.waitSeconds);
    st.waitedSeconds += next.waitSeconds;
    st.retriesDone++;
  }

  /** A 5xx that retrying cannot fix within the budget. */
  #serverError(
    init: ApiErrorInit,
    result: Extract<AttemptResult, { kind: 'response' }>,
    waitSeconds: number,
    now: Date,
    st: CallState,
  ): ApiServerError {
    const { status } = result;
    // When to run again: what the service asked for (Retry-After), else a minute from now.
    const rerunAt = new Date(now.getTime() + Math.max(60, Math.ceil(waitSeconds)) * 1000);
    return new ApiServerError(
      'API_SERVER',
      `the service failed (${this.#serviceMessage(joinChunks(result.chunks)) || 'server error'}) ${st.retriesDone === 0 ? 'and retrying does not fit in the retry budget' : `on ${st.attemptNo} attempts, answering ${status} each time`}.`,
      {
        ...init,
        status,
        hint: `The request is not at fault: the service answered ${status} itself, and more retries in this run would not change that. Run the same command again after ${rerunAt.toISOString()} (a push or sync then sends only what is missing). If it keeps failing, report this message to the service operator.`,
      },
    );
  }

  /**
   * Calls and validates the 2xx JSON body with `schema`; a mismatch is an ApiSchemaError naming the field.
   * `fast`: a hand check that accepts only bodies the schema returns unchanged (schemas/variables-check.ts).
   */
  async json<T extends z.ZodType>(
    o: CallOptions,
    schema: SchemaLoader<T>,
    fast?: (x: unknown) => x is z.output<T>,
  ): Promise<z.output<T>> {
    const res = await this.call(o);
    return parseBody(
      res.chunks,
      schema,
      o.endpoint,
      { method: o.method, url: this.displayUrl(o.path), status: res.status },
      this.#s.redactor,
      fast,
    );
  }

  async #wait(seconds: number): Promise<void> {
    const ms = seconds * 1000 * this.#s.timeScale;
    const signal = this.#s.signal;
    if (ms <= 0) return;
    try {
      // A 429's Retry-After can be long: an interruption ends the wait at once.
      await sleep(ms, undefined, signal ? { signal } : {});
    } catch (err) {
      if (signal?.aborted) throw interruption(signal);
      throw err;
    }
  }

  #account(method: string, path: string, r: AttemptResult, bytesSent: number, attemptNo: number): void {
    const status = r.kind === 'network' ? ('network-error' as const) : r.status;
    const st = this.#stats;
    st.requests++;
    st.bytesSent += bytesSent;
    st.bytesReceived += r.bytesReceived;
    st.ms += r.ms;
    st.byMethod[method] = (st.byMethod[method] ?? 0) + 1;
    this.#s.onRequest?.({
      method,
      path: this.#s.redactor.redact(path),
      status,
      bytesSent,
      bytesReceived: r.bytesReceived,
      ms: r.ms,
      attempt: attemptNo,
    });
  }

  /**
   * The service's message from an error body (agreed: `{"status", "error": true, "message"}`; Figma's
   * `{"status", "err"}` accepted too), redacted and shortened. Non-JSON bodies are not quoted: they
   * may be anything (an HTML proxy page, an echo of the request), so only their size is told.
   */
  #serviceMessage(body: Buffer): string {
    if (body.length === 0) return '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return `a non-JSON body of ${body.length} bytes`;
    }
    const obj = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    const text = typeof obj['message'] === 'string' ? obj['message'] : typeof obj['err'] === 'string' ? obj['err'] : '';
    // Trailing periods dropped: the message is embedded in a sentence of ours.
    const clean = this.#s.redactor.redact(text).replace(/\s+/g, ' ').trim().replace(/\.+$/, '');
    return clean.length > 300 ? `${clean.slice(0, 300)}…` : clean;
  }

  #statusError(o: CallOptions, init: ApiErrorInit, status: number, body: Buffer): ApiError {
    const msg = this.#serviceMessage(body);
    const said = msg ? `: ${msg}` : '';
    const withStatus = { ...init, status };
    if (status === 401 || status === 403) {
      const fix = this.auth?.fixHint ?? 'Check the credentials.';
      return new ApiAuthError('API_AUTH', `the service refused the credentials${said}.`, {
        ...withStatus,
        hint: `${fix}${o.scope && this.auth ? ` This endpoint needs the ${o.scope[this.auth.kind]} scope.` : ''}`,
      });
    }
    if (status === 404) {
      return new ApiNotFoundError('API_NOT_FOUND', `not found${said}.`, {
        ...withStatus,
        hint: 'Check the file key (service.fileKey) and the ids in the request; the token must also have access to the file.',
      });
    }
    return new ApiBadRequestError('API_BAD_REQUEST', `the service refused the request${said}.`, msg, {
      ...withStatus,
      hint: 'Fix what the service names above and try again.',
    });
  }

  #rateLimitError(
    init: ApiErrorInit,
    waitSeconds: number,
    now: Date,
    reason: 'budget' | 'retries',
    retriesDone: number,
  ): ApiRateLimitError {
    const seconds = Math.ceil(waitSeconds);
    const retryAt = new Date(now.getTime() + seconds * 1000);
    const detail =
      reason === 'budget'
        ? `rate limited: the service asks to wait ${seconds} s, more than the retry budget allows (${this.#s.retryBudgetSeconds} s in all); try again after ${retryAt.toISOString()}.`
        : `still rate limited after ${retriesDone} retries; try again after ${retryAt.toISOString()}.`;
    // Out of retries, each wait honoured: something else spends this token's quota, so a larger
    // budget would only wait longer (docs/api-client.md "Retries").
    const hint =
      reason === 'budget'
        ? `Wait until ${retryAt.toISOString()} (${seconds} s), or raise service.retryBudgetSeconds in config/tokensync.yaml to let tokensync wait.`
        : `The service answered 429 to each of ${retriesDone + 1} attempts although every Retry-After was honoured, so another client is spending this token's quota (parallel CI jobs, a \`build --watch\`, another tool); a larger retry budget would only wait longer. Run again after ${retryAt.toISOString()}; if it recurs, give concurrent jobs their own tokens or run them one after another.`;
    return new ApiRateLimitError(detail, seconds, retryAt, { ...init, status: 429, hint });
  }
}

/**
 * A response schema, loaded when a body is first validated: zod and the schema modules are then
 * compiled only by a run that parses an answer, never by one that only hashes it (the in-step cache,
 * docs/caching.md; docs/benchmarks.md "Fast paths").
 */
export type SchemaLoader<T extends z.ZodType> = () => Promise<T>;

/** json-text.ts (and model/json-bytes.ts with it) load when an answer is parsed: a warm run only hashes one. */
let jsonTextModule: Promise<typeof import('./json-text.js')> | undefined;
const loadJsonText = (): Promise<typeof import('./json-text.js')> => (jsonTextModule ??= import('./json-text.js'));

/**
 * Parses JSON and validates; errors name the endpoint and the first failing field path. When `fast`
 * accepts the data it is returned as is (the schema is not loaded); otherwise zod decides (and words any error).
 */
export async function parseBody<T extends z.ZodType>(
  chunks: readonly Buffer[],
  schema: SchemaLoader<T>,
  endpoint: string,
  init: ApiErrorInit,
  redactor: Redactor,
  fast?: (x: unknown) => x is z.output<T>,
): Promise<z.output<T>> {
  let data: unknown;
  const { jsonText } = await loadJsonText();
  try {
    // One-byte text where the answer allows (json-text.ts): the same value, half the memory.
    const text = jsonText(chunks);
    data = text === '' ? undefined : JSON.parse(text);
  } catch (escaped) {
    // The cause JSON.parse gives for the decoded text (its message quotes the text).
    const body = joinChunks(chunks);
    let err = escaped;
    try {
      JSON.parse(body.toString('utf8'));
    } catch (decoded) {
      err = decoded;
    }
    throw new ApiSchemaError(endpoint, '(body)', `the answer of ${endpoint} is not JSON (${body.length} bytes).`, {
      ...init,
      cause: redactor.sanitizeError(err),
      hint: 'The service answered something other than its API; check that service.url points at the Design File Service API.',
    });
  }
  if (fast?.(data)) return data;
  const result = (await schema()).safeParse(data);
  if (result.success) return result.data;
  const issue = closestIssue(result.error.issues);
  const field = issue ? formatPath(issue.path) : '(body)';
  const problem = redactor.redact(issue?.message ?? 'invalid');
  throw new ApiSchemaError(
    endpoint,
    field,
    `the answer of ${endpoint} does not match the API: field ${field}: ${problem}.`,
    {
      ...init,
      hint: 'The service returned data tokensync does not understand; if the service changed its API, update tokensync, or report it with this message.',
    },
  );
}

/** `meta.variables["VariableID:1:2"].resolvedType`: dots for identifier keys, brackets otherwise. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(body)';
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}
