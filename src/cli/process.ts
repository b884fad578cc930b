/**
 * The CLI as a process (bin/tokensync.js): `runCli` with the process's own folder, environment and
 * streams, plus what only a process does. SIGINT/SIGTERM abort the run (a second one exits at once;
 * signals.ts), and at the end both streams drain before `process.exit`: long-running commands resolve
 * only once interrupted, so exiting is always right and does not wait on idle keep-alive sockets, but a
 * large write to a pipe may still be in flight (a --json plan of several MB was cut at 128 KiB).
 */
import { runCli } from './main.js';
import { watchSignals } from './signals.js';

export async function runAsProcess(): Promise<never> {
  const signals = watchSignals({
    notice: (text) => process.stderr.write(`${text}\n`),
    exitNow: (code) => process.exit(code),
  });
  const code = await runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    signal: signals.signal,
  });
  process.exitCode = code;
  await Promise.all([drain(process.stdout), drain(process.stderr)]);
  process.exit(code);
}

function drain(stream: NodeJS.WriteStream): Promise<void> {
  // An empty write's callback runs once everything written before it has been handed to the OS.
  return new Promise((resolve) => stream.write('', () => resolve()));
}
