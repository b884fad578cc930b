/**
 * `tokensync build --watch` (docs/ci.md "On your machine: the embedded local service"): the real CLI
 * keeps running and rebuilds when a token file changes; a broken file is reported and the last good build
 * stays; a value edit is spliced into the last build and says so; Ctrl-C (SIGINT) stops it.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { createGitRepo, gitEnv } from './git-repo.js';

test('build --watch rebuilds on a token change and keeps the last good build on a broken one', async () => {
  const repo = createGitRepo();
  const child = spawn(process.execPath, [BIN, 'build', '--watch', '--platform', 'css'], {
    cwd: repo.root,
    env: gitEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const until = async (what: () => boolean, label: string): Promise<void> => {
    for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 50));
    if (!what()) throw new Error(`timed out waiting for ${label}\nstdout:\n${out}\nstderr:\n${err}`);
  };
  const css = (): string => readFileSync(path.join(repo.root, 'build/css/tokens.css'), 'utf8');
  try {
    await until(() => out.includes('Watching tokens/'), 'the first build');
    expect(css()).toContain('#2563eb');
    repo.edit('tokens/primitives/value.tokens.json', '"hex": "#2563eb"', '"hex": "#1d4ed8"');
    repo.edit(
      'tokens/primitives/value.tokens.json',
      '0.145098,\n            0.388235,\n            0.921569',
      '0.113725,\n            0.305882,\n            0.847059',
    );
    await until(() => css().includes('#1d4ed8'), 'the rebuild');
    // A value edit is spliced into the one file it touches (docs/architecture.md "Watch").
    await until(() => /spliced the edit into 1 file \(\d+ ms\)\./i.test(out), 'the splice report');
    repo.edit('tokens/primitives/value.tokens.json', '"hex": "#1d4ed8"', '"hex": "#1d4ed8",,');
    await until(() => err.includes('invalid JSON'), 'the error report');
    expect(err).toContain('keeping the last good build');
    expect(css()).toContain('#1d4ed8');
  } finally {
    child.kill('SIGINT');
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  expect([0, 130]).toContain(code);
});

test('build --watch waits while a pull is writing the token files, then builds the state it ends with', async () => {
  const repo = createGitRepo();
  const child = spawn(process.execPath, [BIN, 'build', '--watch', '--platform', 'css'], {
    cwd: repo.root,
    env: gitEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const until = async (what: () => boolean, label: string): Promise<void> => {
    for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 50));
    if (!what()) throw new Error(`timed out waiting for ${label}\n${out}`);
  };
  const css = (): string => readFileSync(path.join(repo.root, 'build/css/tokens.css'), 'utf8');
  try {
    await until(() => out.includes('Watching tokens/'), 'the first build');
    // A pull in progress (this live process holds the mark), half of its files written.
    repo.write('.tokensync/writing.json', `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`);
    repo.edit('tokens/primitives/value.tokens.json', '"hex": "#2563eb"', '"hex": "#1d4ed8"');
    await until(() => out.includes('A pull is writing the token files'), 'the wait');
    expect(css()).toContain('#2563eb');
    // The pull's last file, then its end.
    repo.edit(
      'tokens/primitives/value.tokens.json',
      '0.145098,\n            0.388235,\n            0.921569',
      '0.113725,\n            0.305882,\n            0.847059',
    );
    rmSync(path.join(repo.root, '.tokensync/writing.json'));
    await until(() => css().includes('#1d4ed8'), 'the build after the pull');
  } finally {
    child.kill('SIGINT');
  }
  await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
});
