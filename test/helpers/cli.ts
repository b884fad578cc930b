/**
 * Runs the real, built CLI (`bin/tokensync.js` -> dist/) as a child process, the way a user or CI
 * does. dist/ is built once by the vitest global setup.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/tokensync.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: opts.cwd,
      // A clean environment: nothing from the developer's shell leaks into what is tested.
      env: { PATH: process.env['PATH'] ?? '', HOME: opts.cwd, CI: 'true', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

/**
 * The CLI's own waits (retry backoff, Retry-After) at the pace of the test service's clock
 * (startTestEmulator: time scale 0.01), through TOKENSYNC_TIME_SCALE (src/time-scale.ts), so a schedule
 * of faults is proven without waiting real seconds. For suites that interrupt a wait, leave it out.
 */
export const FAST_CLOCK: NodeJS.ProcessEnv = { TOKENSYNC_TIME_SCALE: '0.01' };
