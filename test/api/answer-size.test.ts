/**
 * A size cap on answers (without one, a 600 MB answer took 1.3 GB of memory before failing). Bytes are
 * counted as they stream in and reading stops at the cap, whether or not the answer declares its length.
 * Uses a raw HTTPS server: the local service never sends such answers.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiResponseTooLargeError, ApiUnknownOutcomeError, createClient } from '../../src/api/index.js';
import { createCertificateAuthority } from '../../src/emulator/cert.js';

const authority = createCertificateAuthority('tokensync size-cap CA');
let server: Server;
let url = '';
let sentChunks = 0;

beforeAll(async () => {
  const { cert, key } = authority.issue(['127.0.0.1']);
  server = createServer({ cert, key }, (req, res) => {
    req.resume();
    if (req.url?.includes('declared')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('{');
      return; // never sends the rest: the client must refuse from the header
    }
    // Chunked, no length: 64 KiB at a time for as long as the client reads (up to 40 MB).
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (sentChunks < 640 && !res.destroyed) {
        sentChunks++;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    res.on('error', () => {});
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = () =>
  createClient({
    baseUrl: url,
    ca: authority.cert,
    auth: { kind: 'token', token: 'size-cap-token' },
    maxResponseBytes: 1024 * 1024,
    timeScale: 0.001,
  });

describe('answer size cap', () => {
  it('stops reading a streamed answer at the cap, with a clear error naming the request', async () => {
    const c = client();
    const err = await c.getLocalVariables('FILE').catch((e: unknown) => e);
    await c.close();
    expect(err).toBeInstanceOf(ApiResponseTooLargeError);
    expect((err as Error).message).toMatchInlineSnapshot(
      `"GET ${url}/v1/files/FILE/variables/local -> 200: the answer is larger than 1 MB; tokensync stopped reading it after 1 MB rather than hold it in memory."`,
    );
    // Not retried (the same request gets the same answer), and far less than the 40 MB was sent.
    expect(sentChunks).toBeLessThan(640);
  });

  it('refuses an answer whose declared length is over the cap without reading it', async () => {
    const c = createClient({
      baseUrl: `${url}/declared`,
      ca: authority.cert,
      auth: { kind: 'token', token: 'size-cap-token' },
      maxResponseBytes: 1024 * 1024,
    });
    const err = await c.getLocalVariables('FILE').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiResponseTooLargeError);
    expect((err as Error).message).toContain('stopped reading it after 0 MB');
    // A write whose answer is too large was applied but cannot be read: an unknown outcome, never replayed.
    const post = await c.postVariables('FILE', { variables: [] } as never).catch((e: unknown) => e);
    expect(post).toBeInstanceOf(ApiUnknownOutcomeError);
    await c.close();
  });
});
