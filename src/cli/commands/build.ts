/**
 * `tokensync build [--platform <name...>] [--out <dir>] [--watch]` (docs/architecture.md "Build"): reads
 * the token files and the config, never the service, and writes every platform's files atomically.
 * `--watch` rebuilds whenever a token file or the config changes, until interrupted; a broken
 * file is reported and the last good output stays.
 */
import { EXIT, type CommandContext, type ExitCode } from '../context.js';
import { buildOnce, type BuildCommandOptions } from './build-once.js';
import { withSteadyYoungGeneration } from '../steady-heap.js';

export type { BuildCommandOptions } from './build-once.js';

export async function run(options: BuildCommandOptions, ctx: CommandContext): Promise<ExitCode> {
  // The watch session's modules are loaded only for `--watch` (build-watch.ts).
  if (options.watch) return (await import('./build-watch.js')).runWatch(options, ctx);
  const first = await withSteadyYoungGeneration(() => buildOnce(options, ctx));
  ctx.out.result(first.human, first.data);
  return EXIT.ok;
}
