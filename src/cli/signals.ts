/**
 * SIGINT and SIGTERM ("Signals end work cleanly"). The first one aborts the command's
 * AbortSignal with an InterruptedError: the command stops at its next safe point (no new request is
 * sent, a write in flight is waited for and journaled, files stay whole), says what was done and how to
 * resume, and the CLI exits 130 (SIGINT) or 143 (SIGTERM), the shell's convention of 128 + the signal
 * number. A second signal exits at once. Long-running commands (emulator, webhooks serve) treat the
 * first signal as their normal stop.
 */
import { InterruptedError } from '../errors.js';

export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

export interface SignalWatch {
  signal: AbortSignal;
  /** Resolves on the first signal. */
  interrupted: Promise<void>;
  dispose(): void;
}

export function watchSignals(opts: { notice(text: string): void; exitNow(code: number): never }): SignalWatch {
  const controller = new AbortController();
  let resolve: () => void = () => {};
  const interrupted = new Promise<void>((r) => (resolve = r));
  const on = (sig: 'SIGINT' | 'SIGTERM') => (): void => {
    if (controller.signal.aborted) {
      opts.notice(`${sig} again: exiting now.`);
      opts.exitNow(SIGNAL_EXIT[sig]);
    }
    controller.abort(new InterruptedError(sig));
    resolve();
  };
  const onInt = on('SIGINT');
  const onTerm = on('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    signal: controller.signal,
    interrupted,
    dispose() {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}

/** The exit code for an error that ended a command because of a signal, if it is one. */
export function signalExitCode(err: unknown): number | undefined {
  return err instanceof InterruptedError ? SIGNAL_EXIT[err.signal] : undefined;
}
