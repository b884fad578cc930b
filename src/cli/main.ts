/**
 * The tokensync command line: a thin commander program (program.ts) over the exported functions.
 * Each command lives in `commands/<name>.ts` and is imported only when it runs, so `check`
 * (the pre-commit path) does not pay for Style Dictionary, undici or the local service; a plain
 * `check`, `pull`, `push` or `sync` (plain.ts) does not load commander either (docs/benchmarks.md
 * "Fast paths"). `runCli` runs one command line with the io it is given (folder, environment,
 * streams, an abort signal) and returns the exit code: it prints only to those streams, never calls
 * `process.exit` and installs no signal handler, so it can run many times in one process (the test
 * suite does; docs/architecture.md "Testing"). `process.ts` is the process around it (signals, drain, exit).
 */
import { withRunScope } from '../run-scope.js';
import { ConcurrentEditError } from '../sync/concurrency.js';
import { DuplicateCreatedError } from '../sync/duplicates.js';
import { EXIT, type CommandContext, type ExitCode, type GlobalOptions } from './context.js';
import { createReporter } from './reporter.js';
import { reportError } from './output.js';
import { plainCommand } from './plain.js';
import type { CliIo, Loader, Run } from './run-types.js';
import { signalExitCode } from './signals.js';

export type { CliIo } from './run-types.js';

/** Commands that run until stopped: a signal is their normal end, not an interruption. */
const long = new Set(['emulator', 'webhooks', 'login']);

/** Runs the CLI for `argv` (the arguments after the program name) and returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const run: Run = { io, code: EXIT.ok };
  const exec = (load: Loader, options: object, global: GlobalOptions, command: string) =>
    execute(run, load, options, global, command);
  const plain = plainCommand(argv);
  await withRunScope({ cwd: io.cwd, env: io.env }, async () => {
    if (plain) return exec(plain.load, plain.options, plain.global, plain.command);
    const { runProgram } = await import('./program.js');
    return runProgram(argv, run, exec);
  });
  return run.code;
}

function interruptedBy(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

async function execute(run: Run, load: Loader, options: object, global: GlobalOptions, command: string): Promise<void> {
  const { io } = run;
  const out = createReporter({
    json: Boolean(global.json),
    quiet: Boolean(global.quiet),
    stdout: io.stdout,
    stderr: io.stderr,
    ci: Boolean(io.env['CI']),
    env: io.env,
  });
  const signal = io.signal ?? new AbortController().signal;
  const interrupted = interruptedBy(signal);
  // The first signal: say that the command is stopping (it then says what was done).
  void interrupted.then(() => {
    if (!long.has(command)) io.stderr.write('stopping at the next safe point (press Ctrl-C again to exit at once)\n');
  });
  const ctx: CommandContext = {
    cwd: io.cwd,
    env: io.env,
    global: {
      json: Boolean(global.json),
      quiet: Boolean(global.quiet),
      ...(global.config ? { config: global.config } : {}),
    },
    out,
    interrupted,
    signal,
    prompt: { input: io.stdin, output: io.stderr },
  };
  try {
    const mod = await load();
    run.code = await mod.run(options as never, ctx);
  } catch (err) {
    reportError(err, { json: Boolean(global.json), env: io.env, stdout: io.stdout, stderr: io.stderr });
    // A concurrent edit in the design file ends a run like a conflict (docs/sync.md "Several writers").
    const conflict = err instanceof ConcurrentEditError || err instanceof DuplicateCreatedError;
    run.code = (signalExitCode(err) as ExitCode | undefined) ?? (conflict ? EXIT.conflicts : EXIT.error);
  }
}
