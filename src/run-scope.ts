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

/** Runs `fn` (and everything it starts, awaited or not) with this folder and environment. */
export function withRunScope<T>(run: RunScope, fn: () => T): T {
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
