import type { CommandContext, ExitCode } from '../context.js';
import { runSyncCommand, type SyncCommandOptions } from '../sync-command.js';

export function run(options: SyncCommandOptions, ctx: CommandContext): Promise<ExitCode> {
  return runSyncCommand('sync', options, ctx);
}
