/**
 * The HTTPS front of the local service. One port speaks TLS only: the first byte of a connection
 * tells a TLS handshake (0x16) from plain text, and plain HTTP gets a 400 and a closed connection
 * (spec "Authentication" rule 3: "HTTP (non-TLS) requests are rejected").
 *
 * Per request: control endpoints first (admin only, never logged or faulted), then injected faults,
 * routing, credentials (403), the rate limit (429) and the handler. Every API request is logged.
 */
import { createServer as createHttps, type Server as HttpsServer } from 'node:https';
import { createServer as createNet, type Server as NetServer, type Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowed, authenticate, type Principal } from './auth.js';
import { MAX_BODY_BYTES, fail, match, readBody, type Reply } from './http.js';
import type { ActiveFault } from './faults.js';
import { adminAllowed, controlRoutes, type ControlHost } from './routes/control.js';
import type { Endpoint } from './routes/context.js';
import type { Service } from './service.js';
import { figmaSpelling } from './dialect.js';

const PLAIN_HTTP_BODY = JSON.stringify({
  status: 400,
  error: true,
  message: 'This service accepts HTTPS only; plain HTTP is refused. Use https://.',
});

export interface Front {
  net: NetServer;
  https: HttpsServer;
  close(): Promise<void>;
}

export function createFront(tls: { cert: string; key: string }, routes: Endpoint[], host: ControlHost): Front {
  const sockets = new Set<Socket>();
  const https = createHttps({ cert: tls.cert, key: tls.key }, (req, res) => {
    handle(req, res, routes, host).catch((err: unknown) => {
      if (!res.headersSent) send(res, fail(500, `Internal error in the local service: ${(err as Error).message}`));
      else res.destroy();
    });
  });
  https.on('tlsClientError', (_err, socket) => socket.destroy());

  const net = createNet({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const sniff = (): void => {
      const first: Buffer | null = socket.read(1);
      if (first === null) {
        socket.once('readable', sniff);
        return;
      }
      socket.unshift(first);
      if (first[0] === 0x16) {
        https.emit('connection', socket);
      } else {
        socket.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(PLAIN_HTTP_BODY)}\r\nConnection: close\r\n\r\n${PLAIN_HTTP_BODY}`,
        );
      }
    };
    sniff();
  });

  return {
    net,
    https,
    close: () =>
      new Promise<void>((resolve) => {
        net.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

/**
 * An answer larger than this is written in pieces of this size, the next once the last has drained.
 * Node's TLS socket takes one large write at a far higher cost: a 4.2 MB variables/local answer cost
 * the service ~40 ms of CPU written whole and ~4-5 ms in 64 KiB pieces (Node 26; docs/benchmarks.md
 * "No-op pull and push: the service's writes (sixth round)"). The bytes sent are the same.
 */
const PIECE_BYTES = 64 * 1024;

function send(res: ServerResponse, reply: Reply): void {
  const body = reply.body;
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  if (body.length <= PIECE_BYTES) {
    res.end(body);
    return;
  }
  let at = 0;
  const next = (): void => {
    while (at < body.length) {
      const piece = body.subarray(at, Math.min(at + PIECE_BYTES, body.length));
      at += piece.length;
      if (at === body.length) res.end(piece);
      else if (!res.write(piece)) {
        res.once('drain', next);
        return;
      }
    }
  };
  next();
}

async function handle(req: IncomingMessage, res: ServerResponse, routes: Endpoint[], host: ControlHost): Promise<void> {
  const svc = host.svc;
  const url = new URL(req.url ?? '/', 'https://localhost');
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;

  if (path === '/_emulator' || path.startsWith('/_emulator/')) {
    const body = await readBody(req);
    if (!adminAllowed(svc.state, req.headers))
      return send(res, fail(403, 'Control endpoints need the admin token in X-Service-Token.'));
    if (!body.ok) return send(res, fail(413, 'The request body is over 4 MB.'));
    const m = match(controlRoutes, method, path);
    if (m.kind === 'none') return send(res, fail(404, `Not found: no control endpoint ${method} ${path}.`));
    if (m.kind === 'wrong-method')
      return send(
        res,
        fail(405, `${method} is not allowed on ${path}; use ${m.allowed.join(' or ')}.`, {
          allow: m.allowed.join(', '),
        }),
      );
    return send(res, await m.route.handle({ host, query: url.searchParams, body: body.body }));
  }

  // The figma dialect spells error bodies per operation (dialect.ts); everything below sends through it.
  const respond = (r: ServerResponse, reply: Reply): void =>
    send(r, svc.options.api === 'figma' ? figmaSpelling(method, path, reply) : reply);
  const entry = { method, path, query: url.search.replace(/^\?/, ''), status: 0, at: svc.nowIso() };
  const fault: ActiveFault | null = svc.faults.take(method, path);
  const log = (status: number): void => {
    svc.requests.push({ ...entry, status, ...(fault ? { fault: fault.fault } : {}) });
  };

  if (fault?.fault === 'reset') {
    log(0);
    // A TLS socket cannot send a TCP RST itself; reset the TCP socket under it (Node keeps it as
    // `_parent` when a TLSSocket wraps an existing socket, as our plain-HTTP sniffing does).
    const tcp = (req.socket as unknown as { _parent?: Socket })._parent ?? req.socket;
    tcp.resetAndDestroy();
    return;
  }
  // The request is received whole, then held: a client that gives up meanwhile does not stop it from
  // being applied, as with a real service (a POST slower than the client's timeout lands).
  const body = await readBody(req);
  if (fault?.fault === 'delay') await svc.hold(fault.delayMs);
  if (fault?.fault === 'rate-limit') {
    log(429);
    return respond(
      res,
      fail(429, `Rate limit exceeded (injected fault); retry after ${fault.retryAfter} s.`, {
        'retry-after': String(fault.retryAfter),
      }),
    );
  }
  if (fault?.fault === 'error-500') {
    log(500);
    return respond(res, fail(500, 'Internal server error (injected fault; nothing was changed).'));
  }

  const reply = await dispatch(routes, svc, method, path, url.searchParams, req, body);

  if (fault?.fault === 'commit-then-drop') {
    log(0);
    req.socket.destroy();
    return;
  }
  log(reply.status);
  if (fault?.fault === 'truncate') {
    res.writeHead(reply.status, { ...reply.headers, 'content-length': String(reply.body.length) });
    res.write(reply.body.subarray(0, Math.floor(reply.body.length / 2)), () => req.socket.destroy());
    return;
  }
  respond(res, reply);
}

async function dispatch(
  routes: Endpoint[],
  svc: Service,
  method: string,
  path: string,
  query: URLSearchParams,
  req: IncomingMessage,
  body: { ok: true; body: Buffer } | { ok: false; bytes: number },
): Promise<Reply> {
  const m = match(routes, method, path);
  if (m.kind === 'none') return fail(404, `Not found: no endpoint ${method} ${path}.`);
  if (m.kind === 'wrong-method')
    return fail(405, `${method} is not allowed on ${path}; use ${m.allowed.join(' or ')}.`, {
      allow: m.allowed.join(', '),
    });
  const endpoint = m.route as Endpoint;
  let principal: Principal | null = null;
  if (endpoint.need !== 'none') {
    const auth = authenticate(svc.state, req.headers, svc.now(), svc.options.api);
    if (!auth.ok) return fail(403, auth.message);
    const ok = allowed(auth.principal, endpoint.need, svc.options.api);
    if (!ok.ok) return fail(403, ok.message);
    principal = auth.principal;
    if (endpoint.rateLimited) {
      const decision = svc.limiter.take(principal.tokenDigest, Date.now());
      if (!decision.ok) {
        return fail(429, `Rate limit exceeded for this token; retry after ${decision.retryAfterSeconds} s.`, {
          'retry-after': String(decision.retryAfterSeconds),
        });
      }
    }
  }
  if (!body.ok) {
    // The variables write answers 400 as its other limits do (docs/emulator.md); every other endpoint,
    // webhooks among them, answers 413 Payload Too Large, read to the end so the client sees it.
    return fail(
      path.includes('/variables') ? 400 : 413,
      `The request body is ${body.bytes.toLocaleString('en-US')} bytes; the limit is 4 MB (${MAX_BODY_BYTES.toLocaleString('en-US')} bytes). Split the batch into several requests.`,
    );
  }
  return endpoint.handle({
    svc,
    principal,
    method,
    path,
    query,
    headers: req.headers,
    body: body.body,
    params: m.params,
  });
}
