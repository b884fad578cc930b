/**
 * The retry policy, pure (docs/architecture.md "Apply"): which outcome of which method may be tried
 * again, how long to wait, and when the wait is over budget. `http.ts` does the waiting.
 *
 * - GET and PUT are idempotent: retried on network errors, 5xx and 429.
 * - POST is not: a 429 was refused before any effect and may be retried; a 5xx, reset, timeout or
 *   truncated answer leaves the outcome unknown and is never replayed. A connection that was never
 *   made (refused, DNS, connect timeout) sent nothing, so any method may try again.
 * - DELETE (spec is silent): its end state is idempotent, so it is retried like PUT; a 404 on a
 *   retry after an attempt with unknown outcome means the earlier attempt did delete (see http.ts).
 */

export type Attempt =
  | { kind: 'status'; status: number; retryAfter: string | undefined }
  | { kind: 'network'; notSent: boolean };

export type Decision =
  | { action: 'retry'; waitSeconds: number; rateLimited: boolean }
  | { action: 'fail' }
  | { action: 'unknown-outcome' };

export interface RetryState {
  /** 0 for the first retry decision (after the first attempt). */
  retriesDone: number;
  maxRetries: number;
  /** Seconds already waited in this call. */
  waitedSeconds: number;
  budgetSeconds: number;
}

export type BudgetVerdict = { ok: true } | { ok: false; reason: 'budget' | 'retries' };

/** Exponential backoff without a Retry-After: 0.5 s, 1 s, 2 s, 4 s … capped at 16 s, with ±20 % jitter. */
export function backoffSeconds(retriesDone: number, random: () => number = Math.random): number {
  const base = Math.min(16, 0.5 * 2 ** retriesDone);
  return base * (0.8 + 0.4 * random());
}

/**
 * `Retry-After` in both forms (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns seconds
 * (never negative), or undefined when absent or unreadable (then the backoff applies).
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // Only accept something that looks like an HTTP-date, not any string Date.parse happens to take.
  if (!/^[A-Za-z]{3},? /.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

export function decide(
  method: string,
  attempt: Attempt,
  now: Date,
  retriesDone: number,
  random?: () => number,
): Decision {
  const idempotent = method === 'GET' || method === 'PUT' || method === 'DELETE' || method === 'HEAD';
  if (attempt.kind === 'network') {
    if (attempt.notSent || idempotent)
      return { action: 'retry', waitSeconds: backoffSeconds(retriesDone, random), rateLimited: false };
    return { action: 'unknown-outcome' };
  }
  const { status } = attempt;
  if (!isRetryableStatus(status)) return { action: 'fail' };
  if (status === 429) {
    return {
      action: 'retry',
      waitSeconds: parseRetryAfter(attempt.retryAfter, now) ?? backoffSeconds(retriesDone, random),
      rateLimited: true,
    };
  }
  // 5xx
  if (!idempotent) return { action: 'unknown-outcome' };
  return {
    action: 'retry',
    waitSeconds: parseRetryAfter(attempt.retryAfter, now) ?? backoffSeconds(retriesDone, random),
    rateLimited: false,
  };
}

/** Whether one more wait of `waitSeconds` is allowed. */
export function withinBudget(state: RetryState, waitSeconds: number): BudgetVerdict {
  if (state.retriesDone >= state.maxRetries) return { ok: false, reason: 'retries' };
  if (state.waitedSeconds + waitSeconds > state.budgetSeconds) return { ok: false, reason: 'budget' };
  return { ok: true };
}
