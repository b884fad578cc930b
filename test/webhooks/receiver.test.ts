/**
 * The webhook receiver faces the internet without a passcode check on the way in (the JSON body `null`
 * once killed `webhooks serve`). Every JSON value type, broken JSON, a huge body and a body trickled
 * slower than the timeout are answered with a status, and afterwards the same receiver still pulls on a
 * real event.
 */
import { connect as tlsConnect } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificateAuthority } from '../../src/emulator/cert.js';
import { parseEventBody, startWebhookReceiver, type RunningReceiver } from '../../src/webhooks/receiver.js';

const PASSCODE = 'receiver-passcode-3c1d';
const FILE = 'FILEKEY1';
const ca = createCertificateAuthority('tokensync receiver tests');
const dispatcher = new Agent({ connect: { ca: ca.cert } });
let receiver: RunningReceiver;
const pulls: unknown[] = [];
const events: string[] = [];
const errors: unknown[] = [];

async function post(body: string | Buffer): Promise<number> {
  const res = await request(receiver.url, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json' },
    body,
  });
  await res.body.dump();
  return res.statusCode;
}

beforeAll(async () => {
  const tls = ca.issue(['127.0.0.1']);
  receiver = await startWebhookReceiver({
    tls,
    passcode: PASSCODE,
    fileKey: FILE,
    requestTimeoutMs: 600,
    onFileUpdate: async (e) => void pulls.push(e),
    onEvent: (e) => events.push(`${e.type}:${e.action}${e.reason ? `:${e.reason}` : ''}`),
    onError: (e) => errors.push(e),
  });
});

afterAll(async () => {
  await receiver.close();
  await dispatcher.close();
});

describe('webhook receiver under hostile bodies', () => {
  it('answers every JSON value type and broken JSON with 400 or 403, never crashing', async () => {
    const bodies: [string, number][] = [
      ['null', 400],
      ['true', 400],
      ['false', 400],
      ['0', 400],
      ['-1.5e300', 400],
      ['"FILE_UPDATE"', 400],
      ['[]', 400],
      [`[{"passcode":"${PASSCODE}"}]`, 400],
      ['{}', 403],
      ['{"passcode":null}', 403],
      ['{"passcode":{"toString":1}}', 403],
      ['{"event_type":{"toString":1,"valueOf":2},"passcode":"x"}', 403],
      ['{"event_type":[],"file_key":{},"passcode":["a"]}', 403],
      ['{"__proto__":{"passcode":"x"}}', 403],
      ['', 400],
      ['{', 400],
      ['{"a":}', 400],
      ['\u0000\u00ff', 400],
      ['nul', 400],
      [`${'['.repeat(100_000)}`, 400],
    ];
    const got: [string, number][] = [];
    for (const [body] of bodies) got.push([body.slice(0, 60), await post(body)]);
    expect(got).toEqual(bodies.map(([b, s]) => [b.slice(0, 60), s]));
    // An event with an object where the type should be, but the right passcode: ignored, not a crash.
    expect(await post(JSON.stringify({ event_type: { toString: 1 }, file_key: FILE, passcode: PASSCODE }))).toBe(200);
    expect(pulls).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('refuses a huge body with 413 without buffering it', async () => {
    const huge = Buffer.alloc(8 << 20, 0x20);
    // The answer itself, never a connection reset in its place.
    expect(await post(huge)).toBe(413);
    expect(events).toContain('unknown:rejected:body too large');
  });

  it('closes a connection whose body trickles slower than the request timeout', async () => {
    const socket = tlsConnect({ host: '127.0.0.1', port: Number(new URL(receiver.url).port), ca: ca.cert });
    await new Promise<void>((resolve, reject) => socket.once('secureConnect', () => resolve()).once('error', reject));
    socket.write(
      'POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 100);
    const closed = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => {});
      setTimeout(() => resolve('still open after 5 s'), 5000);
    });
    clearInterval(trickle);
    socket.destroy();
    expect(closed).not.toBe('still open after 5 s');
  });

  it('still pulls on a genuine event afterwards', async () => {
    expect(
      await post(JSON.stringify({ event_type: 'FILE_UPDATE', file_key: FILE, passcode: PASSCODE, timestamp: 'now' })),
    ).toBe(200);
    await receiver.idle();
    expect(pulls).toEqual([{ event_type: 'FILE_UPDATE', file_key: FILE, timestamp: 'now' }]);
    expect(JSON.stringify(pulls)).not.toContain(PASSCODE);
  });

  it('reduces bodies to an event or a reason (pure)', () => {
    expect(parseEventBody(Buffer.from('null'))).toEqual({ ok: false, reason: 'body is not a JSON object' });
    expect(parseEventBody(Buffer.from('{"event_type":1,"passcode":"p"}'))).toEqual({
      ok: true,
      event: { event_type: 'unknown' },
      passcode: 'p',
    });
  });
});
