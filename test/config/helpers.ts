/** The text a user reads for a config the loader refuses: the message, then the fix. */
import { parseConfigText } from '../../src/config/load.js';

export function configError(text: string, file = 'config/tokensync.yaml'): string {
  try {
    parseConfigText(text, file);
  } catch (e) {
    return `${(e as Error).message}\n${(e as { hint?: string }).hint ?? ''}`;
  }
  throw new Error('expected an error');
}
