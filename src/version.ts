/** tokensync's version, as `--version` prints it and the result caches key on it (docs/caching.md). */
export const VERSION = '0.1.0';
