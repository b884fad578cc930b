/**
 * The offline half of `tokensync check` (commands/check.ts), shared with `check --mergeable`
 * (check-mergeable.ts): the whole token set read and validated, every problem with file, line and fix.
 * A clean result is kept in the check cache (check-cache.ts, docs/caching.md), so an unchanged set is
 * answered without reading it again.
 */
import path from 'node:path';
import { loadConfigQuick, quickParseConfig } from '../config/quick.js';
import { formatDiagnostic, type Diagnostic } from '../tokens/errors.js';
import type { TokenFileSource } from '../tokens/read/index.js';
import type { CheckAnalysis } from './check-cache.js';
import { EXIT, type CommandContext, type ExitCode } from './context.js';
import { requireFiles, requireProject } from './project.js';

export interface CheckOptions {
  remote: boolean;
  strict: boolean;
  /** The pull-request check: valid, and would merging push cleanly (docs/ci.md "The pull-request job"). */
  mergeable?: boolean;
  /** Read the token files from the git index (what a commit would hold), not the work tree. */
  staged?: boolean;
  /** `--no-cache`: false reads every file again and leaves the cache alone (docs/caching.md). */
  cache?: boolean;
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
  // The cache serves the work tree only (a staged check reads the index through git).
  const place = { root, dir: config.tokens.dir, ...(file ? { configFile: file } : {}) };
  // The cache (and its digest) is loaded only when it is used: not by --no-cache or --staged.
  const cache = options.cache !== false && !options.staged ? await import('./check-cache.js') : undefined;
  const key = cache ? await cache.checkKey(place) : undefined;
  let analysis = cache && key !== undefined ? await cache.cachedCheck(root, key) : undefined;
  if (analysis === undefined) {
    // The reader is loaded only when the cache has no answer.
    const { analyzeOffline } = await import('./check-analyze.js');
    analysis = await analyzeOffline(root, config, file, source, stagedText);
    if (cache && key !== undefined) await cache.keepCheck(place, key, analysis);
  }
  return present(analysis, options, ctx, { root, dir: config.tokens.dir });
}

/** The result as the user sees it: the named files only, paths relative to where the command runs. */
async function present(
  a: CheckAnalysis,
  options: CheckOptions,
  ctx: CommandContext,
  { root, dir }: { root: string; dir: string },
): Promise<OfflineCheck> {
  // Paths as the user sees them: relative to where the command runs, so editors can jump to them.
  const shown = (d: Diagnostic): Diagnostic => ({
    ...d,
    file: path.relative(ctx.cwd, path.resolve(root, d.file)).split(path.sep).join('/') || d.file,
  });
  const only = (options.files ?? []).map((f) => path.resolve(ctx.cwd, f));
  const named = (d: Diagnostic): boolean => only.includes(path.resolve(root, d.file));
  const diagnostics = [
    ...a.all.filter((d) => only.length === 0 || named(d)),
    ...a.folder.filter((d) => a.empty || only.length === 0 || named(d)),
  ].map(shown);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const summary = summaryLine(a, errors, warnings, only.length, dir);
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

function summaryLine(a: CheckAnalysis, errors: number, warnings: number, named: number, dir: string): string {
  const s = (n: number): string => (n === 1 ? '' : 's');
  const warned = warnings > 0 ? ` (${warnings} warning${s(warnings)})` : '';
  if (errors > 0)
    return `${errors} error${s(errors)}${warnings > 0 ? `, ${warnings} warning${s(warnings)}` : ''} in ${dir}/${a.staged ? ' as staged (the git index)' : ''}.`;
  if (named > 0) return `${named} file${s(named)} checked: no problems${warned}.`;
  const { repoOnly, collections, contexts, designOwned } = a;
  // A folder of style sets only (a design file with styles and no variables): count what was checked.
  if (a.variables + repoOnly === 0 && collections === 0 && designOwned > 0)
    return `${designOwned} style token${s(designOwned)} in ${a.styleSets} style set${s(a.styleSets)} and no variables${a.staged ? ' as staged' : ''}: no problems${warned}.`;
  return `${a.variables + repoOnly} tokens${repoOnly > 0 ? ` (${repoOnly} repository-only)` : ''} in ${collections} collection${s(collections)}${contexts > 0 ? ` and ${contexts} overriding context${s(contexts)}` : ''}${designOwned > 0 ? `, ${designOwned} style token${s(designOwned)}` : ''}${a.staged ? ' as staged' : ''}: no problems${warned}.`;
}
