/**
 * `tokensync build [--platform <name...>] [--out <dir>]` (DESIGN.md "Build", issue 5): reads the
 * token files and the config, never the service, and writes every platform's files atomically.
 */
import path from 'node:path';
import { buildTokens, writeBuild } from '../../build/index.js';
import { BuildError } from '../../build/errors.js';
import { loadConfig } from '../../config/load.js';
import { PLATFORMS, type Platform } from '../../config/schema.js';
import { readTokens } from '../../tokens/index.js';
import { InterruptedError, interruption } from '../../errors.js';
import { withStyleTokens } from '../../styles/read.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

function stoppedEarly(signal: AbortSignal): InterruptedError {
  const sig = interruption(signal).signal;
  return new InterruptedError(sig, `build stopped by ${sig} before writing anything.`, 'Run `tokensync build` again.');
}

export interface BuildCommandOptions {
  platform?: string[];
  out?: string;
}

function parsePlatforms(names: string[] | undefined): Platform[] | undefined {
  if (!names || names.length === 0) return undefined;
  const list = names.flatMap((n) => n.split(',')).map((n) => n.trim()).filter((n) => n !== '');
  const unknown = list.find((n) => !(PLATFORMS as readonly string[]).includes(n));
  if (unknown !== undefined) {
    throw new BuildError('BUILD_PLATFORM_UNKNOWN', `--platform ${unknown}: there is no such platform.`, {
      hint: `Use one or more of: ${PLATFORMS.join(', ')}.`,
    });
  }
  return [...new Set(list)] as Platform[];
}

export async function run(options: BuildCommandOptions, ctx: CommandContext): Promise<ExitCode> {
  const { config, root } = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  const platforms = parsePlatforms(options.platform);
  const { set: variables } = await readTokens(root, config.tokens);
  // Design-owned style tokens (issue 13) are built with the rest; they are read outside the sync.
  const set = await withStyleTokens(root, config.tokens, variables);
  // A safe point before the (long) build: nothing written yet (issue 11, item 4).
  if (ctx.signal?.aborted) throw stoppedEarly(ctx.signal);
  const out = await buildTokens(set, config.build, { ...(platforms ? { platforms } : {}), remBase: config.tokens.remBase, namespace: config.tokens.namespace });
  for (const w of out.warnings) ctx.out.warn(w);
  if (ctx.signal?.aborted) throw stoppedEarly(ctx.signal);
  // --out is relative to where the command runs; build.outDir to the project root (DESIGN.md).
  const outDir = options.out ? path.resolve(ctx.cwd, options.out) : path.resolve(root, config.build.outDir);
  const written = await writeBuild(outDir, out, { signal: ctx.signal });
  const rel = path.relative(ctx.cwd, outDir) || '.';
  ctx.out.result(
    `Built ${out.files.size} file${out.files.size === 1 ? '' : 's'} in ${rel} (${written.written.length} changed, ${written.unchanged.length} unchanged).`,
    { outDir, files: [...out.files.keys()], written: written.written, unchanged: written.unchanged, warnings: out.warnings },
  );
  return EXIT.ok;
}
