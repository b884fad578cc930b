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
  onEvent?(info: { type: string; fileKey: string | undefined; action: 'pull' | 'queued' | 'ignored' | 'rejected'; reason?: string }): void;
  /** A pull that failed; the receiver keeps serving. */
  onError?(err: unknown): void;
}

export interface RunningReceiver {
  url: string;
  /** Resolves when no pull is running or queued (tests wait on it instead of sleeping). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

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

  const server: Server = createServer({ cert: opts.tls.cert, key: opts.tls.key }, (req, res) => {
    const answer = (status: number, message: string): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status, message }));
    };
    if (req.method !== 'POST') return answer(405, 'Webhook events are delivered by POST.');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        answer(413, 'Event body too large.');
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      let event: WebhookEvent & { passcode?: unknown };
      try {
        event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WebhookEvent & { passcode?: unknown };
      } catch {
        log({ type: 'unknown', fileKey: undefined, action: 'rejected', reason: 'body is not JSON' });
        return answer(400, 'Body is not JSON.');
      }
      if (!passcodeMatches(opts.passcode, event.passcode)) {
        log({ type: String(event.event_type), fileKey: event.file_key, action: 'rejected', reason: 'wrong passcode' });
        return answer(403, 'Wrong passcode.');
      }
      const type = String(event.event_type);
      if (type === 'FILE_UPDATE' && event.file_key === opts.fileKey) {
        const { passcode: _drop, ...clean } = event;
        log({ type, fileKey: event.file_key, action: schedule(clean) });
      } else {
        log({ type, fileKey: event.file_key, action: 'ignored' });
      }
      answer(200, 'ok');
    });
  });
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
