import { TokensyncError } from '../errors.js';

/**
 * One clear paragraph: what, where, and what to do (docs/architecture.md "Command line"). Messages are built
 * by the typed errors, which redact credentials where they are made; this only lays them out.
 */
export function formatError(err: unknown, opts: { verbose: boolean }): string {
  if (err instanceof TokensyncError) {
    const lines = [`error: ${err.message}`];
    if (err.hint) lines.push(`  fix: ${err.hint}`);
    if (opts.verbose && err.cause instanceof Error) lines.push(`  cause: ${err.cause.message}`);
    return lines.join('\n');
  }
  const message = err instanceof Error ? (opts.verbose && err.stack ? err.stack : err.message) : String(err);
  return `error: unexpected failure: ${message}\n  fix: this is a bug in tokensync; please report it with the command you ran (set TOKENSYNC_DEBUG=1 for a stack trace).`;
}
