/**
 * One HTTPS attempt over one shared connection pool, through undici's public `Agent` (docs/architecture.md
 * "Transport and trust"). No retries, no auth, no error classes here: it returns what happened,
 * counted in bytes and milliseconds, and `http.ts` decides.
 */
import type { Readable } from 'node:stream';
import type { SecureContext } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import { InsecureUrlError } from './errors.js';
import type { Trust } from './trust.js';

export interface BaseUrl {
  /** `https://host:port`, what the pool dials. */
  origin: string;
  /** Path prefix of the base address without a trailing slash ('' for none). */
  prefix: string;
}

/**
 * Spec "Authentication" rule 3: only HTTPS. A base URL with user:password is refused too: it would
 * put a credential where logs and error messages show URLs (credentials belong in service.token).
 */
export function parseBaseUrl(baseUrl: string): BaseUrl {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InsecureUrlError(
      baseUrl,
      `The service address "${baseUrl}" is not a valid URL.`,
      'Set service.url to "local" or an https:// address, e.g. https://api.example.com.',
    );
  }
  if (url.protocol !== 'https:') {
    const shown = `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
    throw new InsecureUrlError(
      shown,
      `The service address ${shown} is not HTTPS; the Design File Service accepts HTTPS only and tokensync never sends a token in clear text.`,
      `Use https://${url.host}${url.pathname === '/' ? '' : url.pathname} in service.url. For a local service with its own certificate, set service.caFile (or NODE_EXTRA_CA_CERTS) instead of falling back to http.`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    const shown = `https://${url.host}${url.pathname === '/' ? '' : url.pathname}`;
    throw new InsecureUrlError(
      shown,
      `The service address ${shown} carries a user name or password in the URL.`,
      'Remove the credentials from service.url; put the token in service.token (env:NAME or file:PATH).',
    );
  }
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/**
 * The connections to the service: one undici `Agent` (at most 8 connections to the origin, each
 * with the attempt's deadline for connecting, the headers and the gaps in the body), verifying every
 * certificate as `Trust` says (trust.ts): first the service's own CA alone where it has one, then, for
 * a certificate that CA does not verify, the full set in a second agent (`widen`).
 */
export class ConnectionPool {
  readonly #trust: Trust;
  readonly #timeoutMs: number;
  #agent: Agent;
  #dispatcher: Dispatcher;
  #retired: Agent | undefined;

  constructor(trust: Trust, timeoutMs: number) {
    this.#trust = trust;
    this.#timeoutMs = timeoutMs;
    this.#agent = newAgent(trust.first(), timeoutMs);
    this.#dispatcher = this.#agent.compose(markStarted);
  }

  /** What requests go through: the current agent, telling each request when it is put on a connection. */
  get dispatcher(): Dispatcher {
    return this.#dispatcher;
  }

  /** True when the pool now trusts the full set, so a refused certificate is worth one more try. */
  widen(): boolean {
    const wider = this.#trust.widen();
    if (wider === false) return false;
    // The narrow agent is kept until close: a concurrent request may still be on it.
    this.#retired = this.#agent;
    this.#agent = newAgent(wider, this.#timeoutMs);
    this.#dispatcher = this.#agent.compose(markStarted);
    return true;
  }

  /**
   * Ends both agents' connections: at once where no request is on them (the end of a run: a graceful
   * close costs a TLS goodbye per connection, ~10-25 ms of CPU), else once their requests are done.
   */
  async close(): Promise<void> {
    await Promise.all([this.#retired, this.#agent].map((a) => a && (idle(a) ? a.destroy() : a.close())));
  }
}

function idle(agent: Agent): boolean {
  return Object.values(agent.stats).every((s) => s.size === 0);
}

function newAgent(secureContext: SecureContext | undefined, timeoutMs: number): Agent {
  return new Agent({
    connect: { ...(secureContext ? { secureContext } : {}), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 8,
  });
}

/**
 * An interceptor (undici's `compose`) that marks the request's `Progress` (passed as `opaque`) as
 * started when undici puts it on a connected socket, unless its deadline had passed by then: undici
 * holds an abort until that moment and then drops the request unwritten.
 */
const markStarted: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
  const progress = (opts as { opaque?: Progress }).opaque;
  if (progress === undefined) return dispatch(opts, handler);
  return dispatch(opts, {
    onRequestStart(controller, context) {
      if (!progress.signal.aborted) progress.connected = true;
      handler.onRequestStart?.(controller, context);
    },
    onResponseStart: (controller, status, headers, message) =>
      handler.onResponseStart?.(controller, status, headers, message),
    onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
    onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
    onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
  });
};

export interface AttemptRequest {
  method: string;
  /** Path and query, already prefixed. */
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

export type AttemptResult =
  | {
      kind: 'response';
      status: number;
      headers: Record<string, string | undefined>;
      /** The body as it arrived, never copied into one buffer here (`joinChunks` does that when asked). */
      chunks: Buffer[];
      bytesReceived: number;
      ms: number;
    }
  | { kind: 'network'; error: unknown; notSent: boolean; tls: boolean; bytesReceived: number; ms: number }
  /** The answer (of this status) was longer than the cap: reading stopped there, nothing was buffered past it. */
  | { kind: 'too-large'; status: number; limit: number; bytesReceived: number; ms: number };

/** The chunks of an answer as one buffer (no copy for an answer that came in one chunk). */
export function joinChunks(chunks: readonly Buffer[]): Buffer {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/**
 * The largest answer read (a 600 MB answer took 1.3 GB of memory before failing).
 * The largest real answer, variables/local of a 40k-variable file with 4 modes, is about 40 MB.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

/** Error codes meaning the request never left this machine, so no method had any effect. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** TLS verification failures: retrying cannot help; the fix is the CA configuration. */
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e instanceof Error && i < 4; e = e.cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NOT_SENT_CODES.has(code) || TLS_CODES.has(code))) return code;
  }
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * One request and its whole answer, within `timeoutMs` for all of it (connection, headers, body).
 * A certificate refused while the pool trusts only the service's CA is tried once more with the full
 * set (ConnectionPool `widen`).
 */
export async function attempt(
  pool: ConnectionPool,
  origin: string,
  req: AttemptRequest,
  timeoutMs: number,
  maxBytes = DEFAULT_MAX_RESPONSE_BYTES,
  cancel?: AbortSignal,
): Promise<AttemptResult> {
  const dispatcher = pool.dispatcher;
  const first = await attemptWith(dispatcher, origin, req, timeoutMs, maxBytes, cancel);
  // Widened by this failure, or by a concurrent request's while this one was refused too.
  if (first.kind === 'network' && first.tls && (pool.dispatcher !== dispatcher || pool.widen()))
    return attemptWith(pool.dispatcher, origin, req, timeoutMs, maxBytes, cancel);
  return first;
}

/** Where one request stands, for telling what an error means (`markStarted` sets `connected`). */
interface Progress {
  /** The attempt's own signal: its deadline, or the caller's cancel. */
  signal: AbortSignal;
  /** The request was put on a connected socket: from here on, its bytes may have reached the service. */
  connected: boolean;
  gotResponse: boolean;
  bytesReceived: number;
}

async function attemptWith(
  dispatcher: Dispatcher,
  origin: string,
  req: AttemptRequest,
  timeoutMs: number,
  maxBytes: number,
  cancel: AbortSignal | undefined,
): Promise<AttemptResult> {
  const started = performance.now();
  const controller = new AbortController();
  const onCancel = (): void => controller.abort(cancel?.reason);
  cancel?.addEventListener('abort', onCancel, { once: true });
  // One deadline for the whole attempt, on top of undici's own connect, headers and body timeouts.
  const timer = setTimeout(() => controller.abort(new TimeoutError(timeoutMs)), timeoutMs);
  const progress: Progress = { signal: controller.signal, connected: false, gotResponse: false, bytesReceived: 0 };
  const ms = (): number => performance.now() - started;
  try {
    const res = await requestOrAbort(dispatcher, {
      origin,
      path: req.path,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body ?? null,
      signal: controller.signal,
      opaque: progress,
    });
    progress.gotResponse = true;
    const tooLarge = (): AttemptResult => {
      // Stop reading: the connection is closed rather than drained.
      res.body.destroy();
      return {
        kind: 'too-large',
        status: res.statusCode,
        limit: maxBytes,
        bytesReceived: progress.bytesReceived,
        ms: ms(),
      };
    };
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
    const chunks = await readBody(res.body, maxBytes, progress);
    if (chunks === 'too-large') return tooLarge();
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    return {
      kind: 'response',
      status: res.statusCode,
      headers,
      chunks,
      bytesReceived: progress.bytesReceived,
      ms: ms(),
    };
  } catch (err) {
    const error = controller.signal.aborted ? controller.signal.reason : worded(err);
    const code = errorCode(err);
    // A deadline passed before the request was on a connection: nothing was sent.
    const beforeConnection = error instanceof TimeoutError && !progress.connected;
    return {
      kind: 'network',
      error,
      notSent: !progress.gotResponse && ((code !== undefined && NOT_SENT_CODES.has(code)) || beforeConnection),
      tls: code !== undefined && TLS_CODES.has(code),
      bytesReceived: progress.bytesReceived,
      ms: ms(),
    };
  } finally {
    clearTimeout(timer);
    cancel?.removeEventListener('abort', onCancel);
  }
}

/**
 * The answer's status and headers, or the abort's reason as soon as the attempt's signal fires: undici
 * holds the abort of a request still waiting for a free connection until one is free (and then drops
 * the request unwritten), and the deadline is the attempt's, not the pool's.
 */
function requestOrAbort(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions<Progress> & { signal: AbortSignal },
): Promise<Dispatcher.ResponseData<Progress>> {
  const { signal } = options;
  const pending = dispatcher.request(options);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(
      (res) => {
        signal.removeEventListener('abort', onAbort);
        resolve(res);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/**
 * The body's chunks as they arrive ('data' events cost less than an async iterator per chunk: a
 * 4 MB answer is ~260 of them), or 'too-large' once past `maxBytes` (nothing kept past it).
 */
function readBody(body: Readable, maxBytes: number, progress: Progress): Promise<Buffer[] | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => {
      progress.bytesReceived += chunk.length;
      if (progress.bytesReceived > maxBytes) resolve('too-large');
      else chunks.push(chunk);
    });
    body.on('end', () => resolve(chunks));
    body.on('error', reject);
  });
}

/** undici's "other side closed" in words a user reads in an error (the code and the original stay on it). */
function worded(err: unknown): unknown {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  if (e?.code !== 'UND_ERR_SOCKET' || e.message !== 'other side closed') return err;
  return Object.assign(new Error('the service closed the connection', { cause: err }), { code: e.code });
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
  }
}
