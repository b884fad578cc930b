/**
 * The pre-commit hook `tokensync init` installs: `tokensync check --staged`,
 * which validates the whole token set as git would commit it. A plain git hook by default; when the
 * repository already uses husky, lefthook or the pre-commit framework, nothing is written and the line
 * to add is printed instead (their files are the user's, and each has its own format).
 */
import { existsSync, realpathSync } from 'node:fs';
import { chmod, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic.js';
import { git } from '../git/run.js';

export const HOOK_MARKER = '# tokensync pre-commit hook';

export type HookOutcome =
  | { kind: 'not-git' }
  | { kind: 'installed' | 'updated'; file: string }
  | { kind: 'manager'; manager: 'husky' | 'lefthook' | 'pre-commit'; file: string; snippet: string }
  | { kind: 'foreign'; file: string; snippet: string };

/** The check command as run from the repository's top folder (where git runs hooks). */
function checkCommand(projectFromTop: string): string {
  const config = projectFromTop === '' ? '' : ` --config ${shellQuote(`${projectFromTop}/config/tokensync.yaml`)}`;
  return `tokensync${config} check --staged`;
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

export function hookScript(projectFromTop: string): string {
  const bin = `${projectFromTop === '' ? '' : `${projectFromTop}/`}node_modules/.bin/tokensync`;
  const args = checkCommand(projectFromTop).slice('tokensync'.length);
  return [
    '#!/bin/sh',
    `${HOOK_MARKER} (written by \`tokensync init\`; rerun it to update this file).`,
    '# Checks the token files as they will be committed (the git index, not the work tree), so a staged',
    '# change that breaks another token file is refused. Skip once with `git commit --no-verify`.',
    `if [ -x ${shellQuote(bin)} ]; then`,
    `  exec ${shellQuote(bin)}${args}`,
    'fi',
    `exec npx --no-install tokensync${args}`,
    '',
  ].join('\n');
}

export async function installHook(root: string): Promise<HookOutcome> {
  const top = await git(['rev-parse', '--show-toplevel'], { cwd: root }).catch(() => undefined);
  if (top?.code !== 0) return { kind: 'not-git' };
  const toplevel = top.stdout.toString('utf8').trim();
  const fromTop = path.relative(toplevel, realpathSync(root)).split(path.sep).join('/');
  const command = checkCommand(fromTop);
  const npx = `npx --no-install ${command}`;

  if (existsSync(path.join(toplevel, '.husky'))) {
    return { kind: 'manager', manager: 'husky', file: '.husky/pre-commit', snippet: npx };
  }
  for (const name of ['lefthook.yml', 'lefthook.yaml', '.lefthook.yml', '.lefthook.yaml']) {
    if (existsSync(path.join(toplevel, name))) {
      return {
        kind: 'manager',
        manager: 'lefthook',
        file: name,
        snippet: `pre-commit:\n  commands:\n    tokensync:\n      run: ${npx}`,
      };
    }
  }
  if (existsSync(path.join(toplevel, '.pre-commit-config.yaml'))) {
    return {
      kind: 'manager',
      manager: 'pre-commit',
      file: '.pre-commit-config.yaml',
      snippet: `- repo: local\n  hooks:\n    - id: tokensync-check\n      name: tokensync check --staged\n      entry: ${npx}\n      language: system\n      pass_filenames: false\n      files: '(\\.tokens\\.json|tokens\\.resolver\\.json|tokensync\\.yaml)$'`,
    };
  }

  // `--git-path hooks` honours core.hooksPath and worktrees; relative to the top folder.
  const hooks = await git(['rev-parse', '--git-path', 'hooks'], { cwd: toplevel });
  const dir = path.resolve(toplevel, hooks.stdout.toString('utf8').trim());
  const file = path.join(dir, 'pre-commit');
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current !== undefined && !current.includes(HOOK_MARKER)) {
    return { kind: 'foreign', file, snippet: npx };
  }
  await writeFileAtomic(file, hookScript(fromTop), { mode: 0o755 });
  await chmod(file, 0o755); // the umask may have taken the execute bits
  return { kind: current === undefined ? 'installed' : 'updated', file };
}

/** What init says about the hook. */
export function describeHook(outcome: HookOutcome, root: string): string {
  switch (outcome.kind) {
    case 'not-git':
      return 'Not a git repository, so no pre-commit hook was installed (after `git init`, run `tokensync init --hook`).';
    case 'installed':
    case 'updated':
      return `${outcome.kind === 'installed' ? 'Installed' : 'Updated'} the pre-commit hook ${path.relative(root, outcome.file) || outcome.file}: every commit runs \`tokensync check --staged\`.`;
    case 'manager':
      return `This repository uses ${outcome.manager}; add this to ${outcome.file} to check the staged tokens before each commit:\n${indent(outcome.snippet)}`;
    case 'foreign':
      return `${path.relative(root, outcome.file)} already exists and is not tokensync's; add this line to it:\n${indent(outcome.snippet)}`;
  }
}

const indent = (s: string): string =>
  s
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
