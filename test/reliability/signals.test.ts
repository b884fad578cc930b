/**
 * Signals end work cleanly (docs/sync.md "Unknown outcomes and resumption"): the first SIGINT/SIGTERM
 * stops pull, push, sync and build at the next safe point, says what was done and how to resume, and
 * exits 130/143; a second one exits at once; the next run converges. Real CLI processes (the signal path
 * needs one) against the local service, with faults holding the run at a known point.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { pulledProject, type TestProject } from '../helpers/project.js';
import { brandProject, serviceState, stateProblems, whenLogged } from './helpers.js';

const emu = useEmulator({ resetEach: 'empty' });

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the (last) signal to the exit. */
  afterSignal: number;
}

/** Whether the process has a SIGINT handler installed yet (Linux: the SigCgt mask in /proc). */
function handlesSigint(pid: number | undefined): boolean {
  try {
    const mask = /SigCgt:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
    return (BigInt(`0x${mask}`) & 2n) !== 0n;
  } catch {
    return false;
  }
}

/**
 * Starts the CLI, waits until it handles SIGINT and `ready(output)` holds, sends the signals (100 ms
 * apart), and waits for the exit.
 */
async function interrupt(
  project: TestProject,
  args: string[],
  ready: (output: string) => Promise<boolean> | boolean,
  signals: NodeJS.Signals[],
): Promise<Run> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: project.root,
    env: { PATH: process.env['PATH'] ?? '', HOME: project.root, CI: 'true', ...project.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  for (let i = 0; i < 500 && !(handlesSigint(child.pid) && (await ready(stdout + stderr))); i++)
    await new Promise((r) => setTimeout(r, 20));
  let sentAt = 0;
  for (const s of signals) {
    child.kill(s);
    sentAt = Date.now();
    await new Promise((r) => setTimeout(r, 100));
  }
  const code = await exited;
  return { code, stdout, stderr, afterSignal: Date.now() - sentAt };
}

const faultFired = async (id: string): Promise<boolean> =>
  (await emu.admin.calls()).length > 0 &&
  (
    (await emu.call('GET', '/_emulator/faults', { token: emu.adminToken })).json.faults as {
      id: string;
      fired: number;
    }[]
  ).some((f) => f.id === id && f.fired > 0);

const logged = async (pattern: RegExp): Promise<boolean> => (await emu.admin.calls()).some((c) => pattern.test(c));

describe('signals', () => {
  it('SIGINT during a 429 wait before the PUT: exit 130 at once, says what was sent, and the next push finishes', async () => {
    const project = brandProject(emu);
    await emu.admin.addFault({
      method: 'PUT',
      path: '/v1/files/*/variables',
      fault: 'rate-limit',
      retryAfter: 50,
      times: 1,
    });
    const run = await interrupt(project, ['push'], () => logged(/PUT .*rate-limit/), ['SIGINT']);
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('push stopped by SIGINT: 1 of 2 write request(s) had been sent, no other was');
    expect(run.stderr).toContain('Run `tokensync push` again to finish');
    expect(run.afterSignal).toBeLessThan(5000);
    expect(existsSync(path.join(project.root, 'tokens/sync.journal.json'))).toBe(true);
    const again = await runCli(['push'], { cwd: project.root, env: project.env });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(await stateProblems(emu, project)).toEqual([]);
  });

  it('SIGTERM during the first read of a pull: exit 143, no file written', async () => {
    await emu.admin.reset('demo');
    const project = brandProject(emu);
    const { rmSync } = await import('node:fs');
    rmSync(path.join(project.root, 'tokens'), { recursive: true });
    await emu.admin.addFault({
      method: 'GET',
      path: '/v1/files/*/variables/local',
      fault: 'delay',
      delayMs: 2_000_000,
    });
    const run = await interrupt(project, ['pull'], (out) => out.includes('reading variables'), ['SIGTERM']);
    expect(run.code).toBe(143);
    expect(run.stderr).toContain('pull stopped by SIGTERM: nothing had been sent');
    expect(existsSync(path.join(project.root, 'tokens'))).toBe(false);
    await emu.admin.clearFaults();
    expect((await runCli(['pull'], { cwd: project.root, env: project.env })).code).toBe(0);
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });

  it('a second SIGINT while a POST is in flight exits at once; the next push settles it and creates nothing twice', async () => {
    const project = brandProject(emu, '  timeoutMs: 3000\n');
    // The POST is held 4 s, then applied.
    const held = await emu.admin.addFault({
      method: 'POST',
      path: '/v1/files/*/variables',
      fault: 'delay',
      delayMs: 400_000,
    });
    // Signalled once the service holds the POST (its fault fired), not after a guessed time.
    const run = await interrupt(
      project,
      ['push'],
      async (out) => out.includes('POST variables (1/') && (await faultFired(held.id)),
      ['SIGINT', 'SIGINT'],
    );
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('SIGINT again: exiting now');
    // "At once": the process was gone while the service still held its POST (nothing created yet),
    // judged by the service's state rather than a wall-clock limit a loaded machine can miss.
    expect(Object.keys((await serviceState(emu)).variables)).toEqual([]);
    // Right away, while the POST may still land: the next push waits for it instead of creating again.
    // Once that push has read the file (it is watching for the POST), the hold is ended by moving the
    // service's clock past it (docs/emulator.md "Time scale"): the POST lands while the push watches,
    // as it would have 4 s after it was sent, without waiting those seconds out.
    await emu.admin.clearRequests();
    const pushing = runCli(['push'], { cwd: project.root, env: project.env });
    await whenLogged(emu, /^GET \/v1\/files\/:key\/variables\/local$/);
    await emu.admin.advanceClock(4000);
    const again = await pushing;
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(
      (await emu.admin.calls()).filter((c) => c.startsWith('POST') && !c.includes('(delay)')),
      again.stdout,
    ).toEqual([]);
    expect(await stateProblems(emu, project)).toEqual([]);
  });

  it('SIGINT during sync stops it with 130 and the next sync converges', async () => {
    await emu.admin.reset('demo');
    const project = await pulledProject(emu);
    const rel = 'tokens/primitives/value.tokens.json';
    project.write(rel, project.read(rel).replace('"value": 8,', '"value": 10,'));
    await emu.admin.addFault({
      method: 'PUT',
      path: '/v1/files/*/variables',
      fault: 'rate-limit',
      retryAfter: 50,
      times: 1,
    });
    const synced = await interrupt(project, ['sync'], () => logged(/PUT .*rate-limit/), ['SIGINT']);
    expect(synced.code).toBe(130);
    expect(synced.stderr).toContain('sync stopped by SIGINT: 0 of 1 write request(s) had been sent');
    await emu.admin.clearFaults();
    expect((await runCli(['sync'], { cwd: project.root, env: project.env })).code).toBe(0);
    expect((await runCli(['diff'], { cwd: project.root, env: project.env })).code).toBe(0);
  });

  it('build stops while staging when interrupted, and the previous build stays whole (in process: build prints nothing to wait on)', async () => {
    const { commitBuild } = await import('../../src/codegen/commit.js');
    const { InterruptedError } = await import('../../src/errors.js');
    const { signalExitCode } = await import('../../src/cli/signals.js');
    const { mkdtempSync, readdirSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const out = mkdtempSync(path.join(tmpdir(), 'tokensync-build-sig-'));
    writeFileSync(path.join(out, 'a.css'), ':root{--old:1}\n');
    const controller = new AbortController();
    const files = new Map([
      ['a.css', ':root{}\n'],
      ['b.css', ':root{}\n'],
      ['c.css', ':root{}\n'],
    ]);
    // Interrupted while the first file is being staged: nothing of the new build is put in place.
    const pending = commitBuild(out, files, [], '{}\n', { signal: controller.signal });
    controller.abort(new InterruptedError('SIGTERM'));
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect((err as Error).message).toBe(
      'build stopped by SIGTERM before its 3 file(s) were put in place; the previous build is whole.',
    );
    expect(signalExitCode(err)).toBe(143);
    expect(readdirSync(out)).toEqual(['a.css']);
  });
});
