/**
 * The working folder and environment of the command-line run in progress (docs/architecture.md
 * "Testing"). The CLI can run many times in one process (the test suite runs it in-process, each run
 * with its own folder and environment), so code deep under a command that has no `ctx` at hand (a path
 * shown in an error, git's environment, the time-scale default, the local service's extra CAs) reads
 * them here, never from `process` directly. Outside a run they are the process's own.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RunScope {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

const scope = new AsyncLocalStorage<RunScope>();

/**
 * Runs `fn` (and everything it starts, awaited or not) with this folder and environment. A run with
 * the process's own folder and environment, outside any other run (bin/tokensync.js), enters no
 * scope: the readers below fall back to exactly those. Entering one turns on Node's promise hooks for
 * the rest of the process, which on Node 20 makes every promise cost ~2.5 times as much (~35-45 ms of
 * a warm no-op pull's CPU: docs/benchmarks.md "Warm paths: what they load").
 */
export function withRunScope<T>(run: RunScope, fn: () => T): T {
  if (run.env === process.env && run.cwd === process.cwd() && scope.getStore() === undefined) return fn();
  return scope.run(run, fn);
}

/** The working folder of the run in progress (relative paths and shown paths start here). */
export function runCwd(): string {
  return scope.getStore()?.cwd ?? process.cwd();
}

/** The environment of the run in progress. */
export function runEnv(): NodeJS.ProcessEnv {
  return scope.getStore()?.env ?? process.env;
}
