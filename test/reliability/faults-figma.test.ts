/**
 * The fault suite against the service speaking Figma's dialect (one POST with every action and
 * `variableModeValues`, docs/api-client.md "Dialects"): every fault kind at every request of an initial
 * push (GET, POST, GET, GET), and a stop after each. The one write is a POST, so every unknown outcome
 * here is settled.
 */
import { describe, expect, it } from 'vitest';
import { exhaustive, runInLanes, useLanes } from './schedules.js';

const lanes = useLanes({ api: 'figma' });

describe('fault suite, figma dialect', () => {
  it('push: every fault kind at every request, and a stop after every request, converges with no duplicate', async () => {
    const schedules = exhaustive('push', 4);
    const failures: string[] = [];
    const outcomes = await runInLanes(lanes, schedules);
    schedules.forEach((s, i) => {
      const problems = outcomes[i]!.problems;
      if (problems.length > 0) failures.push(`${s.name}: ${problems.join('; ')}`);
    });
    expect(failures).toEqual([]);
    console.log(
      `fault suite (push, figma dialect, exhaustive): ${schedules.length} schedules, 0 duplicates, all converged`,
    );
  }, 120_000);
});
