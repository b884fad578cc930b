/**
 * One HTTPS attempt over one shared connection pool, through undici's public Agent. No retries, no auth, no errors
 * classes here: it returns what happened, counted in bytes and milliseconds, and `http.ts` decides.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { Agent } from 'undici';
import { TokensyncError } from '../errors.js';
import { InsecureUrlError } from './errors.js';

export interface BaseUrl {
  /** `https://host:port`, what undici dials. */
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

/** The contexts made so far, by their extra CAs: one per process for each set (each costs a parse of the roots). */
const contexts = new Map<string, SecureContext>();

/**
 * One TLS context for every connection, trusting the bundled roots plus `extraCas`, made once per
 * process and reused (docs/architecture.md "Folders and import rules"). Passing `ca` to each connection instead would
 * make Node parse all ~145 roots for every connection (~25-50 ms of CPU apiece); Node's public API
 * has no way to add a CA to the default store, so the roots are listed with the extra CAs here. The
 * process's shared default store is left alone (test/api/tls-context.test.ts).
 */
export function secureContextFor(extraCas: string[] | undefined): SecureContext | undefined {
  if (extraCas === undefined) return undefined;
  const key = extraCas.join('\n');
  let ctx = contexts.get(key);
  if (ctx === undefined) {
    ctx = createSecureContext({ ca: [...rootCertificates, ...extraCas] });
    contexts.set(key, ctx);
  }
  return ctx;
}

export function createAgent(options: { ca: string[] | undefined; timeoutMs: number }): Agent {
  const secureContext = secureContextFor(options.ca);
  return new Agent({
    connect: { ...(secureContext ? { secureContext } : {}), timeout: options.timeoutMs },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connections: 8,
  });
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
      body: Buffer;
      bytesReceived: number;
      ms: number;
    }
  | { kind: 'network'; error: unknown; notSent: boolean; tls: boolean; bytesReceived: number; ms: number }
  /** The answer (of this status) was longer than the cap: reading stopped there, nothing was buffered past it. */
  | { kind: 'too-large'; status: number; limit: number; bytesReceived: number; ms: number };

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

export async function attempt(
  agent: Agent,
  origin: string,
  req: AttemptRequest,
  timeoutMs: number,
  maxBytes = DEFAULT_MAX_RESPONSE_BYTES,
  cancel?: AbortSignal,
): Promise<AttemptResult> {
  const started = performance.now();
  const controller = new AbortController();
  const onCancel = (): void => controller.abort(cancel?.reason);
  cancel?.addEventListener('abort', onCancel, { once: true });
  // One deadline for the whole attempt, headers and body, on top of undici's own idle timeouts.
  const timer = setTimeout(() => controller.abort(new TimeoutError(timeoutMs)), timeoutMs);
  let bytesReceived = 0;
  let gotResponse = false;
  try {
    const res = await agent.request({
      origin,
      path: req.path,
      method: req.method as 'GET',
      headers: req.headers,
      body: req.body ?? null,
      signal: controller.signal,
    });
    gotResponse = true;
    const tooLarge = (): AttemptResult => {
      // Stop reading: the connection is closed rather than drained.
      res.body.destroy();
      return {
        kind: 'too-large',
        status: res.statusCode,
        limit: maxBytes,
        bytesReceived,
        ms: performance.now() - started,
      };
    };
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      bytesReceived += buf.length;
      if (bytesReceived > maxBytes) return tooLarge();
      chunks.push(buf);
    }
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    return {
      kind: 'response',
      status: res.statusCode,
      headers,
      body: Buffer.concat(chunks),
      bytesReceived,
      ms: performance.now() - started,
    };
  } catch (err) {
    const error = controller.signal.aborted ? controller.signal.reason : err;
    const code = errorCode(err);
    return {
      kind: 'network',
      error,
      notSent: !gotResponse && code !== undefined && NOT_SENT_CODES.has(code),
      tls: code !== undefined && TLS_CODES.has(code),
      bytesReceived,
      ms: performance.now() - started,
    };
  } finally {
    clearTimeout(timer);
    cancel?.removeEventListener('abort', onCancel);
  }
}

export class TimeoutError extends Error {
  override name = 'TimeoutError';
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
  }
}
