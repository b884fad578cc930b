/**
 * One HTTPS attempt over one shared connection pool, through Node's own `https` (docs/architecture.md
 * "Transport"). No retries, no auth, no errors
 * classes here: it returns what happened, counted in bytes and milliseconds, and `http.ts` decides.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Agent, request } from 'node:https';
import { createSecureContext, rootCertificates, type SecureContext, type TLSSocket } from 'node:tls';
import { TokensyncError } from '../errors.js';
import { InsecureUrlError } from './errors.js';

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
 * The extra CAs to trust on top of the system roots: `service.caFile` and NODE_EXTRA_CA_CERTS (read
 * here too, because Node reads it only at start-up and only into the default store, and a process may
 * be given it later in `env`). Undefined when there are none. Verification is never turned off.
 */
export function trustedCas(extraCa: string | undefined, env: NodeJS.ProcessEnv): string[] | undefined {
  const extra: string[] = [];
  if (extraCa !== undefined && extraCa.trim() !== '') extra.push(extraCa);
  const envFile = env['NODE_EXTRA_CA_CERTS'];
  if (envFile !== undefined && envFile !== '') {
    try {
      extra.push(readFileSync(envFile, 'utf8'));
    } catch (err) {
      throw new TokensyncError('API_CA_FILE', `NODE_EXTRA_CA_CERTS names ${envFile}, which cannot be read.`, {
        hint: 'Point NODE_EXTRA_CA_CERTS at a readable PEM file, or unset it.',
        cause: err,
      });
    }
  }
  return extra.length === 0 ? undefined : extra;
}

/** The contexts made so far, by their CAs: one per process for each set (each costs a parse of its certificates). */
const contexts = new Map<string, SecureContext>();

function contextOf(cas: string[]): SecureContext {
  const key = cas.join('\n');
  let ctx = contexts.get(key);
  if (ctx === undefined) {
    ctx = createSecureContext({ ca: cas });
    contexts.set(key, ctx);
  }
  return ctx;
}

/**
 * The TLS context trusting the system roots plus `extraCas`, made once per process and reused
 * (docs/architecture.md "Trust"). Passing `ca` to each connection instead would make Node parse all
 * ~145 roots for every connection (~25-50 ms of CPU apiece); Node's public API has no way to add a CA
 * to the default store, so the roots are listed with the extra CAs here. The process's shared default
 * store is left alone (test/api/tls-context.test.ts).
 */
export function secureContextFor(extraCas: string[] | undefined): SecureContext | undefined {
  return extraCas === undefined ? undefined : contextOf([...rootCertificates, ...extraCas]);
}

/**
 * The connections to the service: one keep-alive agent of Node's own `https`, at most 8 sockets.
 * Trust (docs/architecture.md "Trust"): the system roots plus the extra CAs, verified on every
 * connection. With extra CAs, the first connections trust those CAs alone (a subset of the same
 * trust: a certificate they accept, the full set accepts too), which spares parsing the ~145 system
 * roots (~45 ms of CPU) when the service's certificate chains to its own CA, as the local service's
 * does. A certificate they do not verify is tried once more, at once, with the full set (`widen`),
 * whose verdict is final: the request was never sent, as no TLS session was made.
 */
export class ConnectionPool {
  readonly #extraCas: string[] | undefined;
  #agent: Agent;
  #widened: boolean;

  constructor(options: { ca: string[] | undefined }) {
    this.#extraCas = options.ca;
    this.#widened = options.ca === undefined;
    this.#agent = newAgent(options.ca === undefined ? undefined : contextOf(options.ca));
  }

  get agent(): Agent {
    return this.#agent;
  }

  /** True when the pool now trusts the system roots too, so a refused certificate is worth one more try. */
  widen(): boolean {
    if (this.#widened) return false;
    this.#widened = true;
    this.#agent.destroy();
    this.#agent = newAgent(secureContextFor(this.#extraCas));
    return true;
  }

  async close(): Promise<void> {
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
  const first = await attemptWith(pool.agent, origin, req, timeoutMs, maxBytes, cancel);
  if (first.kind === 'network' && first.tls && pool.widen())
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
    const chunks: Buffer[] = [];
    for await (const chunk of res) {
      const buf = chunk as Buffer;
      progress.bytesReceived += buf.length;
      if (progress.bytesReceived > maxBytes) return tooLarge();
      chunks.push(buf);
    }
    if (!res.complete)
      throw Object.assign(new Error('the connection closed before the whole answer'), { code: 'ECONNRESET' });
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
