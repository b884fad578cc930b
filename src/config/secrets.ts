/**
 * Secrets come from `env:NAME` or `file:PATH` references in the config, never from the config itself
 * (DESIGN.md config contract). Errors name the config key and the reference, never the value.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './load.js';

export function resolveSecret(ref: string, opts: { key: string; root: string; env: NodeJS.ProcessEnv }): string {
  const colon = ref.indexOf(':');
  const scheme = ref.slice(0, colon);
  const target = ref.slice(colon + 1);
  if (scheme === 'env') {
    const value = opts.env[target];
    if (value === undefined || value.trim() === '') {
      throw new ConfigError('SECRET_MISSING', `config key "${opts.key}" reads the environment variable ${target}, which is not set.`, {
        hint: `Set ${target} (in CI, as a masked secret), or point "${opts.key}" at another env:NAME or file:PATH.`,
      });
    }
    return value.trim();
  }
  if (scheme === 'file') {
    const file = path.resolve(opts.root, target);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (cause) {
      throw new ConfigError('SECRET_MISSING', `config key "${opts.key}" reads ${file}, which cannot be read.`, {
        hint: `Create the file (mode 0600, git-ignored) or point "${opts.key}" at env:NAME.`,
        cause,
      });
    }
    const value = text.trim();
    if (value === '') {
      throw new ConfigError('SECRET_MISSING', `config key "${opts.key}" reads ${file}, which is empty.`, {
        hint: 'Put the secret in that file on a single line.',
      });
    }
    return value;
  }
  // The schema only lets env: and file: through; this guards callers that bypass it.
  throw new ConfigError('SECRET_REF_INVALID', `config key "${opts.key}" must be "env:NAME" or "file:PATH".`, {
    hint: 'Never write the secret itself into the config.',
  });
}
