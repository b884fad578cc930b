/**
 * Every fault kind at every request of the plan, for push and for sync, plus a run stopped after each
 * request (README "Reliability"). In process (schedules.ts), over HTTPS to the local service.
 */
import { describe, expect, it } from 'vitest';
import { exhaustive, runInLanes, useLanes } from './schedules.js';

const lanes = useLanes();

// An initial push: GET, POST, PUT, GET (verify), GET (file version). A sync with a new token and a
// service edit: GET, POST, PUT, GET, GET.
const REQUESTS = 5;

describe('fault suite, exhaustive', () => {
  for (const mode of ['push', 'sync'] as const) {
    it(`${mode}: every fault kind at every request, and a stop after every request, converges with no duplicate`, async () => {
      const schedules = exhaustive(mode, REQUESTS);
      const failures: string[] = [];
      const firsts = new Map<string, number>();
      const outcomes = await runInLanes(lanes, schedules);
      schedules.forEach((s, i) => {
        const o = outcomes[i]!;
        firsts.set(o.first, (firsts.get(o.first) ?? 0) + 1);
        if (o.problems.length > 0) failures.push(`${s.name}: ${o.problems.join('; ')}`);
      });
      expect(failures).toEqual([]);
      console.log(
        `fault suite (${mode}, exhaustive): ${schedules.length} schedules, 0 duplicates, all converged; first runs ended: ${[...firsts].map(([k, n]) => `${k} ${n}`).join(', ')}`,
      );
    }, 120_000);
  }
});
