/**
 * Token files (docs/architecture.md "Files in the repository"): DTCG 2025.10 files per collection and mode, the
 * resolver document, the lock, and the offline check. Knows nothing of HTTP.
 *
 * The `check` command imports `./check.js` directly rather than this index, so the pre-commit path
 * does not load zod (used by the lock reader).
 */
export type { Diagnostic } from './errors.js';
export { TokenFileError, formatDiagnostic } from './errors.js';
export type { TokenSources } from './read/index.js';
export { readTokens, checkTokens } from './check.js';
export { renderTokens, layoutOf } from './render.js';
export { unwritableCollections } from './mode-files.js';
export { readLock, renderLock } from './lock-file.js';
export { writeFilesAtomic, type WriteResult } from './write.js';
export { RESOLVER_FILE } from './resolver-doc.js';
export { kindFromConfig } from './kinds.js';
