/**
 * Seeded random fault schedules for push and sync (issue 11, "Done when": at least 200 in `npm test`;
 * `node scripts/fault-soak.mjs` runs more). A failure names its seed: FAULT_SEED=<seed>
 * FAULT_SCHEDULES=1 replays it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { randomSchedule, runSchedule } from './schedules.js';

// Two files of 100 (faults-random.test.ts and this one, seeds 100000 apart) so the two halves run in parallel.
const COUNT = Number(process.env['FAULT_SCHEDULES'] ?? 100);
const SEED = Number(process.env['FAULT_SEED'] ?? 11_000) + 100_000;

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu?.close();
});

describe('fault suite, random schedules', () => {
  it(`${COUNT} seeded schedules from seed ${SEED} all converge with no duplicate`, async () => {
    const failures: string[] = [];
    let runs = 0;
    let requests = 0;
    for (let i = 0; i < COUNT; i++) {
      const s = randomSchedule(SEED + i);
      const o = await runSchedule(emu, s);
      runs += o.runs;
      requests += o.requests;
      if (o.problems.length > 0) failures.push(`${s.name}: ${o.problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
    console.log(`fault suite (random): ${COUNT} schedules from seed ${SEED}, ${runs} runs, ${requests} requests, 0 duplicates, 0 lost, all converged`);
  }, 600_000);
});
