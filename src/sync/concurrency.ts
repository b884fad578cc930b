/**
 * Several writers on one design file (docs/sync.md "Several writers"). The API has no conditional
 * write, so a run cannot lock the file the way Terraform locks its state; instead it keeps the window
 * between its last read and each write as small as it can, and makes every race it can see end the
 * run as a re-plan or a conflict (exit 3), never as exit 0 over a lost update or exit 1 over a write
 * that landed.
 */
import type { FileResponse } from '../api/index.js';
import { TokensyncError } from '../errors.js';
import type { TokenSet } from '../model/types.js';

/**
 * Another writer changed the design file while this run wrote to it, in a way that may touch what
 * this run wrote. Nothing was written to the repository; the CLI exits 3, like a conflict.
 */
export class ConcurrentEditError extends TokensyncError {
  override name = 'ConcurrentEditError';
  readonly exitCode = 3;
}

/** A read of the service taken just before (or after) a write: the variables and the file's version. */
export interface FreshRead {
  remote: TokenSet;
  version: string;
}

/**
 * How many writes landed between two versions, where the service numbers its versions (the local
 * service does: one more per write that changed something). Undefined where the version is an opaque
 * id, as Figma's is: then only the variables themselves show a concurrent edit.
 */
export function writesBetween(before: string, after: string): number | undefined {
  if (!/^\d+$/.test(before) || !/^\d+$/.test(after)) return undefined;
  return Number(after) - Number(before);
}

export function versionOf(file: FileResponse): string {
  return String(file.version);
}

/** The first 20 names and how many more, for a message. */
export function listNames(names: readonly string[], max = 20): string {
  const shown = names
    .slice(0, max)
    .map((n) => `"${n}"`)
    .join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}
