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

/** The lock as a hunk-by-hunk merge can leave it: valid JSON, two ids' names crossed. */
function crossedRepo() {
  const repo = createGitRepo({ withTokens: true });
  const file = 'tokens/sync.lock.json';
  const lock = JSON.parse(repo.read(file)) as { variables: Record<string, { name: string }> };
  const a = lock.variables['VariableID:1:10']!; // space/2, FLOAT
  const b = lock.variables['VariableID:1:3']!; // color/blue/500, COLOR
  [a.name, b.name] = [b.name, a.name];
  repo.write(file, `${JSON.stringify(lock, null, 2)}\n`);
  repo.git('commit', '-qam', 'merge other (lock taken hunk by hunk)');
  return repo;
}

describe('a lock merged hunk by hunk into valid JSON', () => {
  test('check names each crossed id at its line with the way out; the hook too; diff refuses before any request', async () => {
    const repo = crossedRepo();
    const check = await runCli(['check'], { cwd: repo.root, env: gitEnv() });
    expect(check.code).toBe(1);
    const lines = check.stdout.split('\n').filter((l) => l.startsWith('tokens/sync.lock.json:'));
    expect(lines.map((l) => l.replace(/:\d+:\d+/, ':L:C'))).toMatchInlineSnapshot(`
      [
        "tokens/sync.lock.json:L:C  -  the lock records "primitives/color/blue/500" (VariableID:1:10) as FLOAT, but the token files define it as COLOR: the ids no longer match the tokens",
        "tokens/sync.lock.json:L:C  -  the lock records "primitives/space/2" (VariableID:1:3) as COLOR, but the token files define it as FLOAT: the ids no longer match the tokens",
      ]
    `);
    expect(check.stdout).toContain('git checkout <branch> -- tokens/sync.lock.json');

    const staged = await runCli(['check', '--staged'], { cwd: repo.root, env: gitEnv() });
    expect(staged.code).toBe(1);
    expect(staged.stdout).toContain('the ids no longer match the tokens');

    const diff = await runCli(['diff'], { cwd: repo.root, env: gitEnv() });
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain('the ids no longer match the tokens');

    // The documented way out: one branch's lock back, then a pull.
    repo.git('checkout', 'HEAD~1', '--', 'tokens/sync.lock.json');
    expect((await runCli(['pull'], { cwd: repo.root, env: gitEnv() })).code).toBe(0);
    expect((await runCli(['check'], { cwd: repo.root, env: gitEnv() })).code).toBe(0);
    expect((await runCli(['diff'], { cwd: repo.root, env: gitEnv() })).code).toBe(0);
  });
});
