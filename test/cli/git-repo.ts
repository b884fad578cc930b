/** A real temporary git repository holding a copy of the demo project (config + tokens/). */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN } from '../helpers/cli.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface GitRepo {
  root: string;
  /** The project folder (config/, tokens/): the root, or the subfolder it was made with. */
  project: string;
  /** The environment its git commands run with. */
  env: NodeJS.ProcessEnv;
  git(...args: string[]): string;
  /** git, returning the exit code and both streams instead of throwing. */
  tryGit(...args: string[]): { code: number; out: string };
  write(rel: string, text: string): void;
  read(rel: string): string;
  edit(rel: string, from: string, to: string): void;
}

/** A clean environment for git: no user config, a fixed identity, and tokensync's own env. */
export function gitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: tmpdir(),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Test',
    GIT_AUTHOR_EMAIL: 'test@example.test',
    GIT_COMMITTER_NAME: 'Test',
    GIT_COMMITTER_EMAIL: 'test@example.test',
    CI: 'true',
    ...extra,
  };
}

/**
 * `withTokens`: copy the demo config and tokens and commit them. tokensync is "installed" the way npm
 * does it: node_modules/.bin/tokensync links to this checkout's bin (node_modules is git-ignored).
 *
 * git makes that repository once per kind (the options) in a worker; every call gets a copy of it
 * (docs/architecture.md "Testing": no process for what git is not under test for). A copy is the
 * same repository: the same commit, index and work tree; git refreshes the index's file times at the
 * first `git status` (tokensync's uncommitted check runs it).
 */
export function createGitRepo(opts: { withTokens?: boolean; subdir?: string; env?: NodeJS.ProcessEnv } = {}): GitRepo {
  const key = JSON.stringify([opts.withTokens !== false, opts.subdir ?? '', opts.env ?? {}]);
  let template = templates.get(key);
  if (!template) {
    template = initialRepo(opts);
    templates.set(key, template);
  }
  return copyGitRepo(template);
}

/** The made repositories, by options, that createGitRepo copies. */
const templates = new Map<string, GitRepo>();

/** A copy of `from` (its .git included) in a new temporary folder: no git process. */
export function copyGitRepo(from: GitRepo, prefix = 'tokensync-git-'): GitRepo {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(from.root, root, { recursive: true });
  return gitRepoAt(root, path.join(root, path.relative(from.root, from.project)), from.env);
}

function initialRepo(opts: { withTokens?: boolean; subdir?: string; env?: NodeJS.ProcessEnv }): GitRepo {
  const root = mkdtempSync(path.join(tmpdir(), 'tokensync-git-template-'));
  const repo = gitRepoAt(root, opts.subdir ? path.join(root, opts.subdir) : root, gitEnv(opts.env));
  repo.git('init', '-q', '-b', 'main');
  mkdirSync(path.join(repo.project, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(BIN, path.join(repo.project, 'node_modules', '.bin', 'tokensync'));
  writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n.tokensync/\nbuild/\n');
  if (opts.withTokens !== false) {
    mkdirSync(path.join(repo.project, 'config'), { recursive: true });
    cpSync(path.join(REPO_ROOT, 'config', 'tokensync.yaml'), path.join(repo.project, 'config', 'tokensync.yaml'));
    cpSync(path.join(REPO_ROOT, 'tokens'), path.join(repo.project, 'tokens'), { recursive: true });
  }
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'initial');
  return repo;
}

function gitRepoAt(root: string, project: string, env: NodeJS.ProcessEnv): GitRepo {
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    root,
    project,
    env,
    git,
    tryGit(...args) {
      const r = spawnSync('git', args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
    },
    write: (rel, text) => {
      mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
      writeFileSync(path.join(project, rel), text);
    },
    read: (rel) => readFileSync(path.join(project, rel), 'utf8'),
    edit(rel, from, to) {
      const text = readFileSync(path.join(project, rel), 'utf8');
      if (!text.includes(from)) throw new Error(`${rel} does not contain ${from}`);
      writeFileSync(path.join(project, rel), text.replace(from, to));
    },
  };
}
