/**
 * Errors of the build stage (docs/architecture.md "Build"). Each names the token(s) involved and the fix, so a
 * user can act on the message alone.
 */
import { TokensyncError } from '../errors.js';

export class BuildError extends TokensyncError {
  override name = 'BuildError';
}
