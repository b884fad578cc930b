/**
 * pull, push, diff and sync share one flow: load the config, open the service, run the sync engine,
 * report the outcome, close. Only the mode and the way the result is told differ.
 */
import path from 'node:path';
import { loadConfig } from '../config/load.js';
import { connect } from '../service/connect.js';
import { runSync, type SyncMode, type SyncOutcome } from '../sync/apply.js';
import {
  describeExtensions,
  describeOrphans,
  describeRepoOnly,
  describeRepoOnlyModifiers,
  describeAwaitingOverrides,
  renderApplied,
  renderConflictsWhole,
  renderPlanTable,
  repoOnlyJson,
} from '../sync/report.js';
import { describeStyles, stylesDiffer, stylesJson } from '../styles/report.js';
import { appendStepSummary, planMarkdown, setOutputs, underGitHubActions } from './github.js';
import { requireProject } from './project.js';
import { replaceGuard } from './replace-guard.js';
import { codeNamesOption } from './code-names.js';
import { keptCollector, type KeptJson } from './kept.js';
import { announceWait } from './ui/countdown.js';
import { deleteLimit } from './confirm-deletes.js';
import { EXIT, type CommandContext, type ExitCode } from './context.js';

export interface SyncCommandOptions {
  prefer?: 'repo' | 'service';
  force?: boolean;
  dryRun?: boolean;
  /** `--delete-orphans`; `sync.deleteOrphans` in the config does the same. */
  deleteOrphans?: boolean;
  /** `--max-deletes N`: the most --delete-orphans may delete (confirm-deletes.ts). */
  maxDeletes?: string;
}

export async function runSyncCommand(
  mode: SyncMode,
  options: SyncCommandOptions,
  ctx: CommandContext,
): Promise<ExitCode> {
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(loaded.file, ctx.cwd);
  const connection = await connect(loaded, {
    env: ctx.env,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    onWait: (w) => announceWait(ctx.out, w),
    onLocalSeed: (s) =>
      ctx.out.info(
        `The embedded local service had no saved state: seeded it from the repository (${s.variables} variables at version ${s.version} of the lock), so nothing committed reads as deleted.`,
      ),
  });
  const kept = keptCollector();
  try {
    const outcome = await runSync({
      mode,
      root: loaded.root,
      config: loaded.config,
      client: connection.client,
      fileKey: connection.fileKey,
      prefer: options.prefer,
      // With --prefer service, --force only lifts the guard below; it must not push over the service.
      force: options.prefer === 'service' ? false : options.force,
      dryRun: options.dryRun,
      deleteOrphans: options.deleteOrphans === true || loaded.config.sync.deleteOrphans,
      deleteLimit: deleteLimit(options.maxDeletes, ctx),
      progress: (m) => (ctx.out.status ? ctx.out.status(m) : ctx.out.info(m)),
      signal: ctx.signal,
      warn: (m) => ctx.out.warn(m),
      onKept: kept.onKept,
      codeNames: await codeNamesOption(loaded.config),
      ...(options.prefer === 'service' && !options.force && mode !== 'push'
        ? { beforeWrite: replaceGuard(mode, path.resolve(loaded.root, loaded.config.tokens.dir)) }
        : {}),
    });
    const code = report(mode, outcome, options, ctx, connection.label, connection.client.stats(), kept.json());
    if (underGitHubActions(ctx.env)) await reportToGitHub(mode, outcome, ctx);
    return code;
  } finally {
    await connection.close();
  }
}

function report(
  mode: SyncMode,
  outcome: SyncOutcome,
  options: SyncCommandOptions,
  ctx: CommandContext,
  label: string,
  stats: { requests: number; bytesSent: number; bytesReceived: number },
  kept: KeptJson[],
): ExitCode {
  const { diff } = outcome;
  const json = {
    mode,
    outcome: outcome.kind,
    service: label,
    conflicts: diff.conflicts,
    toService: diff.toService,
    toRepo: diff.toRepo,
    orphans: diff.orphans,
    kept,
    repoOnly: repoOnlyJson(diff.merged.tokens, diff.repoOnlyNew),
    repoOnlyExtensions: diff.repoOnlyExtensions,
    repoOnlyModifiers: diff.repoOnlyModifiers ?? [],
    perModeOverrides: diff.perModeOverrides,
    ...(outcome.kind === 'conflicts' ? {} : { plan: outcome.plan, files: outcome.files }),
    ...(outcome.kind !== 'conflicts' && outcome.styles ? { styles: stylesJson(outcome.styles) } : {}),
    requests: stats,
  };
  if (outcome.kind === 'conflicts') {
    ctx.out.result(
      `${renderConflictsWhole(diff)}\nNothing was written and nothing was sent. Resolve the conflicts in the files or the design file, or rerun with --prefer repo|service.`,
      json,
    );
    return EXIT.conflicts;
  }
  // After a pull or sync, items that were never pulled have just been pulled: not worth a note.
  const brought = (mode === 'pull' || mode === 'sync') && outcome.kind === 'applied';
  // Orphans this run's plan deletes (figma, --delete-orphans) are not left over.
  const deleted = new Set(outcome.plan.deletes ?? []);
  const left = diff.orphans.filter((o) => !deleted.has(o.id) && (!brought || o.reason !== 'never-pulled'));
  const orphanNote = describeOrphans(left, outcome.plan.dialect === 'figma');
  if (outcome.kind === 'planned') {
    const { plan, files } = outcome;
    // "In step" speaks of the variables; say so when styles still have changes.
    const table = renderPlanTable(diff, plan);
    const lines = [
      outcome.styles && stylesDiffer(outcome.styles) ? table.replace(/^In step:/, 'Variables in step:') : table,
    ];
    const repoOnly = describeRepoOnly(diff.repoOnlyNew);
    if (repoOnly) lines.push(repoOnly);
    // Extended collections one side cannot hold: one line each, never a change (docs/overrides.md §4, §5).
    const extensions = describeExtensions(diff);
    if (extensions) lines.push(extensions);
    lines.push(...describeRepoOnlyModifiers(diff.repoOnlyModifiers));
    if (mode !== 'pull') lines.push(...describeAwaitingOverrides(diff.overridesAwaitingModes));
    if (options.dryRun)
      lines.push(
        '',
        'Request bodies (nothing sent):',
        ...plan.requests.map((r) => `${r.method} /v1/files/:file_key/variables\n${JSON.stringify(r.body, null, 2)}`),
      );
    if (files.written.length + files.removed.length > 0) {
      lines.push(
        '',
        'Files a pull would change:',
        ...files.written.map((f) => `  write  ${f}`),
        ...files.removed.map((f) => `  remove ${f}`),
      );
    }
    const styleLines = outcome.styles ? describeStyles(outcome.styles, false) : [];
    if (styleLines.length > 0) lines.push('', ...styleLines);
    ctx.out.result(lines.join('\n') + orphanNote, json);
    // toRepo too: for a collection read from several files a pull renders nothing, yet it has changes.
    const changes =
      plan.requests.length > 0 ||
      files.written.length > 0 ||
      files.removed.length > 0 ||
      diff.toRepo.length > 0 ||
      (outcome.styles !== undefined && stylesDiffer(outcome.styles));
    return mode === 'diff' && changes ? EXIT.changes : EXIT.ok;
  }
  const { files, requestsSent, replans } = outcome;
  const parts: string[] = [];
  if (requestsSent > 0)
    parts.push(
      `sent ${requestsSent} write request(s)${replans > 0 ? ` (re-planned ${replans}x after an unknown outcome)` : ''}`,
    );
  if (files.written.length > 0) parts.push(`wrote ${files.written.length} file(s)`);
  if (files.removed.length > 0) parts.push(`removed ${files.removed.length} file(s)`);
  const summary = parts.length > 0 ? `${mode}: ${parts.join(', ')}.` : `${mode}: already in step, nothing to do.`;
  const fileList = [...files.written.map((f) => `  wrote   ${f}`), ...files.removed.map((f) => `  removed ${f}`)];
  const styleLines = outcome.styles ? describeStyles(outcome.styles, true) : [];
  // Every change made, on each side (docs/sync.md "What sync reports"), not only the files touched.
  const changed = mode === 'diff' ? [] : renderApplied(diff, mode);
  const extensions = mode === 'push' ? '' : describeExtensions(diff);
  const modifiers = mode === 'push' ? describeRepoOnlyModifiers(diff.repoOnlyModifiers) : [];
  ctx.out.result(
    [summary, ...changed, ...fileList, ...styleLines, ...(extensions ? [extensions] : []), ...modifiers].join('\n') +
      orphanNote,
    json,
  );
  return EXIT.ok;
}

/** The job summary gets the plan as a table; the step's outputs say whether files changed. */
async function reportToGitHub(mode: SyncMode, outcome: SyncOutcome, ctx: CommandContext): Promise<void> {
  const files = outcome.kind === 'conflicts' ? { written: [], removed: [] } : outcome.files;
  const verdict =
    outcome.kind === 'conflicts'
      ? `**${outcome.diff.conflicts.length} conflict(s)**: nothing was written and nothing was sent.`
      : outcome.kind === 'applied'
        ? `Applied: ${outcome.requestsSent} write request(s) to the design file, ${files.written.length + files.removed.length} file(s) changed in the repository.`
        : `Plan: ${outcome.plan.requests.length} request(s), ${files.written.length + files.removed.length} file(s) a pull would change.`;
  await appendStepSummary(ctx.env, planMarkdown(`tokensync ${mode}`, outcome.diff, verdict));
  await setOutputs(ctx.env, {
    outcome: outcome.kind,
    changed: String(
      files.written.length + files.removed.length > 0 ||
        (outcome.kind === 'planned' && outcome.plan.requests.length > 0),
    ),
    files: [...files.written, ...files.removed].join('\n'),
  });
}
