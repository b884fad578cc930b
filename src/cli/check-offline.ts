/**
 * The offline half of `tokensync check` (commands/check.ts), shared with `check --mergeable`
 * (check-mergeable.ts): the whole token set read and validated, every problem with file, line and fix.
 */
import path from 'node:path';
import { loadConfigQuick, quickParseConfig } from '../config/quick.js';
import { formatDiagnostic, type Diagnostic } from '../tokens/errors.js';
import { analyzeTokens, type TokenFileSource } from '../tokens/read/index.js';
import { folderFindings } from '../tokens/read/folder.js';
import { checkLockText } from '../tokens/lock-check.js';
import { analyzeStyleTokens } from '../styles/read.js';
import { EXIT, type CommandContext, type ExitCode } from './context.js';
import { requireFiles, requireProject } from './project.js';

export interface CheckOptions {
  remote: boolean;
  strict: boolean;
  /** The pull-request check: valid, and would merging push cleanly (docs/ci.md "The pull-request job"). */
  mergeable?: boolean;
  /** Read the token files from the git index (what a commit would hold), not the work tree. */
  staged?: boolean;
  files: string[];
}

/** What the offline check found, before it is printed (`--mergeable` prints it with its own verdict). */
export interface OfflineCheck {
  code: ExitCode;
  human: string;
  data: { ok: boolean; errors: number; warnings: number; diagnostics: Diagnostic[] };
}

/** The offline validation; under GitHub Actions it also writes the annotations and the summary. */
export async function checkOffline(options: CheckOptions, ctx: CommandContext): Promise<OfflineCheck> {
  const loaded = await loadConfigQuick({ cwd: ctx.cwd, configPath: ctx.global.config });
  const { root, file } = loaded;
  let { config } = loaded;
  requireProject(file, ctx.cwd);
  // With --staged a named file may be staged for removal: it is judged by the index, not the disk.
  if (!options.staged) requireFiles(options.files ?? [], ctx.cwd);
  let source: TokenFileSource | undefined;
  let stagedText: ((file: string) => Promise<string | undefined>) | undefined;
  if (options.staged) {
    const git = await import('../git/index-source.js');
    stagedText = git.stagedText;
    // The config as staged too (a staged type rule or tokens.dir counts), when the index holds it.
    const stagedConfig = file === undefined ? undefined : await git.stagedText(file);
    if (stagedConfig !== undefined && file !== undefined) {
      config =
        quickParseConfig(stagedConfig) ?? (await import('../config/load.js')).parseConfigText(stagedConfig, file);
    }
    source = await git.stagedTokenSource(path.resolve(root, config.tokens.dir));
  }
  const read = await analyzeTokens(root, config.tokens, source);
  // Style files, once the tokens they reference read cleanly (no cascade of missing targets).
  // They are read from the work tree, also with --staged.
  const styles = read.diagnostics.some((d) => d.severity === 'error')
    ? undefined
    : await analyzeStyleTokens(root, config.tokens, read.set);
  const lock = await checkLockText(root, config.tokens.dir, stagedText, read.set);
  const all = [...read.diagnostics, ...(styles?.diagnostics ?? []), ...lock];
  const set = read.set;
  const designOwned = (styles?.set.tokens?.length ?? 0) - (set.tokens?.length ?? 0);

  // Paths as the user sees them: relative to where the command runs, so editors can jump to them.
  const shown = (d: Diagnostic): Diagnostic => ({
    ...d,
    file: path.relative(ctx.cwd, path.resolve(root, d.file)).split(path.sep).join('/') || d.file,
  });
  const only = (options.files ?? []).map((f) => path.resolve(ctx.cwd, f));
  // The folder itself (docs/token-files.md "Files tokensync does not read"): nothing read is an error,
  // whatever files were named; ignored token-like files beside read ones are warnings.
  const empty = set.collections.length === 0 && (set.tokens?.length ?? 0) === 0 && all.length === 0;
  const folder = await folderFindings({ root, dir: config.tokens.dir, ...(file ? { configFile: file } : {}) }, empty);
  const diagnostics = [
    ...all.filter((d) => only.length === 0 || only.includes(path.resolve(root, d.file))),
    ...folder.filter((d) => empty || only.length === 0 || only.includes(path.resolve(root, d.file))),
  ].map(shown);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  // Tokens some contexts of a modifier lack are repository-only too (docs/overrides.md §5).
  const repoOnly = (set.tokens?.length ?? 0) + (set.partial?.variables.length ?? 0) + (set.partial?.tokens.length ?? 0);
  const collections = set.collections.filter((c) => c.parent === undefined).length;
  const contexts = set.collections.length - collections + (set.repositoryAxes?.length ?? 0);

  const summary =
    errors > 0
      ? `${errors} error${errors === 1 ? '' : 's'}${warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''} in ${config.tokens.dir}/${source ? ' as staged (the git index)' : ''}.`
      : only.length > 0
        ? `${only.length} file${only.length === 1 ? '' : 's'} checked: no problems${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}.`
        : `${set.variables.length + repoOnly} tokens${repoOnly > 0 ? ` (${repoOnly} repository-only)` : ''} in ${collections} collection${collections === 1 ? '' : 's'}${contexts > 0 ? ` and ${contexts} overriding context${contexts === 1 ? '' : 's'}` : ''}${designOwned > 0 ? `, ${designOwned} style token${designOwned === 1 ? '' : 's'}` : ''}${source ? ' as staged' : ''}: no problems${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}.`;
  // Under GitHub Actions, each problem is also an annotation on the file (loaded only there).
  if (ctx.env['GITHUB_ACTIONS'] === 'true' && diagnostics.length > 0) {
    const github = await import('./github.js');
    if (!ctx.global.json) for (const line of github.annotations(diagnostics, ctx.cwd, ctx.env)) ctx.out.line(line);
    await github.appendStepSummary(ctx.env, github.problemsMarkdown(diagnostics, summary));
  }
  const human = [...diagnostics.map(formatDiagnostic), summary].join('\n');
  return {
    code: errors > 0 ? EXIT.error : EXIT.ok,
    human,
    data: { ok: errors === 0, errors, warnings, diagnostics },
  };
}
