/**
 * `tokensync build --watch` (docs/architecture.md "Build", "Watch"): one session that keeps the token
 * files' texts, the reader's state and the last build, and rebuilds on every change until interrupted.
 * Loaded only for `--watch`, so a one-shot build does not load the session's modules (build.ts).
 */
import type { RebuildStats } from '../../codegen/session/index.js';
import { BuildSession } from '../../codegen/session/index.js';
import { IncrementalReader } from '../../tokens/read/incremental.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';
import { buildOnce, type BuildCommandOptions, type BuildResult, type Watching } from './build-once.js';
import { cachedTokenSource, type CachedSource } from './watch-source.js';
import { watchLoop } from './watch-loop.js';
import { warmSplice } from './watch-warm.js';

/**
 * What `build --watch` runs on every change (docs/architecture.md "Build"): the whole build over the
 * token files, of which only the changed ones are read again (watch-source.ts); only files whose
 * bytes changed are written. `reads` lists the token files the last rebuild took from the disk.
 */
export interface WatchSession {
  rebuild(): Promise<BuildResult>;
  /**
   * Prepares the kept build and files for the first edit (codegen/session `warm`), and runs an edit
   * and its undoing through the rebuild in memory (watch-warm.ts).
   */
  warm(): Promise<void>;
  reads(): string[];
  /** How the last successful rebuild went: spliced or full, and which files it rendered (codegen/session). */
  stats(): RebuildStats | undefined;
}

export function buildSession(options: BuildCommandOptions, ctx: CommandContext): WatchSession {
  // One cache per tokens folder: a config change that moves the folder starts afresh.
  let cache: { dir: string; source: CachedSource } | undefined;
  let last: string[] = [];
  const sourceFor = (dir: string): CachedSource => {
    if (cache?.dir !== dir) cache = { dir, source: cachedTokenSource(dir) };
    return cache.source;
  };
  const watching: Watching = { sourceFor, codegen: new BuildSession(), reader: new IncrementalReader() };
  return {
    rebuild: async () => {
      try {
        return await buildOnce(options, ctx, watching);
      } finally {
        last = cache?.source.takeReads() ?? [];
      }
    },
    reads: () => last,
    warm: async () => {
      watching.codegen.warm();
      watching.reader.warm();
      const stats = watching.stats;
      await warmSplice({
        source: () => cache?.source,
        dryRebuild: async () => {
          watching.dry = true;
          try {
            await buildOnce(options, ctx, watching);
          } finally {
            watching.dry = false;
            cache?.source.takeReads();
          }
          return { stats: watching.stats, read: watching.reader.lastPath };
        },
        files: () => watching.codegen.files(),
        forget: () => watching.codegen.forget(),
      });
      if (stats) watching.stats = stats;
      else delete watching.stats;
    },
    stats: () => watching.stats && { ...watching.stats, read: watching.reader.lastPath },
  };
}

/** `tokensync build --watch`: the first build, then a rebuild on every change until interrupted. */
export async function runWatch(options: BuildCommandOptions, ctx: CommandContext): Promise<ExitCode> {
  const session = buildSession(options, ctx);
  const first = await session.rebuild();
  ctx.out.info(first.human);
  await watchLoop(session, first, ctx, () => session.warm());
  ctx.out.result('Stopped watching.', first.data);
  return EXIT.ok;
}
