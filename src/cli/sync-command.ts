/**
 * pull, push, diff and sync share one flow: load the config, open the service, run the sync engine
 * (sync-full.ts), report the outcome, close. Only the mode and the way the result is told differ.
 * Before the engine, the in-step cache (in-step.ts, docs/caching.md): with nothing changed on either
 * side since a run that found them in step, the answer is said again from one GET, without parsing,
 * diffing or loading the engine.
 */
import { loadConfigQuick } from '../config/quick.js';
import { connect, type ServiceConnection } from '../service/connect.js';
import type { LocalVariablesResponse } from '../api/index.js';
import type { SyncMode } from '../sync/apply-types.js';
import { requireProject } from './project.js';
import { announceWait } from './ui/countdown.js';
import { EXIT, type CommandContext, type ExitCode } from './context.js';
import type { SyncCommandOptions } from './sync-options.js';

export type { SyncCommandOptions } from './sync-options.js';

export async function runSyncCommand(
  mode: SyncMode,
  options: SyncCommandOptions,
  ctx: CommandContext,
): Promise<ExitCode> {
  // The plain config without yaml or zod, anything else through the full loader (config/quick.ts).
  const loaded = await loadConfigQuick({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(loaded.file, ctx.cwd);
  const inStep = cacheable(mode, options, ctx) ? await import('./in-step.js') : undefined;
  // The local key is taken while the connection opens and the service answers.
  const localKey = inStep?.localKey(loaded);
  localKey?.catch(() => undefined);
  const connection = await connect(loaded, {
    env: ctx.env,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    onWait: (w) => announceWait(ctx.out, w),
    onLocalSeed: (s) =>
      ctx.out.info(
        `The embedded local service had no saved state: seeded it from the repository (${s.variables} variables at version ${s.version} of the lock), so nothing committed reads as deleted.`,
      ),
  });
  try {
    const key = await localKey;
    let digest: string | undefined;
    let firstRead: (() => LocalVariablesResponse | Promise<LocalVariablesResponse>) | undefined;
    if (inStep && key !== undefined && connection.client.getLocalVariablesBody && mode !== 'diff') {
      if (await inStep.hasEntry(loaded.root, key, mode)) {
        // The local bytes are those a full run checked and found in step: reading the service before
        // checking them again sends nothing the repository's checks would have refused.
        const read = await readOnce(connection, ctx);
        const result = await inStep.keptResult(loaded.root, key, mode, read.digest);
        if (result) {
          ctx.out.result(result.text, { mode, ...result.json, requests: connection.client.stats() });
          return EXIT.ok;
        }
        digest = read.digest;
        firstRead = read.parse;
      } else {
        // Anything else reads the service where the full run would, after the repository's checks
        // (no request before bad input is refused); the digest of that read is what a result kept.
        firstRead = async () => {
          const read = await readOnce(connection, ctx);
          digest = read.digest;
          return read.parse();
        };
      }
    }
    const { runFullSync } = await import('./sync-full.js');
    const full = await runFullSync(mode, options, ctx, loaded, connection, firstRead);
    if (inStep && key !== undefined && digest !== undefined && full.inStep)
      await inStep.keepResult(loaded, key, digest, full.inStep);
    return full.code;
  } finally {
    await connection.close();
  }
}

/** The read the full run would make first, with the same progress line (sync/apply-read.ts). */
async function readOnce(connection: ServiceConnection, ctx: CommandContext) {
  const message = `reading variables of ${connection.fileKey}`;
  if (ctx.out.status) ctx.out.status(message);
  else ctx.out.info(message);
  return connection.client.getLocalVariablesBody!(connection.fileKey);
}

/**
 * The in-step cache serves a plain pull, push or sync: not diff (its exit code is its answer), not
 * --dry-run, --prefer, --force or --allow-empty (their output differs; an emptied file is never kept
 * as in step), not under GitHub Actions (the job summary
 * and outputs come from the full run), and not with --no-cache.
 */
function cacheable(mode: SyncMode, options: SyncCommandOptions, ctx: CommandContext): boolean {
  return (
    mode !== 'diff' &&
    options.cache !== false &&
    !options.allowEmpty &&
    !options.dryRun &&
    options.prefer === undefined &&
    !options.force &&
    // Read here, not through github.ts, which loads the sync report and the model with it.
    ctx.env['GITHUB_ACTIONS'] !== 'true'
  );
}
