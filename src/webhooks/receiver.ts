/**
 * The HTTPS endpoint the service delivers webhook events to (spec "Events"). It verifies the
 * passcode in constant time, answers 200 at once (the service pauses endpoints that take more than
 * 10 s), and hands FILE_UPDATE events for the synced file to `onFileUpdate`, one at a time: events
 * that arrive while a pull runs are coalesced into one more pull, since a pull reads the latest state.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface WebhookEvent {
  event_type: string;
  file_key?: string;
  [key: string]: unknown;
}

export interface ReceiverOptions {
  port?: number;
  host?: string;
  tls: { cert: string; key: string };
  passcode: string;
  /** Only events for this file trigger `onFileUpdate`. */
  fileKey: string;
  onFileUpdate(event: WebhookEvent): Promise<void>;
  /** Every event and what was done with it (for the CLI's log lines); never includes the passcode. */
  onEvent?(info: {
    type: string;
    fileKey: string | undefined;
    action: 'pull' | 'queued' | 'ignored' | 'rejected';
    reason?: string;
  }): void;
  /** A pull that failed; the receiver keeps serving. */
  onError?(err: unknown): void;
  /**
   * How long one request may take, body included (default 10 s). A sender that trickles its body
   * slower than this gets its connection closed, so a slow client cannot hold the receiver.
   */
  requestTimeoutMs?: number;
}

export interface RunningReceiver {
  url: string;
  /** Resolves when no pull is running or queued (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;
/** How much of an oversized body is read (and dropped) so its sender can read the 413. */
const DRAIN_LIMIT = 64 << 20;

type Parsed = { ok: true; event: WebhookEvent; passcode: unknown } | { ok: false; reason: string };

/**
 * Any body a stranger can send, reduced to an event or a reason to refuse it (the JSON
 * body `null` used to crash the receiver before the passcode was checked). Only a JSON object is an
 * event (spec "Events": the payload is an object); its fields are read with `typeof` checks, never
 * through `String()` of an attacker's object, which can throw.
 */
export function parseEventBody(body: Buffer): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'body is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, reason: 'body is not a JSON object' };
  const obj = value as Record<string, unknown>;
  const type = typeof obj['event_type'] === 'string' ? obj['event_type'] : 'unknown';
  const fileKey = typeof obj['file_key'] === 'string' ? obj['file_key'] : undefined;
  const { passcode, ...rest } = obj;
  return {
    ok: true,
    event: { ...rest, event_type: type, ...(fileKey !== undefined ? { file_key: fileKey } : {}) },
    passcode,
  };
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Constant-time comparison: equal-length digests, so neither length nor content leaks by timing. */
export function passcodeMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  return timingSafeEqual(digest(expected), digest(given));
}

export async function startWebhookReceiver(opts: ReceiverOptions): Promise<RunningReceiver> {
  let running: Promise<void> | undefined;
  let again = false;
  const log = opts.onEvent ?? (() => {});

  const schedule = (event: WebhookEvent): 'pull' | 'queued' => {
    if (running) {
      again = true;
      return 'queued';
    }
    const loop = async (): Promise<void> => {
      do {
        again = false;
        try {
          await opts.onFileUpdate(event);
        } catch (err) {
          opts.onError?.(err);
        }
      } while (again);
    };
    running = loop().finally(() => {
      running = undefined;
    });
    return 'pull';
  };

  const timeout = opts.requestTimeoutMs ?? 10_000;
  const server: Server = createServer(
    {
      cert: opts.tls.cert,
      key: opts.tls.key,
      requestTimeout: timeout,
      headersTimeout: Math.min(timeout, 60_000),
      connectionsCheckingInterval: Math.min(timeout, 1000),
    },
    (req, res) => {
      const answer = (status: number, message: string): void => {
        if (res.headersSent || res.destroyed) return;
        res
          .writeHead(status, { 'content-type': 'application/json', ...(status === 413 ? { connection: 'close' } : {}) })
          .end(JSON.stringify({ status, message }));
      };
      // A client that goes away mid-body must not become an unhandled 'error' (which ends the process).
      req.on('error', () => {});
      res.on('error', () => {});
      if (req.method !== 'POST') {
        req.resume();
        return answer(405, 'Webhook events are delivered by POST.');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) {
          // Read the rest without keeping it and answer 413 at its end, so the sender (still writing)
          // reads the answer rather than a reset; past DRAIN_LIMIT, or slower than the request
          // timeout, the connection is cut.
          if (!tooLarge) {
            tooLarge = true;
            chunks.length = 0;
            log({ type: 'unknown', fileKey: undefined, action: 'rejected', reason: 'body too large' });
          }
          if (size > DRAIN_LIMIT) req.destroy();
        } else chunks.push(c);
      });
      req.on('end', () => {
        if (tooLarge) return answer(413, `Event body too large (over ${MAX_BODY} bytes).`);
        if (res.headersSent) return;
        try {
          const parsed = parseEventBody(Buffer.concat(chunks));
          if (!parsed.ok) {
            log({ type: 'unknown', fileKey: undefined, action: 'rejected', reason: parsed.reason });
            return answer(
              400,
              parsed.reason === 'body is not JSON' ? 'Body is not JSON.' : 'Body is not a JSON object.',
            );
          }
          const { event } = parsed;
          if (!passcodeMatches(opts.passcode, parsed.passcode)) {
            log({ type: event.event_type, fileKey: event.file_key, action: 'rejected', reason: 'wrong passcode' });
            return answer(403, 'Wrong passcode.');
          }
          if (event.event_type === 'FILE_UPDATE' && event.file_key === opts.fileKey) {
            log({ type: event.event_type, fileKey: event.file_key, action: schedule(event) });
          } else {
            log({ type: event.event_type, fileKey: event.file_key, action: 'ignored' });
          }
          answer(200, 'ok');
        } catch (err) {
          // Nothing above should throw; if it does, this request fails and the receiver keeps serving.
          opts.onError?.(err);
          answer(500, 'The receiver could not handle this event.');
        }
      });
    },
  );
  // TLS handshakes that fail, sockets reset mid-request: the connection ends, the server stays.
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `https://${host}:${address.port}/`,
    async idle() {
      while (running) await running;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      while (running) await running;
    },
  };
}
