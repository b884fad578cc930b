/**
 * The small HTTP vocabulary of the local service: handlers return a `Reply` value instead of writing
 * to the socket, so fault injection can decide afterwards to send it, cut it short or drop it
 * ("truncated body").
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: Buffer;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: Buffer.from(jsonText(value, 3) as string),
  };
}

/**
 * `JSON.stringify(value)`, with the plain objects of the first `depth` levels written entry by entry
 * (each entry's value by `JSON.stringify`). The same text: the same keys (`Object.keys`, in its order),
 * an entry whose value stringifies to undefined left out, a `toJSON` object or an array left whole.
 * Why: a variables/local answer's `meta.variables` (and a POST answer's `tempIdMapping`) is one object
 * with a key per variable, which V8 keeps in dictionary mode and serializes on its slow path: 4 MB at
 * 10k x 2 took ~160 ms of CPU whole and ~25-100 ms entry by entry (Node 26; docs/benchmarks.md "No-op
 * pull and push, and the initial push: the service and the lock (fifth round)").
 */
export function jsonText(value: unknown, depth: number): string | undefined {
  if (
    depth === 0 ||
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return JSON.stringify(value);
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record)) {
    const text = jsonText(record[key], depth - 1);
    if (text === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
}

/**
 * Error body for every non-2xx answer (agreed wire choice; the spec says "not shown"; it is the shape
 * the real service uses): `{"status": <code>, "error": true, "message": "<text>"}`.
 */
export function fail(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return json(status, { status, error: true, message }, headers);
}

export function html(status: number, text: string): Reply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(text) };
}

export const empty = (status = 200): Reply => ({ status, body: Buffer.alloc(0) });

/** Largest request body read; the variables limit (spec "Limits", docs/architecture.md "Plan": 4 MB). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type BodyResult = { ok: true; body: Buffer } | { ok: false; bytes: number };

/** Reads the body; past the limit it keeps draining (so the client can read our 400) but keeps nothing. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes <= limit) chunks.push(c);
    });
    req.on('end', () => resolve(bytes > limit ? { ok: false, bytes } : { ok: true, body: Buffer.concat(chunks) }));
    req.on('error', reject);
  });
}

export type JsonResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

export function parseJson(body: Buffer): JsonResult {
  if (body.length === 0) return { ok: false, reply: fail(400, 'The request body is empty; send a JSON object.') };
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown };
  } catch (err) {
    return { ok: false, reply: fail(400, `The request body is not valid JSON: ${(err as Error).message}.`) };
  }
}

export function parseForm(body: Buffer): URLSearchParams {
  return new URLSearchParams(body.toString('utf8'));
}

export interface RequestInfo {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  params: Record<string, string>;
}

export interface Route<C> {
  method: string;
  pattern: RegExp;
  names: string[];
  handle: (ctx: C) => Promise<Reply> | Reply;
}

/** `/v1/files/:file_key/nodes` -> a regex with one capture per `:name` (a segment, never `/`). */
export function route<C>(method: string, path: string, handle: Route<C>['handle']): Route<C> {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { method, pattern: new RegExp(`^${source}/?$`), names, handle };
}

export type Match<C> =
  | { kind: 'found'; route: Route<C>; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' };

export function match<C>(routes: Route<C>[], method: string, path: string): Match<C> {
  const allowed: string[] = [];
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    if (r.method !== method) {
      allowed.push(r.method);
      continue;
    }
    const params: Record<string, string> = {};
    r.names.forEach((n, i) => {
      params[n] = decodeURIComponent(m[i + 1] ?? '');
    });
    return { kind: 'found', route: r, params };
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
}
