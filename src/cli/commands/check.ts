/**
 * `tokensync check [files...]`: the offline validation for pre-commit hooks and CI. Reads the whole
 * token set (an alias in one file can break in another) and reports ALL problems as
 * `file:line:column  token.path  message` plus the fix; exit 1 on any error, 0 when clean.
 * With file arguments, only problems in those files are reported. `--json` prints the diagnostics.
 *
 * Fast path: this file imports only the quick config loader (no `yaml` or zod for a plain config,
 * config/quick.ts) and tokens/read.ts; `--staged` adds only git/index-source.ts (two git calls) (no Style Dictionary, undici, local service or lock schema);
 * `--remote` is the service drift check and `--mergeable` the pull-request check (docs/ci.md); both
 * live elsewhere and load only when asked for.
 */
import type { CommandContext, ExitCode } from '../context.js';
import { checkOffline, type CheckOptions } from '../check-offline.js';

export type { CheckOptions } from '../check-offline.js';

export async function run(options: CheckOptions, ctx: CommandContext): Promise<ExitCode> {
  if (options.mergeable) return (await import('../check-mergeable.js')).runMergeableCheck(options, ctx);
  if (options.remote) return (await import('../check-remote.js')).runRemoteCheck(options, ctx);
  const checked = await checkOffline(options, ctx);
  ctx.out.result(checked.human, checked.data);
  return checked.code;
}
