/**
 * What a render thread sends back (docs/architecture.md "Build", "Render threads"): its outputs,
 * or its error as plain data, made again on this side with the same class, code, message and hint,
 * so a failure in a render thread reads exactly as the same failure in this thread.
 */
import { TokensyncError } from '../../errors.js';
import { BuildError } from '../errors.js';
import type { Rendered, RenderInput } from '../render-platforms.js';

/** What a render thread is given: the input without `only` (never split), and its platforms. */
export interface RenderJob {
  input: Omit<RenderInput, 'only'>;
  names: string[];
}

interface WireError {
  name: string;
  message: string;
  code?: string | undefined;
  hint?: string | undefined;
}

export type RenderAnswer = ({ ok: true } & Rendered) | { ok: false; error: WireError };

export function errorToWire(err: unknown): WireError {
  if (err instanceof TokensyncError) return { name: err.name, message: err.message, code: err.code, hint: err.hint };
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

export function errorFromWire(w: WireError): Error {
  if (w.code === undefined) {
    const err = new Error(w.message);
    err.name = w.name;
    return err;
  }
  const opts = w.hint === undefined ? {} : { hint: w.hint };
  if (w.name === 'BuildError') return new BuildError(w.code, w.message, opts);
  const err = new TokensyncError(w.code, w.message, opts);
  err.name = w.name;
  return err;
}
