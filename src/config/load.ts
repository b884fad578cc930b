/**
 * Finds and loads `config/tokensync.yaml` (docs/architecture.md: from the current folder upward, or `--config`).
 * The folder holding `config/` is the project root; relative paths in the config resolve against it.
 * A missing config is not an error: every key has a default, so a fresh folder works.
 */
import { readTextFileSync } from '../fs/read.js';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { ConfigError, findConfig, rootOf, type LoadedConfig } from './find.js';
import { configSchema, type Config } from './schema.js';

export { CONFIG_RELATIVE_PATH, ConfigError, findConfig, type LoadedConfig } from './find.js';

export function loadConfig(options: { cwd: string; configPath?: string | undefined }): LoadedConfig {
  const file = options.configPath ? path.resolve(options.cwd, options.configPath) : findConfig(options.cwd);
  if (!file) return { config: configSchema.parse({}), root: path.resolve(options.cwd), file: undefined };
  // A folder, FIFO, device, symlink loop or unreadable file is an error naming it (fs/read.ts).
  const text = readTextFileSync(file);
  if (text === undefined) {
    throw new ConfigError('CONFIG_NOT_FOUND', `Config file ${file} does not exist.`, {
      hint: 'Pass an existing file to --config, or run `tokensync init` to create config/tokensync.yaml.',
    });
  }
  const config = parseConfigText(text, file);
  return { config, root: rootOf(file), file };
}

/** Parses and validates config text; errors name the file, line:column and key, and the fix. */
export function parseConfigText(text: string, file: string): Config {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = lineCounter.linePos(yamlError.pos[0]);
    throw new ConfigError(
      'CONFIG_SYNTAX',
      `${file}:${pos.line}:${pos.col}: invalid YAML: ${yamlError.message.split('\n')[0]}`,
      {
        hint: 'Fix the YAML syntax at that position.',
      },
    );
  }
  const data: unknown = doc.toJS() ?? {};
  const result = configSchema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  const key = issue.path.map(String).join('.');
  const node = issue.path.length > 0 ? doc.getIn(issue.path as (string | number)[], true) : undefined;
  const range = (node as { range?: [number, number, number] } | undefined)?.range;
  let where = file;
  if (range) {
    const pos = lineCounter.linePos(range[0]);
    where = `${file}:${pos.line}:${pos.col}`;
  } else if (issue.path.length > 0) {
    // The key itself is missing or unknown: point at its parent mapping.
    const parent = doc.getIn(issue.path.slice(0, -1) as (string | number)[], true) as
      | { range?: [number, number, number] }
      | undefined;
    if (parent?.range) {
      const pos = lineCounter.linePos(parent.range[0]);
      where = `${file}:${pos.line}:${pos.col}`;
    }
  }
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const keys = (issue as { keys: string[] }).keys;
    message = `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}`;
  }
  throw new ConfigError('CONFIG_INVALID', `${where}: config key "${key || '(root)'}": ${message}.`, {
    hint: 'Fix that key in config/tokensync.yaml; `schema/tokensync.schema.json` lists every key and its allowed values.',
  });
}
