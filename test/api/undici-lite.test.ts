/**
 * The client loads only undici's Agent and request (src/api/undici-lite.ts, issue 6). If an undici
 * upgrade moves those files the client still works through the whole package, only slower: this test
 * is what tells (the first expectation fails), so the paths can be updated.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { secureContextFor } from '../../src/api/transport.js';
import { Agent, request, undiciLite } from '../../src/api/undici-lite.js';
import { startRawServer, type RawServer } from './helpers/raw-server.js';

let server: RawServer;
beforeAll(async () => {
  server = await startRawServer((method, path) => ({
    status: 201,
    body: JSON.stringify({ method, path }),
    headers: { 'x-test': 'yes' },
  }));
});
afterAll(async () => server.close());

it('loads the two undici modules on their own, and they make a request over HTTPS', async () => {
  expect(undiciLite).toBe(true);
  const ctx = secureContextFor([server.ca]);
  const agent = new Agent({ connect: ctx ? { secureContext: ctx } : {} });
  try {
    const res = await request(agent, { origin: server.url, path: '/v1/me?x=1', method: 'PUT', body: '{}' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-test']).toBe('yes');
    expect(await res.body.json()).toEqual({ method: 'PUT', path: '/v1/me?x=1' });
  } finally {
    await agent.close();
  }
});
