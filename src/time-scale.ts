/**
 * The time-scale knob for tests (docs/emulator.md "Time scale"): `TOKENSYNC_TIME_SCALE` multiplies the
 * local service's clock (delays, Retry-After windows, webhook deadlines, token expiry) and the client's
 * waits between attempts (backoff and Retry-After), so a schedule of faults is proven without waiting
 * real seconds. Unset, it is 1: users never get it by default. Read here and nowhere else, from the
 * run's environment (run-scope.ts) unless one is given.
 */
import { runEnv } from './run-scope.js';

export const TIME_SCALE_ENV = 'TOKENSYNC_TIME_SCALE';

export function timeScaleFromEnv(env: NodeJS.ProcessEnv = runEnv()): number {
  const raw = env[TIME_SCALE_ENV];
  if (raw === undefined || raw.trim() === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`${TIME_SCALE_ENV}=${raw} is not a positive number; set it to e.g. 0.01 (tests only) or unset it.`);
  return scale;
}
