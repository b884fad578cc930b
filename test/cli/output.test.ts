/**
 * Output a person likes (docs/ci.md "Output"): swatches and color on a terminal or with FORCE_COLOR,
 * plain text in CI and under NO_COLOR, errors as JSON on stdout with --json, --quiet, and clear errors
 * outside a project or for a file that does not exist. The real CLI; the embedded local service.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { announceWait } from '../../src/cli/ui/countdown.js';
import { colorEnabled, decorate, swatch } from '../../src/cli/ui/color.js';
import type { Reporter } from '../../src/cli/context.js';
import { runCli } from '../helpers/cli.js';
import { createGitRepo, gitEnv } from './git-repo.js';

const ESC = '\u001b[';

async function changedProject() {
  const repo = createGitRepo();
  expect((await runCli(['designer', 'set', 'color/blue/500', '#1d4ed8'], { cwd: repo.root, env: gitEnv() })).code).toBe(
    0,
  );
  return repo;
}

describe('terminal output', () => {
  test('FORCE_COLOR: the plan shows truecolor swatches for the before and after colors', async () => {
    const repo = await changedProject();
    const r = await runCli(['diff'], { cwd: repo.root, env: gitEnv({ FORCE_COLOR: '1' }) });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`${ESC}48;2;37;99;235m  ${ESC}49m #2563eb`); // before
    expect(r.stdout).toContain(`${ESC}48;2;29;78;216m  ${ESC}49m #1d4ed8`); // after
    expect(r.stdout).toContain(`  ${ESC}33m~${ESC}39m color/blue/500`);
  });

  test('CI and NO_COLOR: plain lines, no escape sequences', async () => {
    const repo = await changedProject();
    for (const env of [gitEnv(), gitEnv({ CI: '', NO_COLOR: '1', FORCE_COLOR: '1' })]) {
      const r = await runCli(['diff'], { cwd: repo.root, env });
      expect(r.code).toBe(2);
      expect(r.stdout).toMatch(/~ color\/blue\/500 +Value: #2563eb -> #1d4ed8 +-> repo/);
      expect(r.stdout + r.stderr).not.toContain('\u001b');
    }
  });

  test('--quiet prints the result only, no progress', async () => {
    const repo = await changedProject();
    const loud = await runCli(['pull'], { cwd: repo.root, env: gitEnv() });
    expect(loud.stdout).toContain('reading variables of demo');
    const repo2 = await changedProject();
    const quiet = await runCli(['--quiet', 'pull'], { cwd: repo2.root, env: gitEnv() });
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).not.toContain('reading variables');
    expect(quiet.stdout).toMatch(/^pull: wrote \d file\(s\)/);
  });

  test('decorate and colorEnabled follow NO_COLOR, FORCE_COLOR, CI and the terminal', () => {
    expect(colorEnabled({}, { isTTY: true })).toBe(true);
    expect(colorEnabled({}, { isTTY: false })).toBe(false);
    expect(colorEnabled({ CI: 'true' }, { isTTY: true })).toBe(false);
    expect(colorEnabled({ NO_COLOR: '1' }, { isTTY: true })).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1', CI: 'true' }, { isTTY: false })).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, { isTTY: true })).toBe(false);
    // A translucent color is drawn as it looks over white: 50 % black is mid grey.
    expect(swatch('#00000080')).toBe(`${ESC}48;2;127;127;127m  ${ESC}49m`);
    expect(decorate('error: boom')).toBe(`${ESC}1m${ESC}31merror:${ESC}39m${ESC}22m boom`);
  });

  test('a rate-limit wait counts down on a terminal and is one plain line in CI', async () => {
    const lines: string[] = [];
    const statuses: string[] = [];
    const base = { warn() {}, result() {}, line() {}, info: (m: string) => lines.push(m) };
    announceWait({ ...base, interactive: false } as Reporter, { seconds: 12, reason: 'rate-limit', method: 'GET' });
    expect(lines).toEqual(["waiting 12 s for the service's rate limit (GET answered 429)"]);
    let done = false;
    // The service's 1.2 s on the test's own clock (Date and the timers), not waited out; restored after.
    vi.useFakeTimers();
    try {
      announceWait(
        { ...base, interactive: true, status: (m: string) => statuses.push(m), done: () => (done = true) } as Reporter,
        { seconds: 1.2, reason: 'rate-limit', method: 'PUT' },
      );
      expect(statuses[0]).toBe("waiting for the service's rate limit (PUT answered 429): 2 s left");
      await vi.advanceTimersByTimeAsync(1000);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1300);
    } finally {
      vi.useRealTimers();
    }
    expect(statuses.at(-1)).toBe("waiting for the service's rate limit (PUT answered 429): 0 s left");
    expect(done).toBe(true);
  });
});

describe('errors', () => {
  test('--json: an error is a JSON document on stdout too', async () => {
    const repo = createGitRepo();
    const r = await runCli(['--json', 'check', 'tokens/nope.tokens.json'], { cwd: repo.root, env: gitEnv() });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      error: {
        code: 'CHECK_FILE_MISSING',
        message: 'tokens/nope.tokens.json does not exist, so it cannot be checked.',
        hint: expect.any(String),
      },
    });
    expect(r.stderr).toContain('error: tokens/nope.tokens.json does not exist');
  });

  test('a named file that does not exist is an error, not "no problems"', async () => {
    const repo = createGitRepo();
    const r = await runCli(['check', 'tokens/missing.tokens.json'], { cwd: repo.root, env: gitEnv() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatchInlineSnapshot(`
      "error: tokens/missing.tokens.json does not exist, so it cannot be checked.
        fix: Check the path (relative to the current folder), or run \`tokensync check\` with no file to check the whole set.
      "
    `);
  });

  test('outside a project, check and pull say how to start one and write nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tokensync-nowhere-'));
    for (const args of [
      ['check'],
      ['pull'],
      ['build'],
      ['check', '--remote'],
      ['login'],
      ['webhooks', 'list', '--team', '1'],
      ['designer', 'set', 'a', '1'],
    ]) {
      const r = await runCli(args, { cwd: dir, env: gitEnv() });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('error: No tokensync project here: there is no config/tokensync.yaml in');
      expect(r.stderr).toContain('fix: Start one with `tokensync init`');
    }
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(path.join(dir, '.tokensync'))).toBe(false);
  });
});

describe('waiting on the service', () => {
  test('a 429 with Retry-After is told as a wait line in CI, then the pull goes on', async () => {
    const { startTestEmulator } = await import('../helpers/emulator.js');
    const { createProject } = await import('../helpers/project.js');
    const emu = await startTestEmulator({ fileKey: 'demo' });
    try {
      const project = createProject(emu);
      await emu.admin.addFault({
        method: 'GET',
        path: '/v1/files/*/variables/local',
        fault: 'rate-limit',
        retryAfter: 1,
      });
      const r = await runCli(['pull'], { cwd: project.root, env: project.env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("waiting 1 s for the service's rate limit (GET answered 429)");
      expect(r.stdout).toContain('pull: wrote');
    } finally {
      await emu.close();
    }
  });
});

describe('progress on a terminal', () => {
  test('a status line redraws in place with a spinner and is cleared before the result; plain lines otherwise', async () => {
    const { PassThrough } = await import('node:stream');
    const { createReporter } = await import('../../src/cli/reporter.js');
    const capture = (tty: boolean) => {
      const stdout = Object.assign(new PassThrough(), { isTTY: tty });
      const stderr = Object.assign(new PassThrough(), { isTTY: tty });
      const text = { out: '', err: '' };
      stdout.on('data', (c: Buffer) => (text.out += c.toString()));
      stderr.on('data', (c: Buffer) => (text.err += c.toString()));
      return { stdout, stderr, text };
    };
    const tty = capture(true);
    const live = createReporter({
      json: false,
      quiet: false,
      stdout: tty.stdout,
      stderr: tty.stderr,
      ci: false,
      env: { TERM: 'xterm-256color' },
    });
    live.status!('PUT variables (1/2)');
    await new Promise((r) => setTimeout(r, 250));
    live.result('push: sent 2 write request(s).', {});
    expect(tty.text.err).toMatch(
      /^\r\u001b\[K\u001b\[2m⠋ PUT variables \(1\/2\)\u001b\[22m\r\u001b\[K\u001b\[2m⠙ PUT variables/,
    );
    expect(tty.text.err.endsWith('\r\u001b[K')).toBe(true); // cleared before the result
    expect(tty.text.out).toBe('push: sent 2 write request(s).\n');

    const ci = capture(false);
    const plain = createReporter({
      json: false,
      quiet: false,
      stdout: ci.stdout,
      stderr: ci.stderr,
      ci: true,
      env: { CI: 'true' },
    });
    plain.status!('PUT variables (1/2)');
    plain.result('push: sent 2 write request(s).', {});
    expect(ci.text.out).toBe('PUT variables (1/2)\npush: sent 2 write request(s).\n');
    expect(ci.text.err).toBe('');
  });
});

describe('on a real terminal', () => {
  // util-linux `script` (Debian's essential bsdutils) runs the CLI on a pseudo-terminal, as a person
  // would: no FORCE_COLOR, no CI. The swatches must come from the TTY alone.
  test('tokensync diff on a pseudo-terminal shows truecolor swatches without FORCE_COLOR', async () => {
    const repo = await changedProject();
    const { spawnSync } = await import('node:child_process');
    const { BIN } = await import('../helpers/cli.js');
    const env: NodeJS.ProcessEnv = { ...gitEnv(), TERM: 'xterm-256color' };
    delete env['CI'];
    const r = spawnSync('script', ['-qec', `${process.execPath} ${BIN} diff`, '/dev/null'], {
      cwd: repo.root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.stdout).toContain(`${ESC}48;2;37;99;235m  ${ESC}49m #2563eb`);
    expect(r.stdout).toContain(`${ESC}48;2;29;78;216m  ${ESC}49m #1d4ed8`);
    expect(r.status).toBe(2); // diff's "changes found", passed through by script -e
  });
});
