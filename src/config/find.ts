/**
 * Where the config lives and what loading it gives: kept apart from load.ts (which loads `yaml` and
 * zod) so the `check` fast path (quick.ts) can find the file without paying for either.
 * load.ts re-exports all of it; import from there unless start-up time matters.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import type { Config } from './schema.js';

export const CONFIG_RELATIVE_PATH = path.join('config', 'tokensync.yaml');

export interface LoadedConfig {
  config: Config;
  /** Absolute project root (the folder that holds `config/`, or the start folder when none). */
  root: string;
  /** Absolute path of the file read, or undefined when the defaults were used. */
  file: string | undefined;
}

export class ConfigError extends TokensyncError {
  override name = 'ConfigError';
}

export function findConfig(startDir: string): string | undefined {
  let dir = path.resolve(startDir);
  for (;;) {
    const candidate = path.join(dir, CONFIG_RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** config/tokensync.yaml -> the root is the folder above config/; a file elsewhere -> its folder. */
export function rootOf(file: string): string {
  const dir = path.dirname(file);
  return path.basename(dir) === 'config' ? path.dirname(dir) : dir;
}
