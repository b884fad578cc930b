/**
 * `tokensync check [files...]`: the offline validation for pre-commit hooks and CI. Reads the whole
 * token set (an alias in one file can break in another) and reports ALL problems as
 * `file:line:column  token.path  message` plus the fix; exit 1 on any error, 0 when clean.
 * With file arguments, only problems in those files are reported. `--json` prints the diagnostics.
 *
 * Fast path: this file imports only the quick config loader (no `yaml` or zod for a plain config,
 * config/quick.ts) and tokens/read.ts; `--staged` adds only git/index-source.ts (two git calls) (no Style Dictionary, undici, local service or lock schema);
 * `--remote` is the service drift check and lives elsewhere.
 */
import path from 'node:path';
import { loadConfigQuick, quickParseConfig } from '../../config/quick.js';
import { formatDiagnostic, type Diagnostic } from '../../tokens/errors.js';
import { analyzeTokens, type TokenFileSource } from '../../tokens/read/index.js';
import { analyzeStyleTokens } from '../../styles/read.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';
import { requireFiles, requireProject } from '../project.js';

export interface CheckOptions {
  remote: boolean;
  strict: boolean;
  /** Read the token files from the git index (what a commit would hold), not the work tree. */
  staged?: boolean;
  files: string[];
}

export async function run(options: CheckOptions, ctx: CommandContext): Promise<ExitCode> {
  if (options.remote) return (await import('../check-remote.js')).runRemoteCheck(options, ctx);
  const loaded = await loadConfigQuick({ cwd: ctx.cwd, configPath: ctx.global.config });
  const { root, file } = loaded;
  let { config } = loaded;
  requireProject(file, ctx.cwd);
  // With --staged a named file may be staged for removal: it is judged by the index, not the disk.
  if (!options.staged) requireFiles(options.files ?? [], ctx.cwd);
  let source: TokenFileSource | undefined;
  if (options.staged) {
    const git = await import('../../git/index-source.js');
    // The config as staged too (a staged type rule or tokens.dir counts), when the index holds it.
    const stagedConfig = file === undefined ? undefined : await git.stagedText(file);
    if (stagedConfig !== undefined && file !== undefined) {
      config =
        quickParseConfig(stagedConfig) ?? (await import('../../config/load.js')).parseConfigText(stagedConfig, file);
    }
    source = await git.stagedTokenSource(path.resolve(root, config.tokens.dir));
  }
  const read = await analyzeTokens(root, config.tokens, source);
  // Style files, once the tokens they reference read cleanly (no cascade of missing targets).
  // They are read from the work tree, also with --staged.
  const styles = read.diagnostics.some((d) => d.severity === 'error')
    ? undefined
    : await analyzeStyleTokens(root, config.tokens, read.set);
  const all = [...read.diagnostics, ...(styles?.diagnostics ?? [])];
  const set = read.set;
  const designOwned = (styles?.set.tokens?.length ?? 0) - (set.tokens?.length ?? 0);

  // Paths as the user sees them: relative to where the command runs, so editors can jump to them.
  const shown = (d: Diagnostic): Diagnostic => ({
    ...d,
    file: path.relative(ctx.cwd, path.resolve(root, d.file)).split(path.sep).join('/') || d.file,
  });
  const only = (options.files ?? []).map((f) => path.resolve(ctx.cwd, f));
  const diagnostics = all.filter((d) => only.length === 0 || only.includes(path.resolve(root, d.file))).map(shown);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const repoOnly = set.tokens?.length ?? 0;

  const summary =
    errors > 0
      ? `${errors} error${errors === 1 ? '' : 's'}${warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''} in ${config.tokens.dir}/${source ? ' as staged (the git index)' : ''}.`
      : only.length > 0
        ? `${only.length} file${only.length === 1 ? '' : 's'} checked: no problems${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}.`
        : `${set.variables.length + repoOnly} tokens${repoOnly > 0 ? ` (${repoOnly} repository-only)` : ''} in ${set.collections.length} collection${set.collections.length === 1 ? '' : 's'}${designOwned > 0 ? `, ${designOwned} style token${designOwned === 1 ? '' : 's'}` : ''}${source ? ' as staged' : ''}: no problems${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}.`;
  // Under GitHub Actions, each problem is also an annotation on the file (loaded only there).
  if (ctx.env['GITHUB_ACTIONS'] === 'true' && diagnostics.length > 0) {
    const github = await import('../github.js');
    if (!ctx.global.json) for (const line of github.annotations(diagnostics, ctx.cwd, ctx.env)) ctx.out.line(line);
    await github.appendStepSummary(ctx.env, github.problemsMarkdown(diagnostics, summary));
  }
  const human = [...diagnostics.map(formatDiagnostic), summary].join('\n');
  ctx.out.result(human, { ok: errors === 0, errors, warnings, diagnostics });
  return errors > 0 ? EXIT.error : EXIT.ok;
}
