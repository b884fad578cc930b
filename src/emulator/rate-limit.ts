/**
 * Per-token rate limit (spec "Errors" 429 + Retry-After, numbers "not shown"): a fixed window
 * of one minute (times `timeScale`) and `limit` calls in it. A variables batch is one request and so
 * one call; `/v1/me` is exempt (the caller skips it). Retry-After is whole seconds of real time until
 * the window ends, at least 1 (RFC 9110 10.2.3 delay-seconds).
 */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: string, now: number): RateDecision {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count >= this.limit) {
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) };
    }
    w.count++;
    return { ok: true };
  }

  reset(): void {
    this.windows.clear();
  }
}
