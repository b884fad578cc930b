/**
 * `build --watch` after its first build (docs/architecture.md "Build", "Watch"): the file watchers,
 * the short wait that makes one rebuild of an editor's burst of writes, and the report of each
 * rebuild. The rebuilds run one after another; a change seen during one schedules the next.
 */
import { watch } from 'node:fs';
import path from 'node:path';
import type { RebuildStats } from '../../codegen/session/index.js';
import { someoneWriting } from '../../fs/writer-mark.js';
import type { CommandContext } from '../context.js';
import { formatError } from '../format-error.js';

/**
 * How long the token files must be quiet before a rebuild starts. An editor's save is a burst of
 * writes (truncate then write, or a temporary file then a rename) a few milliseconds apart: a 680 KB
 * token file written in place by another process gave two events at most 3.2 ms apart, under load
 * (docs/benchmarks.md "Watch"). One rebuild per burst; the wait counts in the time from a save to
 * the output.
 */
export const QUIET_MS = 10;

/**
 * A rebuild that failed while the files were still changing (a burst longer than QUIET_MS, whose
 * half-written file does not parse) is not reported: the rebuild the later change schedules
 * reports for itself. A failure is held this long for such a change before it is reported.
 */
export const HOLD_ERROR_MS = 100;

/** What the loop needs of the watch session (build.ts `buildSession`). */
export interface Rebuilder {
  rebuild(): Promise<{ human: string }>;
  stats(): RebuildStats | undefined;
}

/** Where the first build found the project (build.ts `buildOnce`). */
export interface Watched {
  root: string;
  tokensDir: string;
  configFile: string | undefined;
}

/** What a watch rebuild did (docs/architecture.md "Watch"): the bench and a curious user read it. */
export function howRebuilt(stats: RebuildStats | undefined): string {
  if (!stats) return '';
  const ms = stats.ms ? ` (${stats.ms.read + stats.ms.build + stats.ms.write} ms)` : '';
  if (stats.path === 'full') return `Built everything: ${stats.reason}${ms}.`;
  const read = stats.read === 'tokens';
  const whole = stats.rendered.length > 0 ? `, ${stats.rendered.length} rendered whole` : '';
  return `${read ? 'Read the edited tokens again, spliced' : 'Spliced'} the edit into ${stats.spliced.length} file${stats.spliced.length === 1 ? '' : 's'}${whole}${ms}.`;
}

/**
 * Waits while a pull or sync is writing the token files (fs/writer-mark.ts), polling every 100 ms.
 * True when it waited: the caller then waits for the files to settle again before building.
 */
async function waitForWriters(root: string, ctx: CommandContext): Promise<boolean> {
  let waited = false;
  while (!ctx.signal?.aborted && (await someoneWriting(root))) {
    if (!waited) ctx.out.info('A pull is writing the token files; building when it is done.');
    waited = true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return waited;
}

/**
 * Watches the token files and the config, rebuilding on each change, until `ctx.interrupted`.
 * `ready` runs before the first rebuild may start (the session's warm-up) and the "Watching" line is
 * printed once it is done, with the watchers already in place: an edit made as soon as that line is
 * read is seen, and one made during `ready` is built after it.
 */
export async function watchLoop(
  session: Rebuilder,
  first: Watched,
  ctx: CommandContext,
  ready: () => Promise<void>,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  /** Changes seen so far: a failed rebuild with a change after its start is not reported. */
  let seen = 0;
  let running = Promise.resolve();
  const report = async (err: unknown, changesAtStart: number): Promise<void> => {
    await new Promise((r) => setTimeout(r, HOLD_ERROR_MS));
    if (seen !== changesAtStart) return; // the files changed again: that rebuild reports
    ctx.out.warn(
      `${formatError(err, { verbose: false }).replace(/^error: /, '')}\n(keeping the last good build; waiting for the next change)`,
    );
  };
  const rebuild = (): void => {
    seen++;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        const changesAtStart = seen;
        try {
          // A pull writing the token files: build the state it ends with, never one on the way.
          if (await waitForWriters(first.root, ctx)) return rebuild();
          const built = await session.rebuild();
          ctx.out.info(`${built.human} ${howRebuilt(session.stats())}`);
        } catch (err) {
          // Held off the chain: the next rebuild need not wait for the report.
          void report(err, changesAtStart);
        }
      });
    }, QUIET_MS);
  };
  const watchers = [
    watch(first.tokensDir, { recursive: true }, (_e, name) => {
      if (name === null || String(name).endsWith('.json')) rebuild();
    }),
  ];
  if (first.configFile) {
    const configFile = first.configFile;
    watchers.push(
      watch(path.dirname(configFile), (_e, name) => {
        if (name === null || String(name) === path.basename(configFile)) rebuild();
      }),
    );
  }
  running = ready().catch(() => {});
  await running;
  // Said once the watchers are in place: an edit made as soon as this line is read is seen.
  ctx.out.info(
    `Watching ${path.relative(ctx.cwd, first.tokensDir) || '.'}/ and the config for changes (Ctrl-C to stop).`,
  );
  await ctx.interrupted;
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
}
