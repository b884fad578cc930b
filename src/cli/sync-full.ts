/**
 * The full run of pull, push, diff and sync (sync-command.ts opens the service and tries the in-step
 * cache first): the sync engine, then the outcome told. Only the mode and the way the result is told
 * differ. A run that found both sides in step gives the in-step cache its record (docs/caching.md).
 */
import path from 'node:path';
import type { LoadedConfig } from '../config/find.js';
import type { LocalVariablesResponse } from '../api/index.js';
import type { ServiceConnection } from '../service/connect.js';
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
import { replaceGuard } from './replace-guard.js';
import { codeNamesOption } from './code-names.js';
import { keptCollector, type KeptJson } from './kept.js';
import { deleteLimit } from './confirm-deletes.js';
import { EXIT, type CommandContext, type ExitCode } from './context.js';
import type { InStepResult } from './in-step.js';
import type { SyncCommandOptions } from './sync-options.js';
import { withSteadyYoungGeneration } from './steady-heap.js';

/**
 * The sync engine and its report. `firstRead`: the answer of the read the caller made already.
 * Returns the exit code and, when the run found both sides in step, what the in-step cache keeps.
 */
export async function runFullSync(
  mode: SyncMode,
  options: SyncCommandOptions,
  ctx: CommandContext,
  loaded: LoadedConfig,
  connection: ServiceConnection,
  firstRead: (() => LocalVariablesResponse | Promise<LocalVariablesResponse>) | undefined,
): Promise<{ code: ExitCode; inStep: InStepResult | undefined }> {
  const kept = keptCollector();
  let warned = 0;
  {
    const codeNames = await codeNamesOption(loaded.config);
    // The read, the service's answer and the diff are kept to the end (steady-heap.ts).
    const outcome = await withSteadyYoungGeneration(() =>
      runSync({
        mode,
        root: loaded.root,
        config: loaded.config,
        client: connection.client,
        fileKey: connection.fileKey,
        prefer: options.prefer,
        // With --prefer service, --force only lifts the guard below; it must not push over the service.
        force: options.prefer === 'service' ? false : options.force,
        dryRun: options.dryRun,
        allowEmpty: options.allowEmpty,
        deleteOrphans: options.deleteOrphans === true || loaded.config.sync.deleteOrphans,
        deleteLimit: deleteLimit(options.maxDeletes, ctx),
        progress: (m) => (ctx.out.status ? ctx.out.status(m) : ctx.out.info(m)),
        signal: ctx.signal,
        warn: (m) => {
          warned += 1;
          ctx.out.warn(m);
        },
        firstRead,
        onKept: kept.onKept,
        codeNames,
        ...(options.prefer === 'service' && !options.force && mode !== 'push'
          ? { beforeWrite: replaceGuard(mode, path.resolve(loaded.root, loaded.config.tokens.dir)) }
          : {}),
      }),
    );
    const code = report(mode, outcome, options, ctx, connection.label, connection.client.stats(), kept.json());
    if (underGitHubActions(ctx.env)) await reportToGitHub(mode, outcome, ctx);
    const clean = warned === 0 && kept.json().length === 0;
    return { code, inStep: clean ? inStepResult(mode, outcome, connection.label) : undefined };
  }
}

/**
 * What a run that found both sides in step and changed nothing says, for each mode it speaks for (a
 * sync checked both directions, a pull or push its own), so the in-step cache can say it again
 * (docs/caching.md "pull, push and sync"). Undefined for any other outcome.
 */
function inStepResult(mode: SyncMode, outcome: SyncOutcome, label: string): InStepResult | undefined {
  if (outcome.kind !== 'applied' || mode === 'diff') return undefined;
  const { diff, files } = outcome;
  const quiet =
    outcome.requestsSent === 0 &&
    outcome.replans === 0 &&
    outcome.warnings === 0 &&
    outcome.styles === undefined &&
    files.written.length + files.removed.length === 0 &&
    diff.conflicts.length + diff.toService.length + diff.toRepo.length + diff.orphans.length === 0 &&
    !diff.overridesAwaitingModes;
  if (!quiet) return undefined;
  const modes: ('pull' | 'push' | 'sync')[] = mode === 'sync' ? ['pull', 'push', 'sync'] : [mode];
  const {
    requests: _requests,
    mode: _mode,
    ...json
  } = resultJson(mode, outcome, label, { requests: 0, bytesSent: 0, bytesReceived: 0 }, []);
  return { texts: Object.fromEntries(modes.map((m) => [m, appliedText(m, outcome)])), json };
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
  const json = resultJson(mode, outcome, label, stats, kept);
  if (outcome.kind === 'conflicts') {
    ctx.out.result(
      `${renderConflictsWhole(diff)}\nNothing was written and nothing was sent. Resolve the conflicts in the files or the design file, or rerun with --prefer repo|service.`,
      json,
    );
    return EXIT.conflicts;
  }
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
    ctx.out.result(lines.join('\n') + orphanNote(mode, outcome), json);
    // toRepo too: for a collection read from several files a pull renders nothing, yet it has changes.
    const changes =
      plan.requests.length > 0 ||
      files.written.length > 0 ||
      files.removed.length > 0 ||
      diff.toRepo.length > 0 ||
      (outcome.styles !== undefined && stylesDiffer(outcome.styles));
    return mode === 'diff' && changes ? EXIT.changes : EXIT.ok;
  }
  ctx.out.result(appliedText(mode, outcome), json);
  return EXIT.ok;
}

/** The `--json` result of a run. */
function resultJson(
  mode: SyncMode,
  outcome: SyncOutcome,
  label: string,
  stats: { requests: number; bytesSent: number; bytesReceived: number },
  kept: KeptJson[],
): Record<string, unknown> {
  const { diff } = outcome;
  return {
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
}

/** Orphans left after the run, as a note (empty when none). */
function orphanNote(mode: SyncMode, outcome: Exclude<SyncOutcome, { kind: 'conflicts' }>): string {
  // After a pull or sync, items that were never pulled have just been pulled: not worth a note.
  const brought = (mode === 'pull' || mode === 'sync') && outcome.kind === 'applied';
  // Orphans this run's plan deletes (figma, --delete-orphans) are not left over.
  const deleted = new Set(outcome.plan.deletes ?? []);
  const left = outcome.diff.orphans.filter((o) => !deleted.has(o.id) && (!brought || o.reason !== 'never-pulled'));
  return describeOrphans(left, outcome.plan.dialect === 'figma');
}

/** What an applied run says: what it sent and wrote, every change on each side, what stays. */
function appliedText(mode: SyncMode, outcome: Extract<SyncOutcome, { kind: 'applied' }>): string {
  const { files, requestsSent, replans, diff } = outcome;
  const parts: string[] = [];
  if (requestsSent > 0)
    parts.push(
      `sent ${requestsSent} write request(s)${replans > 0 ? ` (re-planned ${replans}x after a concurrent edit or an unknown outcome)` : ''}`,
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
  return (
    [summary, ...changed, ...fileList, ...styleLines, ...(extensions ? [extensions] : []), ...modifiers].join('\n') +
    orphanNote(mode, outcome)
  );
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
