/**
 * The install tests (docs/ci.md "Install routes") run real package-manager installs; they are slow and
 * network-bound, so `npm test` leaves them out and `npm run test:install` (and CI) runs them.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { gitEnv, REPO_ROOT } from '../cli/git-repo.js';

/** A slow install may take minutes on a shared machine; this is a ceiling, never a measurement. */
export const INSTALL_TIMEOUT = 20 * 60_000;

/** gitEnv, with npm's own cache and config (the user's HOME), preferring what the cache holds. */
export function installEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return gitEnv({
    npm_config_cache: process.env['npm_config_cache'] ?? path.join(homedir(), '.npm'),
    npm_config_userconfig: path.join(homedir(), '.npmrc'),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    ...extra,
  });
}

/**
 * This checkout as a git repository of its own: the files git would commit (tracked, and new files
 * not ignored), committed once, so a hook manager can clone it at a revision like any hook repository.
 */
export function checkoutAsRepository(): { dir: string; rev: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-hookrepo-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f !== '' && existsSync(path.join(REPO_ROOT, f)));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(path.join(REPO_ROOT, f), path.join(dir, f));
  }
  const env = gitEnv();
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'tokensync');
  return { dir, rev: git('rev-parse', 'HEAD') };
}
