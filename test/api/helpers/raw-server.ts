/**
 * A tiny raw HTTPS server on port 0, ONLY for answers the local service (emulator) cannot produce
 * on purpose: bodies that violate the API schema, a certificate the client does not trust, and answers
 * held until the test lets them go.
 * Everything else is tested against the emulator.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createCertificateAuthority } from '../../../src/emulator/cert.js';

export interface RawServer {
  url: string;
  ca: string;
  close(): Promise<void>;
}

export interface RawAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export async function startRawServer(
  respond: (method: string, path: string) => RawAnswer | Promise<RawAnswer>,
): Promise<RawServer> {
  const authority = createCertificateAuthority('tokensync raw test CA');
  const { cert, key } = authority.issue(['127.0.0.1', 'localhost']);
  const server: Server = createServer({ cert, key }, (req, res) => {
    req.resume();
    req.on('end', async () => {
      const r = await respond(req.method ?? 'GET', req.url ?? '/');
      res.writeHead(r.status, { 'content-type': 'application/json', ...(r.headers ?? {}) });
      res.end(r.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    ca: authority.cert,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
