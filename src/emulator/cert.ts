/**
 * TLS material for the local service, made at start ("HTTPS only, with a certificate made at
 * start (no private key committed)"). A throwaway CA signs a server certificate for 127.0.0.1,
 * ::1 and localhost; callers trust the CA's PEM (never disable verification).
 *
 * Written with node:crypto (ECDSA P-256, fast to generate) and a minimal DER encoder instead of a
 * dependency: the X.509 subset needed here is small and fixed, and the candidate libraries pull in a
 * reflect-metadata polyfill. OpenSSL checks the result on every handshake, and the tests connect with
 * full verification.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';

// ---- DER (ITU-T X.690), just what a certificate needs ----

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}
const seq = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
const explicit = (n: number, inner: Buffer): Buffer => tlv(0xa0 + n, inner);
const octets = (b: Buffer): Buffer => tlv(0x04, b);
const bits = (b: Buffer, unused = 0): Buffer => tlv(0x03, Buffer.concat([Buffer.from([unused]), b]));
const bool = (v: boolean): Buffer => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const utf8 = (s: string): Buffer => tlv(0x0c, Buffer.from(s, 'utf8'));

function integer(b: Buffer): Buffer {
  // Positive: strip leading zeros, then add one back if the top bit is set.
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  const body = b.subarray(i);
  return tlv(0x02, (body[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function time(d: Date): Buffer {
  // UTCTime up to 2049 (RFC 5280 4.1.2.5), GeneralizedTime after.
  const iso = `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(iso.slice(2))) : tlv(0x18, Buffer.from(iso));
}

const OID = {
  ecdsaSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  subjectAltName: '2.5.29.17',
  subjectKeyId: '2.5.29.14',
  authorityKeyId: '2.5.29.35',
};

const name = (cn: string): Buffer => seq(set(seq(oid(OID.commonName), utf8(cn))));
const extension = (id: string, critical: boolean, value: Buffer): Buffer =>
  seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));

function keyId(publicKey: KeyObject): Buffer {
  // RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits (the uncompressed point, 65 bytes).
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha1')
    .update(spki.subarray(spki.length - 65))
    .digest();
}

function pem(label: string, der: Buffer): string {
  const b64 = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

interface CertSpec {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signingKey: KeyObject;
  issuerKeyId: Buffer;
  extensions: Buffer[];
  days: number;
}

function certificate(spec: CertSpec): string {
  const now = Date.now();
  const alg = seq(oid(OID.ecdsaSha256));
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(randomBytes(16)),
    alg,
    name(spec.issuer),
    seq(time(new Date(now - 60 * 60 * 1000)), time(new Date(now + spec.days * 24 * 60 * 60 * 1000))),
    name(spec.subject),
    spec.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      seq(
        ...spec.extensions,
        extension(OID.subjectKeyId, false, octets(keyId(spec.publicKey))),
        extension(OID.authorityKeyId, false, seq(tlv(0x80, spec.issuerKeyId))),
      ),
    ),
  );
  const signature = sign('sha256', tbs, spec.signingKey); // DER ECDSA-Sig-Value
  return pem('CERTIFICATE', seq(tbs, alg, bits(signature)));
}

export interface CertificateAuthority {
  /** PEM of the CA certificate: what clients trust. */
  cert: string;
  /** Issues a server certificate for these DNS names and IP addresses. */
  issue(hosts: string[]): { cert: string; key: string };
}

/** A fresh CA (valid 1 year) whose key lives only in memory. */
export function createCertificateAuthority(commonName = 'tokensync local CA'): CertificateAuthority {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const caKeyId = keyId(publicKey);
  const cert = certificate({
    subject: commonName,
    issuer: commonName,
    publicKey,
    signingKey: privateKey,
    issuerKeyId: caKeyId,
    days: 365,
    extensions: [
      extension(OID.basicConstraints, true, seq(bool(true), integer(Buffer.from([0])))),
      extension(OID.keyUsage, true, bits(Buffer.from([0x06]), 1)), // keyCertSign, cRLSign
    ],
  });
  return {
    cert,
    issue(hosts) {
      const leaf = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const san = hosts.map((h) => {
        const family = isIP(h);
        if (family === 4) return tlv(0x87, Buffer.from(h.split('.').map(Number)));
        if (family === 6) return tlv(0x87, ipv6Bytes(h));
        return tlv(0x82, Buffer.from(h, 'ascii'));
      });
      const leafCert = certificate({
        subject: hosts[0] ?? 'localhost',
        issuer: commonName,
        publicKey: leaf.publicKey,
        signingKey: privateKey,
        issuerKeyId: caKeyId,
        days: 365,
        extensions: [
          extension(OID.basicConstraints, true, seq()),
          extension(OID.keyUsage, true, bits(Buffer.from([0x80]), 7)), // digitalSignature
          extension(OID.extKeyUsage, false, seq(oid(OID.serverAuth))),
          extension(OID.subjectAltName, false, seq(...san)),
        ],
      });
      return { cert: leafCert, key: leaf.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    },
  };
}

function ipv6Bytes(ip: string): Buffer {
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return Buffer.from(
    groups.flatMap((g: string) => {
      const v = parseInt(g, 16);
      return [v >> 8, v & 0xff];
    }),
  );
}
