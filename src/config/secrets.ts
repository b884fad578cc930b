/**
 * Secrets come from `env:NAME` or `file:PATH` references in the config, never from the config itself
 * (docs/architecture.md config contract). Errors name the config key and the reference, never the value.
 */
import { readTextFileSync } from '../fs/read.js';
import path from 'node:path';
import { TokensyncError } from '../errors.js';
import { ConfigError } from './find.js';

/**
 * What an environment variable's name looks like by convention. A reference whose "name" does not
 * look like one is most likely the secret itself pasted after `env:`, so it is
 * never repeated in a message.
 */
const ENV_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;

/**
 * A `file:` target that does not exist and has no path separator and no extension, 16 characters or
 * more of token alphabet: most likely the token pasted after `file:`, so never repeated in a message.
 */
const TOKEN_SHAPED = /^[A-Za-z0-9_\-+=~]{16,}$/;

export function resolveSecret(ref: string, opts: { key: string; root: string; env: NodeJS.ProcessEnv }): string {
  const colon = ref.indexOf(':');
  const scheme = ref.slice(0, colon);
  const target = ref.slice(colon + 1);
  if (scheme === 'env') {
    const value = opts.env[target];
    if ((value === undefined || value.trim() === '') && !ENV_NAME.test(target)) {
      throw new ConfigError(
        'SECRET_REF_INVALID',
        `config key "${opts.key}" is "env:" followed by something that is not an environment variable name (not shown: it may be the secret itself).`,
        {
          hint: `Put the secret in an environment variable and write its name, e.g. "${opts.key}: env:DFS_TOKEN". If you pasted the token into the config, revoke it: it is now in the file.`,
        },
      );
    }
    if (value === undefined || value.trim() === '') {
      throw new ConfigError(
        'SECRET_MISSING',
        `config key "${opts.key}" reads the environment variable ${target}, which is not set.`,
        {
          hint: `Set ${target} (in CI, as a masked secret), or point "${opts.key}" at another env:NAME or file:PATH.`,
        },
      );
    }
    return value.trim();
  }
  if (scheme === 'file') {
    const file = path.resolve(opts.root, target);
    let text: string | undefined;
    try {
      text = readTextFileSync(file);
      if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    } catch (cause) {
      if (TOKEN_SHAPED.test(target)) {
        // Not there, and shaped like a token rather than a path: most likely the secret itself.
        throw new ConfigError(
          'SECRET_REF_INVALID',
          `config key "${opts.key}" is "file:" followed by something that is not a file here and does not look like a path (not shown: it may be the secret itself).`,
          {
            hint: `Put the secret in a file (mode 0600, git-ignored) and write its path, e.g. "${opts.key}: file:.secrets/dfs-token", or use env:NAME. If you pasted the token into the config, revoke it: it is now in the file.`,
          },
        );
      }
      const why =
        cause instanceof TokensyncError && cause.code !== 'FS_ERROR' ? cause.message : `${file}, which cannot be read.`;
      throw new ConfigError('SECRET_MISSING', `config key "${opts.key}" reads ${why}`, {
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
