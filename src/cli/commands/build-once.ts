/**
 * One build of `tokensync build` (docs/architecture.md "Build"): the config, the token files (or the
 * model cache), the build and its write. `build --watch` runs it on every change (build-watch.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { stageBuild, type BuildOptions } from '../../codegen/index.js';
import type { BuildConfig } from '../../config/schema.js';
import type { TokenSet } from '../../model/types.js';
import { BuildError } from '../../codegen/errors.js';
import { loadConfigQuick } from '../../config/quick.js';
import { PLATFORMS, type Platform } from '../../config/lists.js';
import { readTokens } from '../../tokens/check.js';
import { readLock } from '../../tokens/lock-file.js';
import type { BuildSource } from '../../codegen/formats/common.js';
import type { TokenFileSource } from '../../tokens/read/parse.js';
import { watchedBuild } from './watch-build.js';
import type { BuildSession, RebuildStats } from '../../codegen/session/index.js';
import type { IncrementalReader } from '../../tokens/read/incremental.js';
import { InterruptedError, interruption } from '../../errors.js';
import { withStyleTokens } from '../../styles/read.js';
import type { CommandContext } from '../context.js';
import { requireProject } from '../project.js';
import { toolStamp } from '../../fs/result-cache.js';
import { readModel } from '../../tokens/read/model-cache.js';
import { VERSION } from '../../version.js';

function stoppedEarly(signal: AbortSignal): InterruptedError {
  const sig = interruption(signal).signal;
  return new InterruptedError(sig, `build stopped by ${sig} before writing anything.`, 'Run `tokensync build` again.');
}

export interface BuildCommandOptions {
  platform?: string[];
  out?: string;
  watch?: boolean;
  /** `--no-cache`: false reads every token file and leaves the model cache alone (docs/caching.md "build"). */
  cache?: boolean;
}

function parsePlatforms(names: string[] | undefined): Platform[] | undefined {
  if (!names || names.length === 0) return undefined;
  const list = names
    .flatMap((n) => n.split(','))
    .map((n) => n.trim())
    .filter((n) => n !== '');
  const unknown = list.find((n) => !(PLATFORMS as readonly string[]).includes(n));
  if (unknown !== undefined) {
    throw new BuildError('BUILD_PLATFORM_UNKNOWN', `--platform ${unknown}: there is no such platform.`, {
      hint: `Use one or more of: ${PLATFORMS.join(', ')}.`,
    });
  }
  return [...new Set(list)] as Platform[];
}

/** The token files' reader for one project: `build --watch` keeps one per tokens folder (watch-source.ts). */
type SourceFor = (tokensDir: string) => TokenFileSource | undefined;

/** What `build --watch` keeps between rebuilds: the token files' texts and the last build (watch-build.ts). */
export interface Watching {
  sourceFor: SourceFor;
  codegen: BuildSession;
  reader: IncrementalReader;
  stats?: RebuildStats;
  /** The warm-up's rebuilds (watch-warm.ts): nothing written or warned. */
  dry?: boolean;
}

export async function buildOnce(options: BuildCommandOptions, ctx: CommandContext, watching?: Watching) {
  const sourceFor: SourceFor = watching?.sourceFor ?? (() => undefined);
  const { config, root, file } = await loadConfigQuick({ cwd: ctx.cwd, configPath: ctx.global.config });
  requireProject(file, ctx.cwd);
  const platforms = parsePlatforms(options.platform);
  const started = performance.now();
  const files = sourceFor(path.resolve(root, config.tokens.dir));
  const whole = async () => (await readTokens(root, config.tokens, files)).set;
  // A single build takes the model of unchanged files from the model cache (docs/caching.md "build");
  // a watch session reads again only the tokens an edit touches where it can (tokens/read/incremental.ts).
  const cached =
    !watching && options.cache !== false ? await readModel(root, config.tokens, toolStamp(VERSION), whole) : undefined;
  const variables =
    cached?.set ?? (files && watching ? await watching.reader.read(root, config.tokens, files, whole) : await whole());
  // Design-owned style tokens are built with the rest; they are read outside the sync.
  const set = await withStyleTokens(root, config.tokens, variables);
  // Building nothing is not a build: say what the folder holds instead (docs/build.md).
  if (set.collections.length === 0 && (set.tokens?.length ?? 0) === 0) {
    const { folderFindings } = await import('../../tokens/read/folder.js');
    const place = { root, dir: config.tokens.dir, ...(file ? { configFile: file } : {}) };
    const first = (await folderFindings(place, true))[0]!;
    throw new BuildError('BUILD_NO_TOKENS', `Nothing to build: ${first.file}: ${first.message}.`, { hint: first.hint });
  }
  // A safe point before the (long) build: nothing written yet.
  if (ctx.signal?.aborted) throw stoppedEarly(ctx.signal);
  const source = await buildSource(root, config.tokens);
  // --out is relative to where the command runs; build.outDir to the project root (docs/architecture.md).
  const outDir = options.out ? path.resolve(ctx.cwd, options.out) : path.resolve(root, config.build.outDir);
  const opts = {
    ...(platforms ? { platforms } : {}),
    remBase: config.tokens.remBase,
    namespace: config.tokens.namespace,
    source,
  };
  const { out, write, discard } = watching
    ? { ...(await watchedBuild(watching, set, config.build, { ...opts, outDir }, started)), discard: undefined }
    : await buildAndWrite(outDir, set, config.build, opts);
  if (!watching?.dry) for (const w of out.warnings) ctx.out.warn(w);
  if (ctx.signal?.aborted) {
    await discard?.();
    throw stoppedEarly(ctx.signal);
  }
  const written = await write(outDir, ctx.signal);
  // Kept only once the build is written: a refused build changes no file.
  await cached?.keep();
  const rel = path.relative(ctx.cwd, outDir) || '.';
  const removed =
    written.removed.length > 0 ? `, ${written.removed.length} removed: ${written.removed.join(', ')}` : '';
  const human = `Built ${out.files.size} file${out.files.size === 1 ? '' : 's'} in ${rel} (${written.written.length} changed, ${written.unchanged.length} unchanged${removed}).`;
  const data = {
    outDir,
    files: [...out.files.keys()],
    written: written.written,
    unchanged: written.unchanged,
    removed: written.removed,
    warnings: out.warnings,
  };
  return { human, data, root, tokensDir: path.resolve(root, config.tokens.dir), configFile: file };
}

/**
 * `tokensync build`: the whole build, each file staged as it is made and all put in place as one
 * step (codegen/index.ts `stageBuild`, codegen/commit.ts).
 */
async function buildAndWrite(outDir: string, set: TokenSet, config: BuildConfig, opts: BuildOptions) {
  const out = await stageBuild(outDir, set, config, opts);
  return {
    out,
    write: (_outDir: string, signal: AbortSignal | undefined) => out.commit(signal),
    discard: () => out.discard(),
  };
}

/** The docs page's title: the project's name, and the design file and version the lock records. */
export async function buildSource(root: string, tokens: Parameters<typeof readLock>[1]): Promise<BuildSource> {
  let project = path.basename(root);
  try {
    const name = (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') project = name;
  } catch {
    // no package.json: the folder's name
  }
  const lock = await readLock(root, tokens).catch(() => undefined);
  return { project, ...(lock ? { fileKey: lock.fileKey, version: lock.remoteVersion } : {}) };
}

export type BuildResult = Awaited<ReturnType<typeof buildOnce>>;
