/** The errors apply ends with, and the wording of an interruption (docs/architecture.md "Apply"). */
import path from 'node:path';
import { InterruptedError, TokensyncError } from '../errors.js';
import { JOURNAL_FILE } from './journal.js';
import type { SyncOptions } from './apply-types.js';

export class SyncNotConvergedError extends TokensyncError {
  override name = 'SyncNotConvergedError';
}

/** A write stayed unknown through the settle window: the run stops, the journal says what may still land. */
export class SyncOutcomeUnknownError extends TokensyncError {
  override name = 'SyncOutcomeUnknownError';
}

/** How far a run got, for the message when a signal stops it part-way. */
export interface Progress {
  sent: number;
  total: number;
  journaled: boolean;
}

/** The interruption, worded with what was done and how to resume. */
export function stopped(
  err: InterruptedError,
  opts: Pick<SyncOptions, 'mode' | 'config'>,
  sent: number,
  total: number,
  journaled: boolean,
): InterruptedError {
  const { mode } = opts;
  const did =
    total === 0
      ? 'nothing had been sent'
      : `${sent} of ${total} write request(s) had been sent${sent < total ? ', no other was' : ''}`;
  return new InterruptedError(
    err.signal,
    `${mode} stopped by ${err.signal}: ${did}; no file was left half-written.`,
    journaled
      ? `${path.join(opts.config.tokens.dir, JOURNAL_FILE)} records what is in flight. Run \`tokensync ${mode}\` again to finish: it starts from the service's real state and sends only what is missing.`
      : `Run \`tokensync ${mode}\` again to do it.`,
  );
}
