/**
 * The pre-commit framework (Debian's `pre-commit`) installs tokensync's hook from this repository's
 * .pre-commit-hooks.yaml the way a team's machine does (clone at a revision, `npm install`, `npm pack`,
 * install the tarball) and runs it on real commits: a broken alias is refused, a good change passes,
 * and a commit that only deletes a token file is checked too (docs/ci.md "The pre-commit framework").
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { createGitRepo } from '../cli/git-repo.js';
import { checkoutAsRepository, INSTALL_TIMEOUT, installEnv } from './helpers.js';

test(
  'pre-commit installs the tokensync-check hook and runs it, also on a commit that only deletes a token file',
  () => {
    const hooks = checkoutAsRepository();
    const env = installEnv({ PRE_COMMIT_HOME: mkdtempSync(path.join(tmpdir(), 'tokensync-pre-commit-')) });
    const repo = createGitRepo({ env });
    repo.write(
      '.pre-commit-config.yaml',
      `repos:\n  - repo: ${hooks.dir}\n    rev: ${hooks.rev}\n    hooks:\n      - id: tokensync-check\n`,
    );
    repo.git('add', '.pre-commit-config.yaml');
    repo.git('commit', '-qm', 'pre-commit');
    const run = (...args: string[]) => {
      const r = spawnSync(args[0]!, args.slice(1), { cwd: repo.root, env, encoding: 'utf8' });
      return { code: r.status, out: `${r.stdout}${r.stderr}` };
    };
    const installed = run('pre-commit', 'install', '--install-hooks');
    expect(installed.out).toContain('pre-commit installed at .git/hooks/pre-commit');
    expect(installed.code, installed.out).toBe(0);

    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.500}"', '"{color.blue.501}"');
    repo.git('add', '-A');
    const broken = run('git', 'commit', '-m', 'broken alias');
    expect(broken.code).not.toBe(0);
    expect(broken.out).toMatch(
      /tokens\/semantic\/light\.tokens\.json:\d+:\d+ {2}color\.primary {2}alias \{color\.blue\.501\}/,
    );

    repo.edit('tokens/semantic/light.tokens.json', '"{color.blue.501}"', '"{color.blue.400}"');
    repo.git('add', '-A');
    const good = run('git', 'commit', '-m', 'primary is lighter');
    expect(good.out).toMatch(/tokensync check \(staged tokens\)\.+Passed/);
    expect(good.code).toBe(0);

    // Deleting the primitives breaks every alias into them; pre-commit passes deleted files to no
    // `files` filter, so the hook must run anyway.
    repo.git('rm', '-q', 'tokens/primitives/value.tokens.json');
    const deleted = run('git', 'commit', '-m', 'drop the primitives');
    expect(deleted.out).toMatch(/tokensync check \(staged tokens\)\.+Failed/);
    expect(deleted.out).toContain('primitives/value.tokens.json, which does not exist');
    expect(deleted.code).not.toBe(0);
  },
  INSTALL_TIMEOUT,
);
