/**
 * The tarball route kept inside the team's repository (README "Install it into your project"): the
 * tarball is committed under vendor/, package.json and the lock file record `file:vendor/…` (a path
 * inside the repository, never `../tokensync/…`), and `npm ci` on a fresh clone installs it and runs it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createGitRepo, REPO_ROOT } from '../cli/git-repo.js';
import { INSTALL_TIMEOUT, installEnv } from './helpers.js';

test(
  'a tarball committed under vendor/ survives npm ci on a clean clone',
  () => {
    const env = installEnv();
    const repo = createGitRepo({ env });
    const sh = (cwd: string, cmd: string, ...args: string[]): string =>
      execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    mkdirSync(path.join(repo.root, 'vendor'));
    // dist/ is built already (npm run build:ts before the tests), so packing needs no script.
    const tgz = sh(REPO_ROOT, 'npm', 'pack', '--ignore-scripts', '--pack-destination', path.join(repo.root, 'vendor'))
      .trim()
      .split('\n')
      .pop()!;
    repo.write('package.json', '{ "name": "team-app", "private": true }\n');
    sh(repo.root, 'npm', 'install', '--save-dev', `./vendor/${tgz}`);
    const pkg = JSON.parse(repo.read('package.json')) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies['tokensync']).toBe(`file:vendor/${tgz}`);
    expect(repo.read('package-lock.json')).not.toContain('../');
    repo.git('add', '-A');
    repo.git('commit', '-qm', 'tokensync from vendor/');

    const clone = path.join(mkdtempSync(path.join(tmpdir(), 'tokensync-clone-')), 'app');
    sh(tmpdir(), 'git', 'clone', '-q', repo.root, clone);
    sh(clone, 'npm', 'ci');
    expect(sh(clone, 'npx', '--no-install', 'tokensync', 'check')).toContain('no problems');
    expect(readFileSync(path.join(clone, 'node_modules/tokensync/package.json'), 'utf8')).toContain(
      '"name": "tokensync"',
    );
  },
  INSTALL_TIMEOUT,
);
