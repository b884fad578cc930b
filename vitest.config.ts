import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    // End-to-end tests start real HTTPS servers and CLI processes; give them room on a 2-core CI box.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two workers on the 2-core box (vitest's default there is one: a file at a time). Forks, each file
    // isolated: the CLI runs in-process in the worker (docs/architecture.md "Testing").
    pool: 'forks',
    maxWorkers: 2,
  },
});
