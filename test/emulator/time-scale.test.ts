/** TOKENSYNC_TIME_SCALE (src/time-scale.ts, docs/emulator.md "Time scale"): off unless set, read in one place. */
import { expect, it } from 'vitest';
import { timeScaleFromEnv } from '../../src/time-scale.js';

it('is 1 unless TOKENSYNC_TIME_SCALE is set, and the number when it is', () => {
  expect(timeScaleFromEnv({})).toBe(1);
  expect(timeScaleFromEnv({ TOKENSYNC_TIME_SCALE: '' })).toBe(1);
  expect(timeScaleFromEnv({ TOKENSYNC_TIME_SCALE: '0.01' })).toBe(0.01);
});

it('refuses a value that is not a positive number, naming the variable and the fix', () => {
  expect(() => timeScaleFromEnv({ TOKENSYNC_TIME_SCALE: 'fast' })).toThrowErrorMatchingInlineSnapshot(
    `[Error: TOKENSYNC_TIME_SCALE=fast is not a positive number; set it to e.g. 0.01 (tests only) or unset it.]`,
  );
  expect(() => timeScaleFromEnv({ TOKENSYNC_TIME_SCALE: '0' })).toThrow(/not a positive number/);
});
