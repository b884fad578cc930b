import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds of wall time per file (two workers, 25 Nov 2026: the mean of two fresh-clone runs on the
 * shared box, the second, at load 5-8, scaled to the first's total file time; the files whose held
 * requests are released by the service clock from the second alone), for every file over about 1.5 s.
 * Vitest orders a run by the durations it recorded in the last one; a fresh clone has none, and vitest
 * then runs larger files first, so small slow files (a random fault half is one line, after-create.test.ts
 * 91 lines for 15 s) would start last and run on while the other worker has nothing left to do. With
 * this table the fresh run goes longest first, as a warm one does.
 */
const SECONDS: Record<string, number> = {
  'test/concurrency/kills.test.ts': 39.2,
  'test/e2e/product-ci.test.ts': 28.2,
  'test/reliability/faults-random-2.test.ts': 17.4,
  'test/concurrency/after-create.test.ts': 15.9,
  'test/reliability/faults-random.test.ts': 14.0,
  'test/build/browser.test.ts': 13.3,
  'test/cli/pre-commit.test.ts': 12.4,
  'test/e2e/overrides-partial.test.ts': 11.7,
  'test/realworld/realworld.test.ts': 9.9,
  'test/reliability/signals.test.ts': 9.8,
  'test/e2e/first-day.test.ts': 8.1,
  'test/reliability/faults-exhaustive.test.ts': 7.9,
  'test/e2e/sync-loads.test.ts': 7.4,
  'test/architecture/imports.test.ts': 7.0,
  'test/differential/terrazzo.test.ts': 6.9,
  'test/emulator/cli.test.ts': 5.9,
  'test/cli/package.test.ts': 5.2,
  'test/e2e/check-loads.test.ts': 4.9,
  'test/e2e/sync.test.ts': 4.6,
  'test/tokens/pull-edit.test.ts': 3.1,
  'test/overrides/docs-browser.test.ts': 4.2,
  'test/concurrency/many-hands.test.ts': 3.7,
  'test/cli/output.test.ts': 3.4,
  'test/reliability/faults-figma.test.ts': 3.2,
  'test/e2e/dialects.test.ts': 3.0,
  'test/bad-input/corpus.test.ts': 2.8,
  'test/e2e/styles-build.test.ts': 2.6,
  'test/emulator/webhooks.test.ts': 2.5,
  'test/build/watch-resolver.test.ts': 2.3,
  'test/migrate/import-studio.e2e.test.ts': 2.2,
  'test/reliability/unknown-outcomes.test.ts': 2.2,
  'test/api/tls-context.test.ts': 2.2,
  'test/concurrency/schedules.test.ts': 2.0,
  'test/bench/generate.test.ts': 2.0,
  'test/build/watch-splice.test.ts': 1.9,
  'test/emulator/variables.test.ts': 1.9,
  'test/e2e/webhooks.test.ts': 1.8,
  'test/e2e/demo.test.ts': 1.8,
  'test/e2e/code-syntax.test.ts': 1.7,
  'test/cli/build-watch.test.ts': 1.7,
  'test/cli/lock-merge.test.ts': 1.7,
  'test/e2e/product-local-clone.test.ts': 1.6,
  'test/e2e/overrides-figma.test.ts': 1.6,
  'test/build/typescript-compile.test.ts': 1.5,
  'test/e2e/styles-pull.test.ts': 1.5,
};

/**
 * Vitest's order (failed, then longest first) once it knows every file's duration; before that, the
 * files of SECONDS longest first, then the rest in vitest's order.
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const key = (f: TestSpecification): string => relative(this.ctx.config.root, f.moduleId).split('\\').join('/');
    if (sorted.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${key(f)}`))) return sorted;
    const seconds = (f: TestSpecification): number => SECONDS[key(f)] ?? 0;
    return [...sorted].sort((a, b) => seconds(b) - seconds(a));
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
