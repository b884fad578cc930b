/**
 * Runs the CLI the way a user or CI does (docs/architecture.md "Testing"). By default in this process:
 * the same program (`runCli` of src/cli/main.ts, the function bin/tokensync.js calls) with the run's
 * own folder, environment and streams, which saves the few hundred ms a new node process with
 * commander, undici and the CA roots costs at every run. It spawns the real `bin/tokensync.js` (built
 * into dist/ once by the vitest global setup) when the test needs a process:
 * - `{ process: true }`: signals, a kill at a write, exit draining, a terminal, exact process output;
 * - an environment that sets NODE_OPTIONS or NODE_DEBUG (read by node only when a process starts);
 * - TOKENSYNC_TEST_SPAWN=1 in the test runner's environment (`npm run test:spawn`): every run spawns,
 *   the whole suite the old way.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const BIN = fileURLToPath(new URL('../../bin/tokensync.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Spawn the real process (bin/tokensync.js) even when the suite runs in-process. */
  process?: boolean;
}

/** The switch that makes every run spawn a real process (`npm run test:spawn`). */
export const SPAWN_ALL = process.env['TOKENSYNC_TEST_SPAWN'] === '1';

export async function runCli(args: string[], opts: CliOptions): Promise<CliResult> {
  const env = cliEnv(opts);
  const nodeFlags = env['NODE_OPTIONS'] !== undefined || env['NODE_DEBUG'] !== undefined;
  const spawned = Boolean(opts.process || SPAWN_ALL || nodeFlags);
  const start = performance.now();
  const result = await (spawned ? spawnCli : runInProcess)(args, opts.cwd, env, opts.input);
  logRun(args, spawned, performance.now() - start);
  return result;
}

/** TOKENSYNC_TEST_CLI_LOG=<file>: one line per run (test file, spawned or not, ms, command), to measure the suite. */
function logRun(args: string[], spawned: boolean, ms: number): void {
  const log = process.env['TOKENSYNC_TEST_CLI_LOG'];
  if (!log) return;
  const file = expect.getState().testPath ?? '?';
  appendFileSync(log, `${file}\t${spawned ? 'spawn' : 'in'}\t${ms.toFixed(0)}\t${args.join(' ')}\n`);
}

/**
 * A clean environment: nothing from the developer's shell leaks into what is tested. Like a spawned
 * child's, keys set to undefined are left out.
 */
function cliEnv(opts: CliOptions): NodeJS.ProcessEnv {
  const all: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '', HOME: opts.cwd, CI: 'true', ...opts.env };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
}

function spawnCli(args: string[], cwd: string, env: NodeJS.ProcessEnv, input: string | undefined): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** Collects what a stream is given, as text (pipes: no terminal). */
function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

async function runInProcess(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  input: string | undefined,
): Promise<CliResult> {
  const { runCli: run } = await import('../../src/cli/main.js');
  const stdout = sink();
  const stderr = sink();
  const code = await run(args, {
    cwd,
    env,
    stdin: Readable.from([input ?? '']),
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  // Let the last 'data' events run before reading the text.
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/**
 * The CLI's own waits (retry backoff, Retry-After) at the pace of the test service's clock
 * (startTestEmulator: time scale 0.01), through TOKENSYNC_TIME_SCALE (src/time-scale.ts), so a schedule
 * of faults is proven without waiting real seconds. For suites that interrupt a wait, leave it out.
 */
export const FAST_CLOCK: NodeJS.ProcessEnv = { TOKENSYNC_TIME_SCALE: '0.01' };
