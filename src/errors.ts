/**
 * The root of tokensync's typed errors. Every error a user can meet carries a message that says
 * what went wrong and where, and a `hint` that says what to do; `cli/` prints both and exits 1.
 * Subsystems extend it (api/errors.ts, tokens/errors.ts, config/errors.ts, ...).
 * Expected outcomes (changes found, conflicts) are results, not errors.
 */
export class TokensyncError extends Error {
  override name = 'TokensyncError';
  /** Stable machine-readable code, e.g. `CONFIG_INVALID`, `API_RATE_LIMITED`. */
  readonly code: string;
  /** What the user should do about it; printed after the message. */
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }
}

/** A position in a text file, 1-based, as editors show it. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

export function formatPosition(p: SourcePosition): string {
  return `${p.file}:${p.line}:${p.column}`;
}

/**
 * The user asked the run to stop (SIGINT/SIGTERM, "Signals end work cleanly"). Thrown at the
 * next safe point: no new request is sent, files stay whole. The CLI exits 130 (SIGINT) or 143
 * (SIGTERM). The message says what was done and how to resume.
 */
export class InterruptedError extends TokensyncError {
  override name = 'InterruptedError';
  readonly signal: 'SIGINT' | 'SIGTERM';
  constructor(signal: 'SIGINT' | 'SIGTERM', message?: string, hint?: string) {
    super('INTERRUPTED', message ?? `stopped by ${signal}.`, { hint: hint ?? 'Run the command again to finish.' });
    this.signal = signal;
  }
}

/** The InterruptedError an aborted signal carries, or a SIGINT one when it carries something else. */
export function interruption(signal: AbortSignal): InterruptedError {
  return signal.reason instanceof InterruptedError ? signal.reason : new InterruptedError('SIGINT');
}
