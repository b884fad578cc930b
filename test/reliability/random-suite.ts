/**
 * The seeded random fault schedules (at least 200 in `npm test`, README "Reliability"), as one suite that
 * faults-random.test.ts and faults-random-2.test.ts each run over their own half of the seeds, so the two
 * halves run in parallel. `node scripts/fault-soak.mjs` runs more. A failure names its seed:
 * FAULT_SEED=<seed> FAULT_SCHEDULES=1 replays it.
 */
import { describe, expect, it } from 'vitest';
import { randomSchedule, runInLanes, useLanes } from './schedules.js';

/** `offset` moves this half's seeds away from the other half's. */
export function randomScheduleSuite(offset: number): void {
  const count = Number(process.env['FAULT_SCHEDULES'] ?? 100);
  const seed = Number(process.env['FAULT_SEED'] ?? 11_000) + offset;

  const lanes = useLanes();

  describe('fault suite, random schedules', () => {
    it(`${count} seeded schedules from seed ${seed} all converge with no duplicate`, async () => {
      const failures: string[] = [];
      let runs = 0;
      let requests = 0;
      const schedules = Array.from({ length: count }, (_, i) => randomSchedule(seed + i));
      const outcomes = await runInLanes(lanes, schedules);
      schedules.forEach((s, i) => {
        const o = outcomes[i]!;
        runs += o.runs;
        requests += o.requests;
        if (o.problems.length > 0) failures.push(`${s.name}: ${o.problems.join('; ')}`);
      });
      expect(failures).toEqual([]);
      console.log(
        `fault suite (random): ${count} schedules from seed ${seed}, ${runs} runs, ${requests} requests, 0 duplicates, 0 lost, all converged`,
      );
    }, 600_000);
  });
}
