/**
 * The connection pool (transport.ts, docs/architecture.md "Transport and trust"). What a failed
 * attempt means for a write: a deadline that passes before the request is on a connection means
 * nothing was sent, so even a POST may be tried again; one that passes after leaves the outcome
 * unknown. Closing the pool lets a request on it finish.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { type AttemptRequest, attempt, ConnectionPool } from '../../src/api/transport.js';
import { Trust } from '../../src/api/trust.js';
import { startRawServer } from './helpers/raw-server.js';

const POST: AttemptRequest = { method: 'POST', path: '/v1/x', headers: {}, body: Buffer.from('{}') };

function outcome(r: Awaited<ReturnType<typeof attempt>>): unknown {
  return r.kind === 'network' ? { notSent: r.notSent, tls: r.tls } : r.kind === 'response' ? r.status : r.kind;
}

it('a connection that never completes its TLS handshake: the POST was not sent', async () => {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pool = new ConnectionPool(new Trust(undefined, {}), 200);
  try {
    const { port } = server.address() as AddressInfo;
    const r = await attempt(pool, `https://127.0.0.1:${port}`, POST, 200);
    expect(outcome(r)).toEqual({ notSent: true, tls: false });
  } finally {
    for (const s of sockets) s.destroy();
    await pool.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

it('a POST whose deadline passes while it waits for one of the 8 busy connections was not sent, and says so at its deadline', async () => {
  let held = 0;
  let answering = false;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = await startRawServer(async () => {
    // The 8 connections' requests are held until after the ninth request's deadline.
    if (++held === 8)
      setTimeout(() => {
        answering = true;
        release();
      }, 300);
    await released;
    return { status: 200, body: '{}' };
  });
  const pool = new ConnectionPool(new Trust(server.ca, {}), 10_000);
  try {
    const busy = Array.from({ length: 8 }, () => attempt(pool, server.url, POST, 10_000));
    const queued = attempt(pool, server.url, POST, 100);
    expect(outcome(await queued)).toEqual({ notSent: true, tls: false });
    // Its deadline ended the attempt, not a connection coming free.
    expect(answering).toBe(false);
    expect((await Promise.all(busy)).map(outcome)).toEqual(Array(8).fill(200));
    // The service saw the 8, never the ninth, even once a connection came free (close waits for queued requests).
    await pool.close();
    expect(held).toBe(8);
  } finally {
    await pool.close();
    await server.close();
  }
});

it('closing the pool while a request is on it lets that request finish', async () => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived: () => void = () => {};
  const onServer = new Promise<void>((resolve) => (arrived = resolve));
  const server = await startRawServer(async () => {
    arrived();
    await released;
    return { status: 200, body: '{}' };
  });
  const pool = new ConnectionPool(new Trust(server.ca, {}), 10_000);
  try {
    const running = attempt(pool, server.url, POST, 10_000);
    await onServer;
    const closed = pool.close();
    release();
    expect(outcome(await running)).toBe(200);
    await closed;
  } finally {
    await server.close();
  }
});
