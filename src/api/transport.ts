/**
 * One HTTPS attempt over one shared connection pool, through Node's own `https` (docs/architecture.md
 * "Transport and trust"). No retries, no auth, no error classes here: it returns what happened,
 * counted in bytes and milliseconds, and `http.ts` decides.
 */
import type { IncomingMessage } from 'node:http';
import { Agent, request } from 'node:https';
import type { SecureContext, TLSSocket } from 'node:tls';
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
 * The connections to the service: one keep-alive agent of Node's own `https`, at most 8 sockets,
 * verifying every certificate as `Trust` says (trust.ts): first the service's own CA alone where it
 * has one, then, for a certificate that CA does not verify, the full set (`widen`).
 */
export class ConnectionPool {
  readonly #trust: Trust;
  #agent: Agent;
  #retired: Agent | undefined;

  constructor(trust: Trust) {
    this.#trust = trust;
    this.#agent = newAgent(trust.first());
  }

  get agent(): Agent {
    return this.#agent;
  }

  /** True when the pool now trusts the full set, so a refused certificate is worth one more try. */
  widen(): boolean {
    const wider = this.#trust.widen();
    if (wider === false) return false;
    // The narrow agent is kept until close: a concurrent request may still be on it.
    this.#retired = this.#agent;
    this.#agent = newAgent(wider);
    return true;
  }

  async close(): Promise<void> {
    this.#retired?.destroy();
    this.#agent.destroy();
  }
}

function newAgent(secureContext: SecureContext | undefined): Agent {
  return new Agent({ keepAlive: true, maxSockets: 8, ...(secureContext ? { secureContext } : {}) });
}

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
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
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
 * A certificate refused while the pool trusts only the extra CAs is tried once more with the full
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
  const agent = pool.agent;
  const first = await attemptWith(agent, origin, req, timeoutMs, maxBytes, cancel);
  // Widened by this failure, or by a concurrent request's while this one was refused too.
  if (first.kind === 'network' && first.tls && (pool.agent !== agent || pool.widen()))
    return attemptWith(pool.agent, origin, req, timeoutMs, maxBytes, cancel);
  return first;
}

/** Where one request stands, for telling what an error means. */
interface Progress {
  /** The TLS session was made: from here on, request bytes may have reached the service. */
  connected: boolean;
  gotResponse: boolean;
  bytesReceived: number;
}

async function attemptWith(
  agent: Agent,
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
  // One deadline for the whole attempt: connection, headers and body.
  const timer = setTimeout(() => controller.abort(new TimeoutError(timeoutMs)), timeoutMs);
  const progress: Progress = { connected: false, gotResponse: false, bytesReceived: 0 };
  const ms = (): number => performance.now() - started;
  try {
    const res = await send(agent, origin, req, controller.signal, progress);
    progress.gotResponse = true;
    const tooLarge = (): AttemptResult => {
      // Stop reading: the connection is closed rather than drained.
      res.destroy();
      return {
        kind: 'too-large',
        status: res.statusCode ?? 0,
        limit: maxBytes,
        bytesReceived: progress.bytesReceived,
        ms: ms(),
      };
    };
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
    const chunks = await readBody(res, maxBytes, progress);
    if (chunks === 'too-large') return tooLarge();
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    return {
      kind: 'response',
      status: res.statusCode ?? 0,
      headers,
      chunks,
      bytesReceived: progress.bytesReceived,
      ms: ms(),
    };
  } catch (err) {
    const error = controller.signal.aborted ? controller.signal.reason : worded(err);
    const code = errorCode(err);
    // A deadline passed while connecting is a connect timeout: nothing was sent.
    const connectTimeout = error instanceof TimeoutError && !progress.connected;
    return {
      kind: 'network',
      error,
      notSent: !progress.gotResponse && ((code !== undefined && NOT_SENT_CODES.has(code)) || connectTimeout),
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
 * The body's chunks as they arrive ('data' events cost less than an async iterator per chunk: a
 * 4 MB answer is ~260 of them), or 'too-large' once past `maxBytes` (nothing kept past it).
 */
function readBody(res: IncomingMessage, maxBytes: number, progress: Progress): Promise<Buffer[] | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => {
      progress.bytesReceived += chunk.length;
      if (progress.bytesReceived > maxBytes) resolve('too-large');
      else chunks.push(chunk);
    });
    res.on('end', () => resolve(chunks));
    res.on('error', reject);
    // Closed before the end: the connection dropped mid-body (a settled promise ignores this).
    res.on('close', () => {
      if (!res.complete) reject(Object.assign(new Error('incomplete answer'), { code: 'ECONNRESET' }));
    });
  });
}

/** Node's "socket hang up" in words a user reads in an error (the code and the original stay on it). */
function worded(err: unknown): unknown {
  const e = err as NodeJS.ErrnoException | undefined;
  if (e?.code !== 'ECONNRESET') return err;
  return Object.assign(new Error('the service closed the connection', { cause: err }), { code: e.code });
}

/** Sends the request; resolves with the answer once its status line and headers are in. */
function send(
  agent: Agent,
  origin: string,
  req: AttemptRequest,
  signal: AbortSignal,
  progress: Progress,
): Promise<IncomingMessage> {
  const url = new URL(origin);
  const headers = req.body === undefined ? req.headers : { ...req.headers, 'content-length': String(req.body.length) };
  return new Promise((resolve, reject) => {
    const r = request(
      {
        agent,
        protocol: 'https:',
        // `[::1]` in a URL, `::1` to connect to.
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port === '' ? 443 : Number(url.port),
        path: req.path,
        method: req.method,
        headers,
        signal,
      },
      resolve,
    );
    r.on('error', reject);
    r.on('socket', (socket) => {
      // A kept-alive socket is connected already; a new one once its TLS session is made.
      if (!socket.connecting && (socket as TLSSocket).encrypted) progress.connected = true;
      else socket.once('secureConnect', () => (progress.connected = true));
    });
    r.end(req.body);
  });
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
  }
}
