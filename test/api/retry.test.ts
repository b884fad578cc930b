import { describe, expect, it } from 'vitest';
import { backoffSeconds, decide, parseRetryAfter, withinBudget } from '../../src/api/retry.js';

const NOW = new Date('2025-03-01T12:00:00Z');
const fixed = () => 0.5; // no jitter

describe('Retry-After', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });
  it('reads an HTTP-date as seconds from now, rounding up, never negative', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:01:30 GMT', NOW)).toBe(90);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', NOW)).toBe(0);
  });
  it('ignores absent or unreadable values so the backoff applies', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter('-5', NOW)).toBeUndefined();
    expect(parseRetryAfter('1.5', NOW)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles from half a second and is capped at 16 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffSeconds(n, fixed))).toEqual([0.5, 1, 2, 4, 8, 16, 16]);
  });
  it('jitters within ±20 %', () => {
    expect(backoffSeconds(2, () => 0)).toBeCloseTo(1.6);
    expect(backoffSeconds(2, () => 1)).toBeCloseTo(2.4);
  });
});

describe('which outcomes are retried', () => {
  const status = (s: number, retryAfter?: string) => ({ kind: 'status' as const, status: s, retryAfter });
  it('retries GET and PUT on 5xx, 429 and network errors', () => {
    for (const m of ['GET', 'PUT']) {
      expect(decide(m, status(503), NOW, 0, fixed).action).toBe('retry');
      expect(decide(m, status(429, '3'), NOW, 0, fixed)).toEqual({
        action: 'retry',
        waitSeconds: 3,
        rateLimited: true,
      });
      expect(decide(m, { kind: 'network', notSent: false }, NOW, 1, fixed)).toEqual({
        action: 'retry',
        waitSeconds: 1,
        rateLimited: false,
      });
    }
  });
  it('never replays a POST whose outcome is unknown', () => {
    expect(decide('POST', status(500), NOW, 0).action).toBe('unknown-outcome');
    expect(decide('POST', status(502, '1'), NOW, 0).action).toBe('unknown-outcome');
    expect(decide('POST', { kind: 'network', notSent: false }, NOW, 0).action).toBe('unknown-outcome');
  });
  it('retries a POST refused with 429 (no effect) or never sent (connection refused)', () => {
    expect(decide('POST', status(429, 'Sat, 01 Mar 2025 12:00:10 GMT'), NOW, 0)).toEqual({
      action: 'retry',
      waitSeconds: 10,
      rateLimited: true,
    });
    expect(decide('POST', { kind: 'network', notSent: true }, NOW, 0).action).toBe('retry');
  });
  it('does not retry other client errors', () => {
    for (const s of [400, 403, 404, 409, 422]) expect(decide('GET', status(s), NOW, 0).action).toBe('fail');
  });
  it('honours Retry-After on a 503 for idempotent methods', () => {
    expect(decide('GET', status(503, '7'), NOW, 0, fixed)).toEqual({
      action: 'retry',
      waitSeconds: 7,
      rateLimited: false,
    });
  });
});

describe('budget', () => {
  const state = { retriesDone: 0, maxRetries: 4, waitedSeconds: 50, budgetSeconds: 60 };
  it('allows a wait that fits the remaining budget', () => {
    expect(withinBudget(state, 10)).toEqual({ ok: true });
  });
  it('refuses a wait past the budget, and retries past the maximum', () => {
    expect(withinBudget(state, 10.5)).toEqual({ ok: false, reason: 'budget' });
    expect(withinBudget({ ...state, retriesDone: 4 }, 0)).toEqual({ ok: false, reason: 'retries' });
  });
});
