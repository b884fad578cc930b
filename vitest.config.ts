import { defineConfig } from 'vitest/config';

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
  },
});
