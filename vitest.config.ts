import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (seconds of wall time, two workers, measured on the shared
 * box under load). Several are small files (a random fault half is one line), so in a fresh clone,
 * where vitest has no durations yet and runs larger files first, they would start last and run on
 * while the other worker has nothing left to do.
 */
const SLOW_FIRST = [
  'test/e2e/product-ci.test.ts', // 148
  'test/concurrency/kills.test.ts', // 142
  'test/build/browser.test.ts', // 75
  'test/reliability/faults-random.test.ts', // 70
  'test/reliability/faults-random-2.test.ts', // 63
  'test/e2e/first-day.test.ts', // 53
  'test/differential/terrazzo.test.ts', // 50
  'test/e2e/overrides-partial.test.ts', // 47
  'test/realworld/realworld.test.ts', // 46
  'test/reliability/faults-exhaustive.test.ts', // 39
  'test/e2e/check-loads.test.ts', // 39
  'test/cli/pre-commit.test.ts', // 37
  'test/reliability/signals.test.ts', // 37
];

/** Vitest's order (failed, then longest first) once it knows every file's duration; before that, SLOW_FIRST first. */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (f: TestSpecification): string => relative(this.ctx.config.root, f.moduleId).split('\\').join('/');
    if (sorted.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${key(f)}`))) return sorted;
    const rank = (f: TestSpecification): number => {
      const i = SLOW_FIRST.indexOf(key(f));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // End-to-end tests start real HTTPS servers and CLI processes; give them room on a 2-core CI box.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two workers on the 2-core box (vitest's default there is one: a file at a time). Forks, not
    // isolated: each worker loads src/, commander, undici and the rest once for all the files it runs,
    // instead of once per file (about 1.5 s of CPU per end-to-end file). Tests share no state through
    // modules: the CLI reads only its io (docs/architecture.md "Testing").
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    sequence: { sequencer: SlowFirst },
  },
});
