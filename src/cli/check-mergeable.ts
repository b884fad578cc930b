/**
 * `tokensync check --mergeable`: the pull-request check (docs/ci.md "The pull-request job"). Its exit
 * code answers one question: would the push job push this cleanly once it is merged?
 * - invalid tokens (the offline check): exit 1, and nothing is asked of the service;
 * - conflicts with edits made in the design file since the lock: exit 3;
 * - otherwise exit 0, with the plan the push would send (and the design file's own edits, which the
 *   push keeps and the scheduled pull brings in) in the output and the job summary. Drift as such is
 *   what a pull request is for, so it passes; `--strict` also fails (exit 2) on orphans.
 * The remote half is skipped, with the reason, where there is nothing true to compare with: the
 * embedded local service with no saved state (it would be seeded from this very checkout), and a pull
 * request from a fork, which GitHub runs without the repository's secrets.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type LoadedConfig } from '../config/load.js';
import { connect, LOCAL_STATE_DIR, type ServiceConnection } from '../service/connect.js';
import { codeNamesOption } from './code-names.js';
import { runSync, type SyncOutcome } from '../sync/apply.js';
import type { Conflict, FieldValue } from '../sync/changes.js';
import type { SyncDiff } from '../sync/diff.js';
import { describeOrphans, renderConflicts, renderPlanTable, showBase, showValue } from '../sync/report.js';
import { readLock } from '../tokens/index.js';
import { checkOffline, type CheckOptions } from './check-offline.js';
import {
  appendStepSummary,
  annotation,
  forkPullRequest,
  planMarkdown,
  setOutputs,
  underGitHubActions,
} from './github.js';
import { requireProject } from './project.js';
import { announceWait } from './ui/countdown.js';
import { EXIT, type CommandContext, type ExitCode } from './context.js';

const TITLE = 'tokensync check --mergeable';

export async function runMergeableCheck(options: CheckOptions, ctx: CommandContext): Promise<ExitCode> {
  const offline = await checkOffline({ ...options, staged: false, files: [] }, ctx);
  if (offline.code !== EXIT.ok) {
    ctx.out.result(`${offline.human}\nNot mergeable: the token files are invalid (nothing was asked of the service).`, {
      mergeable: false,
      check: offline.data,
    });
    return offline.code;
  }
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(loaded.file, ctx.cwd);
  const skipped = localWithoutState(loaded);
  if (skipped) return skip(skipped, offline.human, offline.data, ctx);
  let connection: ServiceConnection;
  try {
    connection = await connect(loaded, { env: ctx.env, onWait: (w) => announceWait(ctx.out, w) });
  } catch (err) {
    const fork =
      err instanceof ConfigError && err.code === 'SECRET_MISSING' ? await forkPullRequest(ctx.env) : undefined;
    if (!fork) throw err;
    return skip(
      `this pull request comes from the fork ${fork.head}, and GitHub runs pull requests from forks without the repository's secrets (${err instanceof ConfigError ? err.message : ''}). The tokens are valid; the design file is compared when the change is merged (the push job), or when a maintainer re-runs the check from a branch of ${fork.base}.`,
      offline.human,
      offline.data,
      ctx,
    );
  }
  try {
    const outcome = await runSync({
      mode: 'diff',
      root: loaded.root,
      config: loaded.config,
      client: connection.client,
      fileKey: connection.fileKey,
      codeNames: await codeNamesOption(loaded.config),
    });
    return await report(outcome, options, loaded, connection, offline.human, ctx);
  } finally {
    await connection.close();
  }
}

/** The reason to skip the remote half on the embedded local service, if it has nothing of its own. */
function localWithoutState(loaded: LoadedConfig): string | undefined {
  if (loaded.config.service.url !== 'local') return undefined;
  const state = path.join(loaded.root, LOCAL_STATE_DIR, 'service.json');
  if (existsSync(state)) return undefined;
  return `service.url is "local" and this checkout has no ${LOCAL_STATE_DIR}/service.json, so the embedded local service would start from these very token files: there is no design file to compare with. Set service.url to the real service (README "Point it at a real design file") for the check to mean something.`;
}

async function skip(
  reason: string,
  offlineHuman: string,
  offlineData: unknown,
  ctx: CommandContext,
): Promise<ExitCode> {
  const verdict = `Valid. The comparison with the design file was skipped: ${reason}`;
  if (underGitHubActions(ctx.env)) {
    if (!ctx.global.json) ctx.out.line(annotation('notice', 'tokensync: design file not compared', reason));
    await appendStepSummary(ctx.env, `### ${TITLE}\n\n${verdict}\n`);
    await setOutputs(ctx.env, { remote: 'skipped', mergeable: 'true', drift: 'false' });
  }
  ctx.out.result(`${offlineHuman}\n${verdict}`, { mergeable: true, remote: 'skipped', reason, check: offlineData });
  return EXIT.ok;
}

async function report(
  outcome: SyncOutcome,
  options: CheckOptions,
  loaded: LoadedConfig,
  connection: ServiceConnection,
  offlineHuman: string,
  ctx: CommandContext,
): Promise<ExitCode> {
  const { diff } = outcome;
  const conflicts = outcome.kind === 'conflicts';
  const canDelete = connection.client.dialect.name === 'figma';
  const orphansFail = options.strict && diff.orphans.length > 0;
  const lock = await readLock(loaded.root, loaded.config.tokens);
  const base = lock
    ? `the lock (${loaded.config.tokens.dir}/sync.lock.json, design file version ${lock.remoteVersion})`
    : 'no lock (a first push: every difference is a conflict)';
  const verdict = [
    conflicts
      ? `Not mergeable: ${diff.conflicts.length} conflict(s) with edits made in the design file since the lock. Run \`tokensync pull\` on this branch, settle each (edit the token, or \`tokensync sync --prefer repo|service\`), and commit the result.`
      : `Mergeable: merging pushes ${diff.toService.length} change(s) to the design file.`,
    diff.toRepo.length > 0
      ? `The design file has ${diff.toRepo.length} change(s) of its own since the lock; ${conflicts ? 'they' : 'the push keeps them and'} the scheduled pull brings them in.`
      : '',
    diff.orphans.length > 0 ? describeOrphans(diff.orphans, canDelete).trim() : '',
    `Compared: the token files as merged, ${connection.label}'s file ${connection.fileKey} now, and ${base} as the base.`,
  ]
    .filter((l) => l !== '')
    .join('\n');
  const table = outcome.kind === 'conflicts' ? conflictsText(diff) : renderPlanTable(diff, outcome.plan);
  if (underGitHubActions(ctx.env)) {
    if (!ctx.global.json)
      for (const c of diff.conflicts) ctx.out.line(annotation('error', 'tokensync: conflict', conflictLine(c)));
    await appendStepSummary(ctx.env, planMarkdown(TITLE, diff, verdict.replace(/\n/g, '\n\n')));
    await setOutputs(ctx.env, {
      remote: 'checked',
      mergeable: String(!conflicts && !orphansFail),
      drift: String(diff.toService.length + diff.toRepo.length + diff.conflicts.length > 0),
      conflicts: String(diff.conflicts.length),
      orphans: String(diff.orphans.length),
    });
  }
  ctx.out.result([offlineHuman, table, verdict].join('\n'), {
    mergeable: !conflicts && !orphansFail,
    remote: 'checked',
    conflicts: diff.conflicts,
    toService: diff.toService,
    toRepo: diff.toRepo,
    orphans: diff.orphans,
  });
  return conflicts ? EXIT.conflicts : orphansFail ? EXIT.changes : EXIT.ok;
}

/** One line per conflict for its annotation; the summary's table has both values. */
function conflictLine(c: Conflict): string {
  const what = 'variable' in c && c.variable ? `${c.collection}/${c.variable}` : c.collection;
  const where = c.kind === 'variable-field' ? ` (${c.field === 'value' ? (c.mode ?? 'value') : c.field})` : '';
  const values =
    c.kind === 'deleted-in-service'
      ? ''
      : ` (base ${showBase(c)}, this pull request ${side(c, c.local)}, design file ${side(c, c.remote)})`;
  return `${what}${where}: changed in this pull request and in the design file since the lock${values}. Run \`tokensync pull\` on the branch and settle it.`;
}

function side(c: Exclude<Conflict, { kind: 'deleted-in-service' }>, v: FieldValue): string {
  return typeof v === 'string' && (c.kind !== 'variable-field' || c.field === 'name') ? `"${v}"` : showValue(v);
}

/** Conflicts first, then what else is pending on either side, so nothing is hidden behind them. */
function conflictsText(diff: SyncDiff): string {
  const rest = `Also pending: ${diff.toService.length} change(s) to push, ${diff.toRepo.length} to pull.`;
  return `${renderConflicts(diff.conflicts)}\n${rest}`;
}
