/**
 * Saving and loading `--data FILE`: the JSON is
 * written to a temp file in the same folder, then renamed over the target, so a crash never leaves a
 * half-written state. Mode 0600: the file holds the service's own credentials.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic.js';
import { TokensyncError } from '../errors.js';
import type { EmulatorState } from './state.js';

export class EmulatorDataError extends TokensyncError {
  override name = 'EmulatorDataError';
}

export async function saveState(file: string, state: EmulatorState): Promise<void> {
  try {
    await writeFileAtomic(file, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  } catch (err) {
    throw new EmulatorDataError('EMULATOR_DATA_WRITE', `Could not save the local service's state to ${file}.`, {
      hint: 'Check that the folder is writable and the disk is not full.',
      cause: err,
    });
  }
}

/** The saved state, or null when the file does not exist yet. */
export async function loadState(file: string): Promise<EmulatorState | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new EmulatorDataError('EMULATOR_DATA_READ', `Could not read the local service's state from ${file}.`, {
      hint: 'Check the file permissions.',
      cause: err,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new EmulatorDataError('EMULATOR_DATA_INVALID', `${file} is not valid JSON (${(err as Error).message}).`, {
      hint: 'Delete the file to start from the seed again, or restore it from a backup.',
      cause: err,
    });
  }
  if (typeof value !== 'object' || value === null || (value as { schema?: unknown }).schema !== 1) {
    throw new EmulatorDataError(
      'EMULATOR_DATA_INVALID',
      `${file}: key "schema" is not 1; this is not a tokensync emulator state file.`,
      {
        hint: 'Pass another --data file, or delete this one to start from the seed.',
      },
    );
  }
  return value as EmulatorState;
}
