/**
 * The seeded random fault schedules (at least 200 in `npm test`, README "Reliability"), as one suite that
 * faults-random.test.ts and faults-random-2.test.ts each run over their own half of the seeds, so the two
 * halves run in parallel. `node scripts/fault-soak.mjs` runs more. A failure names its seed:
 * FAULT_SEED=<seed> FAULT_SCHEDULES=1 replays it.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { randomSchedule, runSchedule } from './schedules.js';

/** `offset` moves this half's seeds away from the other half's. */
export function randomScheduleSuite(offset: number): void {
  const count = Number(process.env['FAULT_SCHEDULES'] ?? 100);
  const seed = Number(process.env['FAULT_SEED'] ?? 11_000) + offset;

  const emu = useEmulator();

  describe('fault suite, random schedules', () => {
    it(`${count} seeded schedules from seed ${seed} all converge with no duplicate`, async () => {
      const failures: string[] = [];
      let runs = 0;
      let requests = 0;
      for (let i = 0; i < count; i++) {
        const s = randomSchedule(seed + i);
        const o = await runSchedule(emu, s);
        runs += o.runs;
        requests += o.requests;
        if (o.problems.length > 0) failures.push(`${s.name}: ${o.problems.join('; ')}`);
      }
      expect(failures).toEqual([]);
      console.log(
        `fault suite (random): ${count} schedules from seed ${seed}, ${runs} runs, ${requests} requests, 0 duplicates, 0 lost, all converged`,
      );
    }, 600_000);
  });
}
