/**
 * What every command gets: where it runs, how to report, and the global flags. Commands never call
 * `console` or `process.exit` themselves; they report through `out` and return an exit code, so
 * `main.ts` stays the one place that prints and exits (docs/architecture.md "Command line": cli/ is the only place that prints).
 */
export const EXIT = { ok: 0, error: 1, changes: 2, conflicts: 3, sigint: 130, sigterm: 143 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface Reporter {
  /** Progress and human text (stderr when --json, so stdout stays machine-readable). Silent with --quiet. */
  info(message: string): void;
  warn(message: string): void;
  /** The command's result: `human` on a terminal, `data` as one JSON document with --json. */
  result(human: string, data: unknown): void;
  /** Raw line to stdout (e.g. the emulator's ready line). */
  line(text: string): void;
  /**
   * Progress that replaces itself (a countdown, "PUT 2/3"): one redrawn line on a terminal, a plain
   * line in CI or a pipe, nothing with --quiet. The next other output (or `done`) clears it.
   * A spinner and the seconds since the message was set go with it (`elapsed: false` leaves the
   * seconds out, for a countdown). Optional so hand-made reporters in tests need not implement it.
   */
  status?(message: string, opts?: { elapsed?: boolean }): void;
  /** Clears a status line, if one is shown. */
  done?(): void;
  /** Whether the human output is colored (a terminal, or FORCE_COLOR; never in CI or under NO_COLOR). */
  readonly color?: boolean;
  /** Whether progress may redraw (a TTY and not CI). */
  readonly interactive: boolean;
}

export interface GlobalOptions {
  config?: string;
  json: boolean;
  quiet: boolean;
}

export interface CommandContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  global: GlobalOptions;
  out: Reporter;
  /** Resolves when the user interrupts (SIGINT/SIGTERM); long-running commands await it. */
  interrupted: Promise<void>;
  /** Aborted by the first SIGINT/SIGTERM (reason: InterruptedError); work stops at its next safe point (signals.ts). */
  signal?: AbortSignal;
  /**
   * Where a question to the user is read and asked (the run's stdin and stderr; main.ts): questions are
   * asked only when `input` is a terminal. Absent, nothing is asked.
   */
  prompt?: { input: NodeJS.ReadableStream & { isTTY?: boolean }; output: NodeJS.WritableStream };
}
