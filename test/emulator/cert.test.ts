import { describe, expect, it } from 'vitest';
import { createServer, request } from 'node:https';
import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createCertificateAuthority } from '../../src/emulator/cert.js';

describe('certificate authority', () => {
  it('issues a server certificate that verifies against the CA for 127.0.0.1, ::1 and localhost', async () => {
    const ca = createCertificateAuthority();
    const leaf = ca.issue(['127.0.0.1', '::1', 'localhost']);
    const x509 = new X509Certificate(leaf.cert);
    expect(x509.verify(new X509Certificate(ca.cert).publicKey)).toBe(true);
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(new X509Certificate(ca.cert).ca).toBe(true);

    const server = createServer({ cert: leaf.cert, key: leaf.key }, (_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port, ca: ca.cert, path: '/' }, (res) => {
        let s = '';
        res.on('data', (c: Buffer) => (s += c.toString()));
        res.on('end', () => resolve(s));
      })
        .on('error', reject)
        .end();
    });
    expect(body).toBe('ok');
    // A client that does not trust our CA is refused: verification stays on.
    const refused = await new Promise<string>((resolve) => {
      request({ host: '127.0.0.1', port, path: '/' }, () => resolve('connected'))
        .on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
        .end();
    });
    expect(refused).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    server.close();
  });
});
