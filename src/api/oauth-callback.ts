/**
 * The loopback redirect target of `tokensync login` (RFC 8252 §7.3: a native app receives the
 * authorization code on http://127.0.0.1:PORT; the traffic never leaves the machine, and the code is
 * useless without the client secret). The `state` is checked in constant time against CSRF.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuthTokenError } from './errors.js';

export interface CallbackServer {
  redirectUri: string;
  /** Resolves with the code once the browser comes back with the right state; rejects on an error redirect. */
  code: Promise<string>;
  close(): Promise<void>;
}

function sameState(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

export async function startCallbackServer(opts: { port: number; state: string }): Promise<CallbackServer> {
  let resolveCode!: (code: string) => void;
  let rejectCode!: (err: Error) => void;
  const code = new Promise<string>((resolve, reject) => {
    resolveCode = resolve;
    rejectCode = reject;
  });
  code.catch(() => undefined); // handled by whoever awaits it; avoid an unhandled rejection meanwhile
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    const state = url.searchParams.get('state') ?? '';
    const error = url.searchParams.get('error');
    const got = url.searchParams.get('code');
    if (!sameState(state, opts.state)) {
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end('The state does not match this login; start `tokensync login` again.\n');
      return;
    }
    if (error !== null || got === null || got === '') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Sign-in was not completed. You can close this tab.\n');
      rejectCode(
        new OAuthTokenError(
          'OAUTH_DENIED',
          `Sign-in did not complete: the service redirected with ${error === null ? 'no code' : `error "${error.slice(0, 100)}"`}.`,
          {
            hint: 'Run `tokensync login` again and approve the access.',
          },
        ),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in to tokensync. You can close this tab.\n');
    resolveCode(got);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    code,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
