/**
 * `tokensync import tokens-studio|style-dictionary [DIR] [--out DIR]` (docs/migration.md): converts a
 * legacy token repository into DTCG 2025.10 files and a resolver document in `tokens.dir` (or
 * `--out`), which must be empty or missing. Prints the report; `--json` gives it as data.
 *
 * Where the repository records the design file's variables and the config names a design file
 * (not the embedded local service), that file's variables are read once (a GET, never a write) and
 * a lock binding each token to its variable by key is written beside the files (docs/migration.md
 * "Variables kept"; the pure part is src/migrate/bind-lock.ts).
 */
import path from 'node:path';
import type { LoadedConfig } from '../../config/load.js';
import { loadConfig } from '../../config/load.js';
import { TokensyncError } from '../../errors.js';
import { bindLock, type RemoteVariables } from '../../migrate/bind-lock.js';
import type { Bindings } from '../../migrate/bindings.js';
import { readJsonTree, requireEmpty, writeAll } from '../../migrate/files.js';
import { renderReport, type ReportLine } from '../../migrate/report.js';
import { importStyleDictionary } from '../../migrate/style-dictionary.js';
import { importTokensStudio, type ImportResult } from '../../migrate/studio.js';
import { connect } from '../../service/connect.js';
import { readTokens, renderLock } from '../../tokens/index.js';
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
  const loaded = loadConfig({ cwd: ctx.cwd, configPath: ctx.global.config });
  const { config, root, file } = loaded;
  const tokensDir = path.resolve(root, config.tokens.dir);
  const source = options.dir ? path.resolve(ctx.cwd, options.dir) : tokensDir;
  const outDir = options.out ? path.resolve(ctx.cwd, options.out) : tokensDir;
  const rel = (p: string): string => path.relative(ctx.cwd, p).split(path.sep).join('/') || '.';
  const shown = rel(outDir);
  const input = await readJsonTree(source, rel(source));
  await requireEmpty(outDir, shown);
  const result = convert(input);
  const remote = result.bindings ? await readDesignFile(loaded, result.bindings, ctx) : undefined;
  await writeAll(outDir, result.files);
  if (result.bindings) await bind(result, remote, { loaded, outDir, themes: themesFile(input) });
  const project = { config: file !== undefined, tokensDir: rel(tokensDir) };
  ctx.out.result(renderReport(result.report, shown, project), { ok: true, outDir: shown, ...result.report });
  return EXIT.ok;
}

type DesignFile = { fileKey: string; version: string; meta: RemoteVariables } | { unread: string };

/** Where the themes (and their variable records) were read: `$themes.json`, or a single file's `$themes`. */
function themesFile(input: ReadonlyMap<string, unknown>): string {
  if (input.has('$themes.json')) return '$themes.json';
  const single = [...input].find(([, doc]) => typeof doc === 'object' && doc !== null && '$themes' in doc);
  return single ? `${single[0]} $themes` : '$themes.json';
}

/**
 * The configured design file's variables and version, or why they were not read: the embedded local
 * service never holds a Tokens Studio file's variables, and a failed read costs the binding only
 * (reported), never the import.
 */
async function readDesignFile(loaded: LoadedConfig, bindings: Bindings, ctx: CommandContext): Promise<DesignFile> {
  const n = bindings.reduce((sum, b) => sum + Object.keys(b.variables).length, 0);
  if (loaded.file === undefined || loaded.config.service.url === 'local')
    return {
      unread: `${n} variables of the design file are recorded here, but no design file is configured (service.url is local, the embedded service): none bound, the first push pairs them by name. To bind them by key, set service.url, service.fileKey and service.token to the file Tokens Studio synced, and import again into an empty folder`,
    };
  try {
    const connection = await connect(loaded, { env: ctx.env, ...(ctx.signal ? { signal: ctx.signal } : {}) });
    try {
      const { client, fileKey } = connection;
      const { meta } = await client.getLocalVariables(fileKey);
      const version = String((await client.getFile(fileKey, { depth: 1 })).version);
      return { fileKey, version, meta: meta as RemoteVariables };
    } finally {
      await connection.close();
    }
  } catch (err) {
    return {
      unread: `design file ${loaded.config.service.fileKey} could not be read (${(err as Error).message}): none of the ${n} recorded variables bound, the first push pairs them by name. Fix the connection and import again into an empty folder to bind them by key`,
    };
  }
}

/** Writes the binding lock beside the imported files, and reports what was bound and what was not. */
async function bind(
  result: ImportResult,
  remote: DesignFile | undefined,
  where: { loaded: LoadedConfig; outDir: string; themes: string },
): Promise<void> {
  const { report } = result;
  const line = (message: string): ReportLine => ({ file: where.themes, path: '', message });
  if (!remote || 'unread' in remote) {
    report.needsPerson.push(line(remote?.unread ?? 'no design file read: none bound'));
    return;
  }
  const { root, config } = where.loaded;
  let local: Awaited<ReturnType<typeof readTokens>>['set'];
  try {
    local = (await readTokens(root, { ...config.tokens, dir: path.relative(root, where.outDir) })).set;
  } catch (err) {
    report.needsPerson.push(
      line(`the imported files do not read cleanly, so none is bound: ${(err as Error).message}`),
    );
    return;
  }
  const { fileKey, version, meta } = remote;
  const bound = bindLock({
    bindings: result.bindings!,
    local,
    remote: meta,
    fileKey,
    version,
    themesFile: where.themes,
  });
  report.needsPerson.push(...bound.lines);
  if (!bound.lock) return;
  await writeAll(where.outDir, new Map([['sync.lock.json', renderLock(bound.lock)]]));
  report.written.push('sync.lock.json');
  report.notes.push(
    line(
      `${bound.bound} tokens bound by key to their variables in design file ${remote.fileKey} (sync.lock.json): the first push updates them, a variable renamed there included`,
    ),
  );
}
