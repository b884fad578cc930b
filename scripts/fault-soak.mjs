#!/usr/bin/env node
/**
 * A longer run of the random fault schedules of test/reliability (README "Reliability"): by default
 * 2000 schedules from a seed taken from the clock, printed first so a failure can be replayed:
 *   node scripts/fault-soak.mjs [count] [seed]
 *   FAULT_SEED=<seed of the failing schedule> FAULT_SCHEDULES=1 npx vitest run test/reliability/faults-random.test.ts
 */
import { spawnSync } from 'node:child_process';

const count = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? Date.now() % 1_000_000_000);
process.stdout.write(`fault soak: ${count} schedules from seed ${seed}\n`);
const result = spawnSync('npx', ['vitest', 'run', 'test/reliability/faults-random.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FAULT_SCHEDULES: String(count), FAULT_SEED: String(seed) },
});
process.exit(result.status ?? 1);
