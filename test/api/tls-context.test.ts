/**
 * What the client trusts (transport.ts, docs/architecture.md "Trust"): the extra CAs (each PEM may be a
 * bundle) on top of the system roots, in one TLS context per process that leaves the process's shared
 * root store alone; a pool with extra CAs first trusts them alone and falls back to the full set for a
 * certificate they do not verify.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createSecureContext, type SecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempt, ConnectionPool } from '../../src/api/transport.js';
import { secureContextFor, Trust, trustedCas } from '../../src/api/trust.js';
import { createCertificateAuthority } from '../../src/emulator/cert.js';
import { startRawServer, type RawServer } from './helpers/raw-server.js';

const run = promisify(execFile);
const VITE_NODE = path.resolve('node_modules/vite-node/dist/cli.mjs');
const CHILD = path.resolve('test/api/helpers/tls-child.ts');
let server: RawServer;
beforeAll(async () => {
  server = await startRawServer(() => ({ status: 200, body: '{"ok":true}' }));
});
afterAll(async () => server.close());

/** 'trusted' when the TLS handshake with the test server succeeds under `ctx`, else the error code. */
function handshake(ctx: SecureContext | undefined): Promise<string> {
  return new Promise((resolve) => {
    const req = https.get(`${server.url}/`, { agent: false, ...(ctx ? { secureContext: ctx } : {}) }, (res) => {
      res.resume();
      resolve('trusted');
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('secureContextFor', () => {
  it('trusts a server whose CA is one of the extra CAs', async () => {
    expect(await handshake(secureContextFor([server.ca]))).toBe('trusted');
  });

  it('trusts a CA that comes second in a PEM bundle', async () => {
    const other = createCertificateAuthority('some other CA').cert;
    expect(await handshake(secureContextFor([`${other}${server.ca}`]))).toBe('trusted');
    expect(await handshake(secureContextFor([other, server.ca]))).toBe('trusted');
  });

  it('does not add the extra CA to the shared root store', async () => {
    secureContextFor([server.ca]);
    expect(await handshake(createSecureContext())).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(await handshake(undefined)).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  it('refuses the server when its CA is not among the extras', async () => {
    expect(await handshake(secureContextFor([createCertificateAuthority('unrelated CA').cert]))).toBe(
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    );
  });

  it("with NODE_EXTRA_CA_CERTS set at start-up, trusts its CA and service.caFile both (through the client's pool)", async () => {
    const rootServer = await startRawServer(() => ({ status: 200, body: '{}' }));
    const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-roots-'));
    try {
      writeFileSync(path.join(dir, 'root.pem'), rootServer.ca);
      writeFileSync(path.join(dir, 'extra.pem'), server.ca);
      const out = await run(
        process.execPath,
        [VITE_NODE, CHILD, path.join(dir, 'extra.pem'), `${rootServer.url}/`, `${server.url}/`],
        {
          env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'root.pem') },
        },
      );
      expect(JSON.parse(out.stdout)).toEqual(['trusted', 'trusted']);
    } finally {
      await rootServer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it("a pool trusting the service's CA alone answers its server, and refuses another after trying the full set too", async () => {
    const other = await startRawServer(() => ({ status: 200, body: '{}' }));
    const pool = new ConnectionPool(new Trust(server.ca, {}), 10_000);
    const get = async (url: string) => {
      const r = await attempt(pool, url, { method: 'GET', path: '/', headers: {}, body: undefined }, 10_000);
      return r.kind === 'response' ? r.status : r.kind === 'network' ? { tls: r.tls, notSent: r.notSent } : r.kind;
    };
    try {
      // The first context is the service's CA alone, not the full set with the roots.
      expect(new Trust(server.ca, {}).first()).not.toBe(secureContextFor(trustedCas(server.ca, {})));
      expect(await get(server.url)).toBe(200);
      expect(await get(other.url)).toEqual({ tls: true, notSent: false });
      // Widened for good: the extra CA is still trusted, now alongside the roots.
      expect(await get(server.url)).toBe(200);
      // Two requests refused at once by the service's CA both get the full set's verdict (here
      // NODE_EXTRA_CA_CERTS of the run's environment holds the other server's CA).
      const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-extra-'));
      writeFileSync(path.join(dir, 'extra.pem'), other.ca);
      const twice = new ConnectionPool(
        new Trust(server.ca, { NODE_EXTRA_CA_CERTS: path.join(dir, 'extra.pem') }),
        10_000,
      );
      try {
        const both = await Promise.all(
          [other.url, other.url].map((u) =>
            attempt(twice, u, { method: 'GET', path: '/', headers: {}, body: undefined }, 10_000),
          ),
        );
        expect(both.map((r) => r.kind)).toEqual(['response', 'response']);
      } finally {
        await twice.close();
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await pool.close();
      await other.close();
    }
  });

  it('is undefined (Node defaults) when there is no extra CA', () => {
    expect(secureContextFor(undefined)).toBeUndefined();
    expect(trustedCas(undefined, {})).toBeUndefined();
    expect(trustedCas('  ', {})).toBeUndefined();
  });
});
