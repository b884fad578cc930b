import type { CommandContext, ExitCode } from '../context.js';
import { runSyncCommand, type SyncCommandOptions } from '../sync-command.js';

/** Computes both directions, sends and writes nothing; exit 2 when there are changes (CI gate). */
export function run(options: SyncCommandOptions, ctx: CommandContext): Promise<ExitCode> {
  return runSyncCommand('diff', { ...options, dryRun: Boolean(options.dryRun) }, ctx);
}
