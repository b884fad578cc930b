/**
 * The in-step cache of pull, push and sync (docs/caching.md "pull, push and sync"): when the last
 * full run found both sides in step and changed nothing, it kept the digest of the service's answer
 * and the key of every local byte it read (the tokens folder, the config, tokensync itself). A run
 * whose local key and freshly read answer both equal those says the same again without parsing or
 * diffing. Anything else takes the full path; the entry is only ever a shortcut to its answer.
 */
import path from 'node:path';
import type { LoadedConfig } from '../config/find.js';
import { addFolder, addPart, newDigest } from '../fs/digest.js';
import { readEntry, toolStamp, writeEntry } from '../fs/result-cache.js';
import { VERSION } from '../version.js';

type Mode = 'pull' | 'push' | 'sync';

/** What a full run that found both sides in step said (sync-full.ts), by mode. */
export interface InStepResult {
  texts: Partial<Record<Mode, string>>;
  /** The `--json` result without `mode` and `requests`, which a replay fills in. */
  json: Record<string, unknown>;
}

interface InStepEntry extends InStepResult {
  /** SHA-256 of the answer of GET variables/local the run was based on. */
  remote: string;
}

const NAME = 'in-step';

/** The key of the local side as it is now: the tokens folder's bytes, the config, tokensync. */
export async function localKey(loaded: LoadedConfig): Promise<string> {
  const hash = newDigest();
  addPart(hash, 'tool', toolStamp(VERSION));
  addPart(hash, 'config', JSON.stringify(loaded.config));
  addPart(hash, 'file', loaded.file ?? '');
  await addFolder(hash, 'tokens', path.resolve(loaded.root, loaded.config.tokens.dir));
  return hash.digest('hex');
}

/** Whether a full run that found both sides in step kept a result for `mode` at this local key. */
export async function hasEntry(root: string, key: string, mode: Mode): Promise<boolean> {
  const entry = await readEntry<InStepEntry>(root, NAME, key);
  return entry?.texts[mode] !== undefined;
}

/** The kept result for `mode`, when the local side is as it was and the service answered the same bytes. */
export async function keptResult(
  root: string,
  key: string,
  mode: Mode,
  remote: string,
): Promise<{ text: string; json: Record<string, unknown> } | undefined> {
  const entry = await readEntry<InStepEntry>(root, NAME, key);
  const text = entry?.remote === remote ? entry.texts[mode] : undefined;
  return text === undefined || !entry ? undefined : { text, json: entry.json };
}

/**
 * Keeps what a run that found both sides in step said, when no local byte changed while it ran (the
 * key taken again equals the one taken before the run: an edit made meanwhile is never recorded).
 */
export async function keepResult(
  loaded: LoadedConfig,
  key: string,
  remote: string,
  result: InStepResult,
): Promise<void> {
  if ((await localKey(loaded)) !== key) return;
  // A pull and a push of the same two states each add their own text (no ping-pong between them).
  const before = await readEntry<InStepEntry>(loaded.root, NAME, key);
  const texts = before?.remote === remote ? { ...before.texts, ...result.texts } : result.texts;
  await writeEntry<InStepEntry>(loaded.root, NAME, key, { remote, ...result, texts });
}
