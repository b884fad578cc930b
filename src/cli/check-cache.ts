/**
 * The check cache (docs/caching.md "check"): a clean result of the offline check, kept under the
 * digest of every byte the check reads (the tokens folder: token files, resolver document, lock,
 * style files, anything else there; the config file) and of tokensync itself. The same bytes give
 * the same answer, so an unchanged set prints its last result (warnings included) without parsing.
 * A result with an error is never kept: a broken set is always checked again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../tokens/errors.js';
import { addFolder, addPart, newDigest } from '../fs/digest.js';
import { readEntry, toolStamp, writeEntry } from '../fs/result-cache.js';
import { VERSION } from '../version.js';

/** What the check found, before the files named on the command line and the printing (check-offline.ts). */
export interface CheckAnalysis {
  /** The problems of the set, its styles and its lock, file paths relative to the project root. */
  all: Diagnostic[];
  /** Findings about the folder itself (folder.ts). */
  folder: Diagnostic[];
  /** Nothing was read from the folder. */
  empty: boolean;
  variables: number;
  repoOnly: number;
  collections: number;
  contexts: number;
  /** Design-owned style tokens (docs/styles.md), and the style sets that hold them. */
  designOwned: number;
  styleSets: number;
  staged: boolean;
}

export interface CheckPlace {
  root: string;
  dir: string;
  configFile?: string;
}

const NAME = 'check';

/** The key of the files as they are now. */
export async function checkKey(place: CheckPlace): Promise<string> {
  const hash = newDigest();
  addPart(hash, 'tool', toolStamp(VERSION));
  addPart(hash, 'dir', place.dir);
  addPart(hash, 'config', place.configFile ? await readFile(place.configFile).catch(() => undefined) : undefined);
  await addFolder(hash, 'tokens', path.resolve(place.root, place.dir));
  return hash.digest('hex');
}

export function cachedCheck(root: string, key: string): Promise<CheckAnalysis | undefined> {
  return readEntry<CheckAnalysis>(root, NAME, key);
}

/**
 * Keeps a result without errors, when the files did not change while they were checked (the key
 * taken again after the check equals the one taken before it: an edit during the check is never
 * recorded under the bytes the check did not see).
 */
export async function keepCheck(place: CheckPlace, key: string, analysis: CheckAnalysis): Promise<void> {
  const failed = [...analysis.all, ...analysis.folder].some((d) => d.severity === 'error');
  if (failed || analysis.staged) return;
  if ((await checkKey(place)) !== key) return;
  await writeEntry(place.root, NAME, key, analysis);
}
