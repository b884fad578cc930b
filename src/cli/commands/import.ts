/**
 * `tokensync import tokens-studio|style-dictionary [DIR] [--out DIR]` (docs/migration.md): converts a
 * legacy token repository into DTCG 2025.10 files and a resolver document in `tokens.dir` (or
 * `--out`), which must be empty or missing. Prints the report; `--json` gives it as data.
 */
import path from 'node:path';
import { loadConfig } from '../../config/load.js';
import { TokensyncError } from '../../errors.js';
import { readJsonTree, requireEmpty, writeAll } from '../../migrate/files.js';
import { renderReport } from '../../migrate/report.js';
import { importStyleDictionary } from '../../migrate/style-dictionary.js';
import { importTokensStudio, type ImportResult } from '../../migrate/studio.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

export interface ImportCommandOptions {
  tool: string;
  dir?: string;
  out?: string;
}

const TOOLS: Record<string, (files: ReadonlyMap<string, unknown>) => ImportResult> = {
  'tokens-studio': importTokensStudio,
  'style-dictionary': importStyleDictionary,
};

export async function run(options: ImportCommandOptions, ctx: CommandContext): Promise<ExitCode> {
  const convert = TOOLS[options.tool];
  if (!convert)
    throw new TokensyncError('IMPORT_TOOL_UNKNOWN', `import ${options.tool}: there is no such importer.`, {
      hint: `Use one of: ${Object.keys(TOOLS).join(', ')}.`,
    });
  const { config, root, file } = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  const tokensDir = path.resolve(root, config.tokens.dir);
  const source = options.dir ? path.resolve(ctx.cwd, options.dir) : tokensDir;
  const outDir = options.out ? path.resolve(ctx.cwd, options.out) : tokensDir;
  const rel = (p: string): string => path.relative(ctx.cwd, p).split(path.sep).join('/') || '.';
  const shown = rel(outDir);
  const input = await readJsonTree(source, rel(source));
  await requireEmpty(outDir, shown);
  const result = convert(input);
  await writeAll(outDir, result.files);
  const project = { config: file !== undefined, tokensDir: rel(tokensDir) };
  ctx.out.result(renderReport(result.report, shown, project), { ok: true, outDir: shown, ...result.report });
  return EXIT.ok;
}
