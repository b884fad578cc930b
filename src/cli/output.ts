/**
 * How a failed command reports: one paragraph on stderr (red "error:" on a terminal), and
 * with --json also a JSON document on stdout, so a script reading stdout always gets JSON.
 */
import { TokensyncError } from '../errors.js';
import { formatError } from './format-error.js';
import { colorEnabled, decorate } from './ui/color.js';

export function errorDocument(err: unknown): { ok: false; error: { code: string; message: string; hint?: string } } {
  if (err instanceof TokensyncError)
    return { ok: false, error: { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) } };
  return { ok: false, error: { code: 'UNEXPECTED', message: err instanceof Error ? err.message : String(err) } };
}

export function reportError(
  err: unknown,
  opts: {
    json: boolean;
    env: NodeJS.ProcessEnv;
    stdout: NodeJS.WritableStream;
    stderr: NodeJS.WritableStream & { isTTY?: boolean };
  },
): void {
  const text = formatError(err, { verbose: Boolean(opts.env['TOKENSYNC_DEBUG']) });
  opts.stderr.write(`${colorEnabled(opts.env, opts.stderr) ? decorate(text) : text}\n`);
  if (opts.json) opts.stdout.write(`${JSON.stringify(errorDocument(err), null, 2)}\n`);
}
