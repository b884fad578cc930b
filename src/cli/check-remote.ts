/**
 * `tokensync check --remote`: the CI drift check. Reads the service and compares it with the files
 * and the lock without writing anything: exit 2 on drift in either direction or on conflicts, and with
 * --strict also on orphans (what exists only in the design file), with what to do about them in the
 * configured dialect (dfs cannot delete; figma's `push --delete-orphans` can).
 */
import { loadConfig } from '../config/load.js';
import { connect } from '../service/connect.js';
import { runSync } from '../sync/apply.js';
import { describeOrphans, describeRepoOnlyModifiers, renderConflicts, renderPlanTable } from '../sync/report.js';
import { appendStepSummary, planMarkdown, setOutputs, underGitHubActions } from './github.js';
import { requireProject } from './project.js';
import { codeNamesOption } from './code-names.js';
import { keptCollector } from './kept.js';
import { announceWait } from './ui/countdown.js';
import { EXIT, type CommandContext, type ExitCode } from './context.js';

export async function runRemoteCheck(options: { strict: boolean }, ctx: CommandContext): Promise<ExitCode> {
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(loaded.file, ctx.cwd);
  const connection = await connect(loaded, {
    env: ctx.env,
    onWait: (w) => announceWait(ctx.out, w),
    onLocalSeed: (s) =>
      ctx.out.info(
        `The embedded local service had no saved state: seeded it from the repository (${s.variables} variables at version ${s.version} of the lock), so nothing committed reads as deleted.`,
      ),
  });
  const kept = keptCollector();
  try {
    const outcome = await runSync({
      mode: 'diff',
      root: loaded.root,
      config: loaded.config,
      client: connection.client,
      fileKey: connection.fileKey,
      warn: (m) => ctx.out.warn(m),
      onKept: kept.onKept,
      codeNames: await codeNamesOption(loaded.config),
    });
    const { diff } = outcome;
    const drift =
      outcome.kind === 'conflicts' ||
      (outcome.kind === 'planned' &&
        (outcome.plan.requests.length > 0 || outcome.files.written.length + outcome.files.removed.length > 0));
    const orphans = options.strict && diff.orphans.length > 0;
    const text =
      outcome.kind === 'conflicts'
        ? renderConflicts(diff.conflicts)
        : outcome.kind === 'planned'
          ? [renderPlanTable(diff, outcome.plan), ...describeRepoOnlyModifiers(diff.repoOnlyModifiers)].join('\n')
          : '';
    const verdict = drift
      ? 'Drift: the repository and the design file differ. Run `tokensync sync` (or pull/push) and commit the result.'
      : orphans
        ? `${diff.orphans.length} orphan(s) exist only in the design file (--strict).${describeOrphans(diff.orphans, connection.client.dialect.name === 'figma')}`
        : `In step with the design file.${describeOrphans(diff.orphans, connection.client.dialect.name === 'figma')}`;
    if (underGitHubActions(ctx.env)) {
      await appendStepSummary(ctx.env, planMarkdown('tokensync check --remote', diff, verdict));
      await setOutputs(ctx.env, { drift: String(drift), orphans: String(diff.orphans.length) });
    }
    ctx.out.result(`${text}\n${verdict}`.trim(), {
      drift,
      orphans: diff.orphans,
      conflicts: diff.conflicts,
      toService: diff.toService,
      toRepo: diff.toRepo,
      kept: kept.json(),
    });
    return drift || orphans ? EXIT.changes : EXIT.ok;
  } finally {
    await connection.close();
  }
}
