/**
 * Runs git as a child process (`check --staged`): the one place tokensync calls git.
 * The run's environment (run-scope.ts) is passed through on purpose: inside a pre-commit hook git sets GIT_INDEX_FILE
 * (a temporary index for `git commit -a` or `git commit <paths>`), and reading that index is the point.
 */
import { spawn } from 'node:child_process';
import { TokensyncError } from '../errors.js';
import { runEnv } from '../run-scope.js';

export class GitError extends TokensyncError {
  override name = 'GitError';
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

export function git(args: string[], opts: { cwd: string; input?: string }): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: opts.cwd, env: runEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new GitError(
          'GIT_MISSING',
          err.code === 'ENOENT' ? '`git` was not found on PATH.' : `git could not be started (${err.message}).`,
          {
            hint: 'Install git (https://git-scm.com/downloads), or run `tokensync check` without --staged to check the work tree.',
            cause: err,
          },
        ),
      ),
    );
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out), stderr, code }));
    child.stdin.on('error', () => undefined); // git may exit before reading all of stdin; its exit code tells
    child.stdin.end(opts.input ?? '');
  });
}
