/**
 * A lock merged by git (docs/sync.md "Locks after a merge"): two branches that both synced leave
 * conflict markers in tokens/sync.lock.json. `check` (and so the pre-commit hook) refuses it at its
 * line with the way out, and the sync commands refuse it the same way instead of calling it corrupt.
 */
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { conflictMarkerLine } from '../../src/tokens/lock-check.js';
import { createGitRepo, gitEnv } from './git-repo.js';

function conflictedRepo() {
  const repo = createGitRepo({ withTokens: true });
  const lock = 'tokens/sync.lock.json';
  const version = /"remoteVersion": "[^"]*"/;
  repo.git('checkout', '-q', '-b', 'other');
  repo.write(lock, repo.read(lock).replace(version, '"remoteVersion": "other-branch"'));
  repo.git('commit', '-qam', 'other sync');
  repo.git('checkout', '-q', 'main');
  repo.write(lock, repo.read(lock).replace(version, '"remoteVersion": "main-branch"'));
  repo.git('commit', '-qam', 'main sync');
  expect(repo.tryGit('merge', 'other').code).not.toBe(0);
  return repo;
}

describe('a lock with merge-conflict markers', () => {
  test('finds the first marker line, and only real markers', () => {
    expect(conflictMarkerLine('{\n<<<<<<< HEAD\n"a": 1\n=======\n"a": 2\n>>>>>>> other\n}')).toBe(2);
    expect(conflictMarkerLine('{\n  "note": "<<<<<<< not at the start"\n}')).toBeUndefined();
  });

  test('check fails at the marker, naming the way out; check --staged (the hook) too; diff refuses', async () => {
    const repo = conflictedRepo();
    const check = await runCli(['check'], { cwd: repo.root, env: gitEnv() });
    expect(check.code).toBe(1);
    const line = check.stdout.split('\n').find((l) => l.includes('sync.lock.json'));
    expect(line).toMatch(/^tokens\/sync\.lock\.json:\d+:1/);
    expect(check.stdout).toContain('the lock still holds merge-conflict markers');
    expect(check.stdout).toContain('run `tokensync pull`');

    repo.git('add', 'tokens/sync.lock.json');
    const staged = await runCli(['check', '--staged'], { cwd: repo.root, env: gitEnv() });
    expect(staged.code).toBe(1);
    expect(staged.stdout).toContain('the lock still holds merge-conflict markers');

    const diff = await runCli(['diff'], { cwd: repo.root, env: gitEnv() });
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain('the lock still holds merge-conflict markers');
    expect(diff.stderr).toContain('git checkout --ours or --theirs');
  });
});
