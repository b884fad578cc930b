/**
 * Webhook delivery (spec "Events"): every event is POSTed as JSON to the webhook's HTTPS endpoint with
 * the registration passcode. The endpoint must answer 200 within 10 seconds.
 *
 * Choices where the spec is silent ("Retry behaviour of deliveries: not shown"), modelled on the real
 * service and documented in docs/emulator.md:
 * - An event is tried up to 3 times, 1 s and then 5 s apart (times timeScale).
 * - A failed attempt is anything but a 200 within 10 s (times timeScale): other statuses, TLS or
 *   connection errors, timeouts. After 3 failed attempts in a row (across events) the webhook turns
 *   PAUSED and gets nothing more; a 200 resets the count. A paused webhook is never reactivated.
 * - No PING event on creation (the spec lists none).
 */
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { WebhookRecord } from './state.js';

export const ATTEMPTS_PER_EVENT = 3;
export const PAUSE_AFTER_FAILURES = 3;
const RETRY_DELAYS_MS = [1000, 5000];
const RESPONSE_DEADLINE_MS = 10_000;

export interface DeliveryAttempt {
  webhookId: string;
  eventType: string;
  attempt: number;
  /** HTTP status received, or null when there was none. */
  status: number | null;
  ok: boolean;
  error: string | null;
  at: string;
}

export interface DeliveryHost {
  timeScale: number;
  /** CAs trusted for endpoints: the system's, ours, NODE_EXTRA_CA_CERTS (Node adds those) and `trustCa`. */
  extraCa: string[];
  webhook(id: string): WebhookRecord | undefined;
  /** Called after a status or failure count changed, so the state is saved. */
  changed(): Promise<void>;
  nowIso(): string;
}

export class WebhookDispatcher {
  readonly log: DeliveryAttempt[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly host: DeliveryHost) {}

  send(hook: WebhookRecord, payload: Record<string, unknown>): void {
    if (hook.status !== 'ACTIVE' || this.closed) return;
    const p = this.deliver(hook.id, { ...payload, passcode: hook.passcode, webhook_id: hook.id }).finally(() =>
      this.pending.delete(p),
    );
    this.pending.add(p);
  }

  /** Resolves when every delivery started so far has finished (tests use it instead of sleeping). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async deliver(id: string, payload: Record<string, unknown>): Promise<void> {
    for (let attempt = 1; attempt <= ATTEMPTS_PER_EVENT; attempt++) {
      const hook = this.host.webhook(id);
      if (hook?.status !== 'ACTIVE' || this.closed) return;
      const result = await this.post(hook.endpoint, payload);
      this.log.push({
        webhookId: id,
        eventType: String(payload['event_type']),
        attempt,
        status: result.status,
        ok: result.ok,
        error: result.error,
        at: this.host.nowIso(),
      });
      const now = this.host.webhook(id);
      if (!now) return;
      if (result.ok) {
        if (now.consecutiveFailures !== 0) {
          now.consecutiveFailures = 0;
          await this.host.changed();
        }
        return;
      }
      now.consecutiveFailures++;
      if (now.consecutiveFailures >= PAUSE_AFTER_FAILURES) now.status = 'PAUSED';
      await this.host.changed();
      if (now.status === 'PAUSED') return;
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) return;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          this.timers.delete(t);
          resolve();
        }, delay * this.host.timeScale);
        this.timers.add(t);
      });
    }
  }

  private post(
    endpoint: string,
    payload: Record<string, unknown>,
  ): Promise<{ ok: boolean; status: number | null; error: string | null }> {
    const body = Buffer.from(JSON.stringify(payload));
    const deadline = RESPONSE_DEADLINE_MS * this.host.timeScale;
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: { ok: boolean; status: number | null; error: string | null }): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        resolve(r);
      };
      const req = request(
        endpoint,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            'user-agent': 'tokensync-emulator-webhooks',
          },
          ca: [...rootCertificates, ...this.host.extraCa],
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            done({
              ok: res.statusCode === 200,
              status: res.statusCode ?? null,
              error: res.statusCode === 200 ? null : `answered ${res.statusCode}`,
            }),
          );
          res.on('error', (e) => done({ ok: false, status: res.statusCode ?? null, error: e.message }));
        },
      );
      const timer = setTimeout(
        () => done({ ok: false, status: null, error: `no answer within ${RESPONSE_DEADLINE_MS / 1000} s` }),
        deadline,
      );
      req.on('error', (e) => done({ ok: false, status: null, error: e.message }));
      req.end(body);
    });
  }
}
