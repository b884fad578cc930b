/**
 * The pre-commit use (docs/ci.md "Pre-commit"): `tokensync check --staged` judges the token set as git
 * would commit it, and `tokensync init` installs a plain git hook that runs it. Every case is a real
 * temporary git repository and a real `git commit` that runs the installed hook.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { createGitRepo, gitEnv } from './git-repo.js';

const BROKEN_ALIAS: [string, string, string] = [
  'semantic/light.tokens.json',
  '"{color.blue.500}"',
  '"{color.blue.501}"',
];

async function hooked(opts: Parameters<typeof createGitRepo>[0] = {}) {
  const repo = createGitRepo(opts);
  const cwd = opts.subdir ? path.join(repo.root, opts.subdir) : repo.root;
  const init = await runCli(['init', '--hook'], { cwd, env: gitEnv() });
  expect(init.stderr).toBe('');
  expect(init.code).toBe(0);
  return { repo, cwd, init };
}

describe('tokensync check --staged', () => {
  test('init installs an executable git hook that runs check --staged', async () => {
    const { repo, init } = await hooked();
    const hook = path.join(repo.root, '.git', 'hooks', 'pre-commit');
    expect(init.stdout).toContain('Installed the pre-commit hook .git/hooks/pre-commit');
    expect(statSync(hook).mode & 0o111).not.toBe(0);
    expect(readFileSync(hook, 'utf8')).toContain('check --staged');
    // Running init --hook again updates its own hook instead of refusing.
    const again = await runCli(['init', '--hook'], { cwd: repo.root, env: gitEnv() });
    expect(again.stdout).toContain('Updated the pre-commit hook');
  });

  test('a staged broken alias is rejected, with file:line:col; the commit does not happen', async () => {
    const { repo } = await hooked();
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, BROKEN_ALIAS[1], BROKEN_ALIAS[2]);
    repo.git('add', '-A');
    const commit = repo.tryGit('commit', '-m', 'broken alias');
    expect(commit.code).not.toBe(0);
    expect(commit.out).toMatch(
      /tokens\/semantic\/light\.tokens\.json:\d+:\d+ {2}color\.primary {2}alias \{color\.blue\.501\} points to no token/,
    );
    expect(commit.out).toContain('as staged (the git index)');
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('1');
  });

  test('a good change is accepted and committed', async () => {
    const { repo } = await hooked();
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, BROKEN_ALIAS[1], '"{color.blue.400}"');
    repo.git('add', '-A');
    const commit = repo.tryGit('commit', '-m', 'primary is lighter');
    expect(commit.out).toContain('as staged: no problems');
    expect(commit.code).toBe(0);
    expect(repo.git('rev-list', '--count', 'HEAD').trim()).toBe('2');
  });

  test('staged breakage is refused even when the work tree has an unstaged fix', async () => {
    const { repo, cwd } = await hooked();
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, BROKEN_ALIAS[1], BROKEN_ALIAS[2]);
    repo.git('add', '-A');
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, BROKEN_ALIAS[2], BROKEN_ALIAS[1]); // fixed, not staged
    expect((await runCli(['check'], { cwd, env: gitEnv() })).code).toBe(0); // the work tree is fine
    const staged = await runCli(['check', '--staged'], { cwd, env: gitEnv() });
    expect(staged.code).toBe(1);
    expect(repo.tryGit('commit', '-m', 'x').code).not.toBe(0);
  });

  test('a staged fix passes while the work tree is still broken (only the index counts)', async () => {
    const { repo, cwd } = await hooked();
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, BROKEN_ALIAS[1], '"{color.blue.400}"');
    repo.git('add', '-A');
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, '"{color.blue.400}"', BROKEN_ALIAS[2]); // broken, not staged
    expect((await runCli(['check'], { cwd, env: gitEnv() })).code).toBe(1);
    expect((await runCli(['check', '--staged'], { cwd, env: gitEnv() })).code).toBe(0);
    expect(repo.tryGit('commit', '-m', 'good staged change').code).toBe(0);
  });

  test('`git commit -a` is judged by the index git builds for it (GIT_INDEX_FILE)', async () => {
    const { repo } = await hooked();
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, BROKEN_ALIAS[1], BROKEN_ALIAS[2]); // not staged by hand
    const commit = repo.tryGit('commit', '-a', '-m', 'broken via -a');
    expect(commit.code).not.toBe(0);
    expect(commit.out).toContain('alias {color.blue.501} points to no token');
  });

  test('staging the removal of a primitive breaks the file that aliases it: refused', async () => {
    const { repo, cwd } = await hooked();
    const file = 'tokens/primitives/value.tokens.json';
    const json = JSON.parse(repo.read(file)) as { color: { blue: Record<string, unknown> } };
    delete json.color.blue['500'];
    repo.write(file, `${JSON.stringify(json, null, 2)}\n`);
    repo.git('add', file);
    // Checking only the staged file misses it; the whole staged set does not.
    expect((await runCli(['check', 'tokens/primitives/value.tokens.json'], { cwd, env: gitEnv() })).stdout).toContain(
      '1 file checked: no problems',
    );
    const staged = await runCli(['check', '--staged'], { cwd, env: gitEnv() });
    expect(staged.code).toBe(1);
    expect(staged.stdout).toMatch(
      /tokens\/semantic\/light\.tokens\.json:\d+:\d+ {2}color\.primary {2}alias \{color\.blue\.500\} points to no token/,
    );
    expect(repo.tryGit('commit', '-m', 'remove blue 500').code).not.toBe(0);
  });

  test('a whole token file staged for deletion is judged too', async () => {
    const { repo, cwd } = await hooked();
    repo.git('rm', '-q', 'tokens/semantic/dark.tokens.json');
    const staged = await runCli(['check', '--staged'], { cwd, env: gitEnv() });
    expect(staged.code).toBe(1);
    expect(staged.stdout).toContain('the resolver lists semantic/dark.tokens.json, which does not exist');
  });

  test('a project in a subfolder of the repository: the hook passes --config', async () => {
    const { repo } = await hooked({ subdir: 'design' });
    const hook = readFileSync(path.join(repo.root, '.git', 'hooks', 'pre-commit'), 'utf8');
    expect(hook).toContain('--config design/config/tokensync.yaml');
    repo.edit(`tokens/${BROKEN_ALIAS[0]}`, BROKEN_ALIAS[1], BROKEN_ALIAS[2]);
    repo.git('add', '-A');
    const commit = repo.tryGit('commit', '-m', 'broken');
    expect(commit.code).not.toBe(0);
    expect(commit.out).toContain('design/tokens/semantic/light.tokens.json');
  });

  test('with husky in use, init writes no hook and prints the line to add', async () => {
    const repo = createGitRepo();
    mkdirSync(path.join(repo.root, '.husky'));
    const init = await runCli(['init', '--hook'], { cwd: repo.root, env: gitEnv() });
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('This repository uses husky; add this to .husky/pre-commit');
    expect(init.stdout).toContain('npx --no-install tokensync check --staged');
    expect(existsSync(path.join(repo.root, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  test('a foreign pre-commit hook is left alone', async () => {
    const repo = createGitRepo();
    const hook = path.join(repo.root, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const init = await runCli(['init', '--hook'], { cwd: repo.root, env: gitEnv() });
    expect(init.stdout).toContain('already exists and is not tokensync');
    expect(readFileSync(hook, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
  });

  test('outside a git repository --staged says so', async () => {
    const repo = createGitRepo();
    const { rmSync } = await import('node:fs');
    rmSync(path.join(repo.root, '.git'), { recursive: true, force: true });
    const r = await runCli(['check', '--staged'], { cwd: repo.root, env: gitEnv() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not inside a git repository');
  });

  test('the config is judged as staged too: a staged namespace change is refused for the files it no longer fits', async () => {
    const { repo, cwd } = await hooked();
    repo.edit('config/tokensync.yaml', 'namespace: none', 'namespace: collection');
    repo.git('add', 'config/tokensync.yaml');
    repo.edit('config/tokensync.yaml', 'namespace: collection', 'namespace: none'); // not staged
    expect((await runCli(['check'], { cwd, env: gitEnv() })).code).toBe(0);
    const staged = await runCli(['check', '--staged'], { cwd, env: gitEnv() });
    expect(staged.code).toBe(1);
    expect(staged.stdout).toContain(
      'with tokens.namespace: collection, every token of this file sits under the group "primitives"',
    );
    expect(repo.tryGit('commit', '-m', 'namespaces').code).not.toBe(0);
  });
});
