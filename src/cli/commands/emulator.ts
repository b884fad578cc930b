import { TokensyncError } from '../../errors.js';
import type { CommandContext, ExitCode } from '../context.js';

// Placeholder until the owning issue lands; it says so instead of pretending to work.
export async function run(_options: unknown, _ctx: CommandContext): Promise<ExitCode> {
  throw new TokensyncError('NOT_IMPLEMENTED', 'The "emulator" command is not implemented yet.', { hint: 'See the open issues.' });
}
