/**
 * Answers the local service never gives on purpose: a body that breaks the API schema, and a
 * certificate nobody configured. Served by a raw HTTPS server (see helpers/raw-server.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiNetworkError, ApiSchemaError, InsecureUrlError, createClient } from '../../src/api/index.js';
import { startRawServer, type RawServer } from './helpers/raw-server.js';

const TOKEN = 'pat-schema-test-0123456789';
let server: RawServer;
let bodies: Record<string, string>;

beforeAll(async () => {
  bodies = {};
  server = await startRawServer((_method, path) => ({ status: 200, body: bodies[path] ?? '{}' }));
});
afterAll(async () => server.close());

function client(extra: { ca?: string } = { ca: server.ca }) {
  return createClient({ baseUrl: server.url, auth: { kind: 'token', token: TOKEN }, ...extra, env: {}, maxRetries: 0 });
}

describe('responses that do not match the API', () => {
  it('names the endpoint and the field for a wrong type deep in the variables map', async () => {
    bodies['/v1/files/F1/variables/local'] = JSON.stringify({
      meta: {
        variableCollections: {},
        variables: {
          'VariableID:1:2': {
            id: 'VariableID:1:2',
            name: 'a',
            key: 'k',
            variableCollectionId: 'c',
            resolvedType: 'COLOR',
            scopes: 'ALL_SCOPES',
            valuesByMode: {},
            description: '',
          },
        },
      },
    });
    const c = client();
    const err = await c.getLocalVariables('F1').catch((e: unknown) => e);
    await c.close();
    expect(err).toBeInstanceOf(ApiSchemaError);
    const e = err as ApiSchemaError;
    expect(e.endpoint).toBe('GET /v1/files/:file_key/variables/local');
    expect(e.field).toBe('meta.variables["VariableID:1:2"].scopes');
    expect(e.message.replace(server.url, 'https://HOST')).toMatchInlineSnapshot(
      `"GET https://HOST/v1/files/F1/variables/local -> 200: the answer of GET /v1/files/:file_key/variables/local does not match the API: field meta.variables["VariableID:1:2"].scopes: Invalid input: expected array, received string."`,
    );
  });

  it('names a missing field of a list entry by index', async () => {
    bodies['/v1/files/F1/comments'] = JSON.stringify({
      comments: [{ id: '1', message: 'hi', created_at: 't', resolved_at: null, order_id: '1' }],
    });
    const c = client();
    const err = (await c.getComments('F1').catch((e: unknown) => e)) as ApiSchemaError;
    await c.close();
    expect(err).toBeInstanceOf(ApiSchemaError);
    expect(err.field).toBe('comments[0].user');
  });

  it('says when the answer is not JSON at all', async () => {
    bodies['/v1/me'] = '<html>proxy login</html>';
    const c = client();
    const err = (await c.getMe().catch((e: unknown) => e)) as ApiSchemaError;
    await c.close();
    expect(err).toBeInstanceOf(ApiSchemaError);
    expect(err.field).toBe('(body)');
    expect(err.message).toContain('is not JSON (24 bytes)');
  });

  it('keeps unknown fields the real service adds', async () => {
    bodies['/v1/me'] = JSON.stringify({
      id: 'u1',
      handle: 'Ada',
      email: 'ada@example.com',
      img_url: 'https://x/y.png',
      team: 'extra',
    });
    const c = client();
    const me = await c.getMe();
    await c.close();
    expect(me).toEqual({
      id: 'u1',
      handle: 'Ada',
      email: 'ada@example.com',
      img_url: 'https://x/y.png',
      team: 'extra',
    });
  });

  it("accepts Figma's image-fills shape and normalizes it to the spec's", async () => {
    bodies['/v1/files/F1/images'] = JSON.stringify({
      error: false,
      status: 200,
      meta: { images: { ref1: 'https://img/1' } },
    });
    const c = client();
    const fills = await c.getImageFills('F1');
    await c.close();
    expect(fills).toEqual({ err: false, images: { ref1: 'https://img/1' } });
  });
});

describe('HTTPS only, with verification', () => {
  it('refuses an http:// base URL before sending anything', () => {
    expect(() =>
      createClient({ baseUrl: 'http://127.0.0.1:1234/api', auth: { kind: 'token', token: TOKEN } }),
    ).toThrowError(InsecureUrlError);
    try {
      createClient({ baseUrl: 'http://127.0.0.1:1234/api', auth: { kind: 'token', token: TOKEN } });
    } catch (e) {
      const err = e as InsecureUrlError;
      expect(`${err.message}\n${err.hint}`).toMatchInlineSnapshot(`
        "The service address http://127.0.0.1:1234/api is not HTTPS; the Design File Service accepts HTTPS only and tokensync never sends a token in clear text.
        Use https://127.0.0.1:1234/api in service.url. For a local service with its own certificate, set service.caFile (or NODE_EXTRA_CA_CERTS) instead of falling back to http."
      `);
    }
  });

  it('refuses credentials in the URL and never repeats them', () => {
    let err: InsecureUrlError | undefined;
    try {
      createClient({ baseUrl: 'https://user:hunter2pass@example.com', auth: { kind: 'token', token: TOKEN } });
    } catch (e) {
      err = e as InsecureUrlError;
    }
    expect(err).toBeInstanceOf(InsecureUrlError);
    expect(`${err?.message} ${err?.hint}`).not.toContain('hunter2pass');
  });

  it('fails with a CA hint, without retrying, when the certificate is not trusted', async () => {
    const events: unknown[] = [];
    const c = createClient({
      baseUrl: server.url,
      auth: { kind: 'token', token: TOKEN },
      env: {},
      maxRetries: 3,
      onRequest: (e) => events.push(e),
    });
    const err = (await c.getMe().catch((e: unknown) => e)) as ApiNetworkError;
    await c.close();
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err.code).toBe('API_TLS');
    expect(err.hint).toContain('service.caFile');
    expect(events).toHaveLength(1);
  });

  it('trusts a CA given through NODE_EXTRA_CA_CERTS', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-ca-'));
    const caFile = path.join(dir, 'ca.pem');
    writeFileSync(caFile, server.ca);
    bodies['/v1/me'] = JSON.stringify({ id: 'u1', handle: 'Ada', email: 'a@b.c', img_url: '' });
    const c = createClient({
      baseUrl: server.url,
      auth: { kind: 'token', token: TOKEN },
      env: { NODE_EXTRA_CA_CERTS: caFile },
    });
    const me = await c.getMe();
    await c.close();
    expect(me.handle).toBe('Ada');
  });
});
