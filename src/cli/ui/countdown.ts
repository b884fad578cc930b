/**
 * What a person sees while tokensync waits: a countdown that redraws once a second on a
 * terminal during a rate-limit wait, one plain line in CI or a pipe.
 */
import type { Reporter } from '../context.js';

export interface WaitNotice {
  seconds: number;
  reason: 'rate-limit' | 'retry';
  method: string;
}

export function announceWait(out: Reporter, w: WaitNotice): void {
  const what =
    w.reason === 'rate-limit' ? `the service's rate limit (${w.method} answered 429)` : `a retry of ${w.method}`;
  const total = Math.ceil(w.seconds);
  if (total < 1) return;
  if (!out.interactive || !out.status) {
    out.info(`waiting ${total} s for ${what}`);
    return;
  }
  const status = out.status.bind(out);
  const end = Date.now() + w.seconds * 1000;
  const draw = (): void => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    status(`waiting for ${what}: ${left} s left`, { elapsed: false });
    if (left <= 0) {
      clearInterval(timer);
      out.done?.();
    }
  };
  const timer = setInterval(draw, 1000);
  timer.unref();
  draw();
}
