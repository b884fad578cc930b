/**
 * Commands that read or write a project refuse to run outside one (outside a project `check`
 * passed on nothing and `pull` wrote into whatever folder it ran in). Light on purpose: `check` uses it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TokensyncError } from '../errors.js';

export class ProjectError extends TokensyncError {
  override name = 'ProjectError';
}

/** `file` is what the config loader read: undefined when no config/tokensync.yaml was found. */
export function requireProject(file: string | undefined, cwd: string): void {
  if (file !== undefined) return;
  throw new ProjectError(
    'NO_PROJECT',
    `No tokensync project here: there is no config/tokensync.yaml in ${cwd} or any folder above it.`,
    {
      hint: 'Start one with `tokensync init` in the project folder, run the command from inside a project, or pass --config FILE.',
    },
  );
}

/** Files named on the command line must exist: a typo must not pass as "no problems". */
export function requireFiles(files: readonly string[], cwd: string): void {
  const missing = files.find((f) => !existsSync(path.resolve(cwd, f)));
  if (missing === undefined) return;
  // Wording shared with the bad-input corpus (test/bad-input).
  throw new ProjectError('CHECK_FILE_MISSING', `${missing} does not exist, so it cannot be checked.`, {
    hint: 'Check the path (relative to the current folder), or run `tokensync check` with no file to check the whole set.',
  });
}
