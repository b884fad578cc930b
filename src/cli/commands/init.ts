/**
 * `tokensync init [--force] [--hook] [--ci]`: a config with every core key spelled out, the tokens
 * folder, `.tokensync/` (the embedded local service's state) in .gitignore, and, in a git repository,
 * the pre-commit hook. `--ci` also writes the GitHub workflow. In an existing project
 * `init --hook` / `init --ci` add only those; the config is replaced only with --force.
 *
 * In a repository that already has token files and no resolver document, it also writes
 * `tokens/tokens.resolver.json` describing them (docs/token-files.md "A folder without a resolver
 * document"): files that define the same tokens (light/dark, brands) as a modifier with one context
 * per file, so they become modes, and the rest as one set. Where it cannot tell, it asks on a terminal
 * and refuses elsewhere with the choices (`--themes modes|merge`). It never touches a token file or
 * an existing resolver document.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TokensyncError } from '../../errors.js';
import { writeFileAtomic } from '../../fs/atomic.js';
import { RESOLVER_FILE, writeFilesAtomic } from '../../tokens/index.js';
import { toJsonText, type Json } from '../../tokens/json-write.js';
import { FOLDER_SET } from '../../tokens/read/index.js';
import { EXTENSION, RESOLVER_SCHEMA } from '../../tokens/resolver-doc.js';
import { tokenFiles } from '../../tokens/read/parse.js';
import { detectThemes, unclearAsModes, type ThemeDetection } from '../../tokens/read/themes.js';
import { slug } from '../../model/names.js';
import { describeHook, installHook } from '../hooks.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

export const INITIAL_CONFIG = `# yaml-language-server: $schema=../node_modules/tokensync/schema/tokensync.schema.json
# tokensync configuration; every key: node_modules/tokensync/README.md ("Configuration")
service:
  url: local              # the embedded local service; or https://… (the real service's base address)
  fileKey: demo           # the design file whose variables are synced
  token: env:DFS_TOKEN    # env:NAME or file:PATH, never the token itself
  # caFile: ./certs/ca.pem
  # seed: repository      # url: local starts from this repository's tokens; "demo" loads the demo file
tokens:
  dir: tokens
  namespace: none         # or "collection": every collection under a top-level group
build:
  outDir: build
  platforms: [css, scss, ts, json, ios, android, compose, tailwind, docs]
`;

export interface InitOptions {
  force: boolean;
  /** In an existing project: write only the tokens folder's resolver document (themes found as modes). */
  resolver?: boolean;
  /** Files that share some tokens: read as modes of one collection, or merged into one set (themes.ts). */
  themes?: 'modes' | 'merge';
  hook?: boolean;
  ci?: boolean;
}

export async function run(options: InitOptions, ctx: CommandContext): Promise<ExitCode> {
  const root = ctx.cwd;
  const configFile = path.join(root, 'config', 'tokensync.yaml');
  const exists = existsSync(configFile);
  const only = Boolean(options.hook || options.ci || options.resolver) && exists && !options.force;
  if (exists && !options.force && !only) {
    throw new TokensyncError('INIT_EXISTS', `${configFile} already exists.`, {
      hint: 'Keep it (`tokensync init --hook`, `--ci` or `--resolver` add only the hook, the workflow or the resolver document), or rerun with --force to replace it with the defaults.',
    });
  }
  const lines: string[] = [];
  const data: Record<string, unknown> = {};
  let found: string[] = [];
  if (!only) {
    const tokensDir = path.join(root, 'tokens');
    found = existsSync(path.join(tokensDir, RESOLVER_FILE)) ? [] : await tokenFiles(tokensDir);
    // Decided before anything is written: an unclear folder in CI stops here (themes.ts).
    const layout = found.length > 0 ? await folderThemes(tokensDir, found, options.themes, ctx) : undefined;
    await mkdir(tokensDir, { recursive: true });
    await writeFilesAtomic(path.join(root, 'config'), new Map([['tokensync.yaml', INITIAL_CONFIG]]));
    if (layout) {
      await writeFilesAtomic(tokensDir, resolverAndModeFiles(layout.detection));
      lines.push(...layout.notes);
      data['themes'] = layout.detection.groups;
    } else if (!existsSync(path.join(tokensDir, RESOLVER_FILE))) {
      const { folderFindings } = await import('../../tokens/read/folder.js');
      for (const d of await folderFindings({ root, dir: 'tokens' }, false))
        ctx.out.warn(`${d.file}: ${d.message}\n  fix: ${d.hint}`);
    }
    const gitignore = path.join(root, '.gitignore');
    const current = await readFile(gitignore, 'utf8').catch(() => '');
    const have = current.split('\n');
    // The sync journal and temporary files are one clone's own notes of a run in flight, never shared
    // (docs/sync.md "Several writers", "Unknown outcomes and resumption").
    const wanted = ['.tokensync/', 'build/', 'sync.journal.json', '.*.tmp'].filter(
      (l) => !have.includes(l) && !have.includes(`/${l}`),
    );
    if (wanted.length > 0) {
      const text = `${current}${current === '' || current.endsWith('\n') ? '' : '\n'}${wanted.join('\n')}\n`;
      await writeFilesAtomic(root, new Map([['.gitignore', text]]));
    }
    lines.unshift(
      found.length > 0
        ? `Created config/tokensync.yaml and tokens/${RESOLVER_FILE}, which describes the ${found.length} token file(s) found${foundAs(data['themes'])}`
        : 'Created config/tokensync.yaml and tokens/.',
    );
    Object.assign(data, {
      config: path.relative(root, configFile),
      gitignore: wanted,
      ...(found.length > 0 ? { resolver: `tokens/${RESOLVER_FILE}`, tokenFiles: found } : {}),
    });
  }

  if (only && options.resolver) {
    const written = await resolverOnly(root, options, ctx);
    lines.push(...written.lines);
    data['resolver'] = written.data;
  }

  // The hook: always on a fresh init in a git repository, or when asked for.
  if (!only || options.hook) {
    const hook = await installHook(root);
    lines.push(describeHook(hook, root));
    data['hook'] = hook;
  }

  if (options.ci) {
    const written = await writeWorkflow(root, ctx, Boolean(options.force));
    lines.push(written.message);
    data['workflow'] = written.file;
  }

  if (!only) {
    lines.push(
      ...(found.length > 0
        ? [
            'Next: `tokensync check`, then `tokensync push` to create the collection in the design file',
            '(the embedded local service until you set service.url), and `tokensync build`.',
          ]
        : [
            'Next: set service.url, service.fileKey and DFS_TOKEN, then `tokensync pull` to fetch the variables and',
            '`tokensync build` (README: "Point it at a real design file"). To try it first on the demo file of the',
            'embedded local service, set `service.seed: demo` in the config and run `tokensync pull`.',
          ]),
      ...(options.ci ? [] : ['For CI: `tokensync init --ci` writes a GitHub workflow (docs/ci.md in the package).']),
    );
  }
  ctx.out.result(lines.join('\n'), data);
  return EXIT.ok;
}

async function writeWorkflow(
  root: string,
  ctx: CommandContext,
  force: boolean,
): Promise<{ file: string; message: string }> {
  const { git } = await import('../../git/run.js');
  const { WORKFLOW_FILE, workflowYaml } = await import('../ci-workflow.js');
  const { DEFAULT_NODE, detectToolchain } = await import('../ci-toolchain.js');
  const { realpathSync } = await import('node:fs');
  const top = await git(['rev-parse', '--show-toplevel'], { cwd: root }).catch(() => undefined);
  const toplevel = top && top.code === 0 ? top.stdout.toString('utf8').trim() : root;
  const project = path.relative(toplevel, realpathSync(root)).split(path.sep).join('/');
  const head = await git(['symbolic-ref', '--short', 'HEAD'], { cwd: toplevel }).catch(() => undefined);
  const branch = head && head.code === 0 ? head.stdout.toString('utf8').trim() || 'main' : 'main';
  const { loadConfigQuick } = await import('../../config/quick.js');
  const { config } = await loadConfigQuick({ cwd: root, configPath: ctx.global.config });
  const file = path.join(toplevel, WORKFLOW_FILE);
  if (existsSync(file) && !force) {
    throw new TokensyncError('INIT_EXISTS', `${file} already exists.`, {
      hint: 'Keep it, or rerun `tokensync init --ci --force` to replace it.',
    });
  }
  const toolchain = detectToolchain(toplevel, project);
  await writeFileAtomic(file, workflowYaml({ project, tokensDir: config.tokens.dir, branch, toolchain }));
  const node = toolchain.nodeVersionFile ? `Node from ${toolchain.nodeVersionFile}` : `Node ${DEFAULT_NODE}`;
  return {
    file: path.relative(root, file),
    message: `Wrote ${path.relative(root, file)} (${toolchain.packageManager.replace('-berry', '')}, ${node}): check on pull requests (fails only on what would break the push), push on ${branch} (the lock comes back as a pull request), pull as a pull request on a schedule. Add the repository secret DFS_TOKEN and allow GitHub Actions to create pull requests (docs/ci.md "Repository settings").`,
  };
}

/** `init --resolver` in an existing project: the resolver document of `tokens.dir`, nothing else. */
async function resolverOnly(
  root: string,
  options: InitOptions,
  ctx: CommandContext,
): Promise<{ lines: string[]; data: unknown }> {
  const { loadConfigQuick } = await import('../../config/quick.js');
  const { config } = await loadConfigQuick({ cwd: root, configPath: ctx.global.config });
  const tokensDir = path.resolve(root, config.tokens.dir);
  const shown = path.relative(root, tokensDir).split(path.sep).join('/');
  if (existsSync(path.join(tokensDir, RESOLVER_FILE))) {
    throw new TokensyncError('INIT_EXISTS', `${shown}/${RESOLVER_FILE} already exists; init never replaces it.`, {
      hint: 'Edit it by hand (docs/token-files.md "tokens.resolver.json"), or move it away and rerun `tokensync init --resolver`.',
    });
  }
  const found = await tokenFiles(tokensDir);
  if (found.length === 0) {
    throw new TokensyncError('INIT_NO_TOKENS', `There are no *.tokens.json files under ${shown}/ to describe.`, {
      hint: "Run `tokensync check` to see what the folder holds, or `tokensync pull` to write the design file's variables there.",
    });
  }
  const layout = await folderThemes(tokensDir, found, options.themes, ctx);
  await writeFilesAtomic(tokensDir, resolverAndModeFiles(layout.detection));
  return {
    lines: [
      `Created ${shown}/${RESOLVER_FILE}, which describes the ${found.length} token file(s) found${foundAs(layout.detection.groups)}`,
      ...layout.notes,
    ],
    data: { file: `${shown}/${RESOLVER_FILE}`, tokenFiles: found, themes: layout.detection.groups },
  };
}

/** What init writes for a folder of token files, and the lines that say so. */
async function folderThemes(
  tokensDir: string,
  files: string[],
  choice: InitOptions['themes'],
  ctx: CommandContext,
): Promise<{ detection: ThemeDetection; notes: string[] }> {
  const read = await Promise.all(
    files.map(async (file) => {
      try {
        return { file, json: JSON.parse(await readFile(path.join(tokensDir, file), 'utf8')) as unknown };
      } catch {
        return { file, json: undefined }; // broken JSON: `check` reports it where it is
      }
    }),
  );
  let detection = detectThemes(read);
  // --themes merge: the folder as one set, as it is read without a resolver (no modes at all).
  if (choice === 'merge') detection = { ...detection, groups: [], rest: files, unclear: [] };
  if (detection.unclear.length > 0) {
    const chosen = choice ?? (await askThemes(detection, ctx));
    if (chosen === 'modes') detection = unclearAsModes(detection);
  }
  return { detection, notes: describeThemes(detection) };
}

function unclearText(d: ThemeDetection): string {
  return d.unclear
    .map((u) => `  tokens/${u.a} and tokens/${u.b} share ${u.shared} token(s) (e.g. ${u.example}) but not all`)
    .join('\n');
}

/** On a terminal, ask; elsewhere (CI, a pipe, --json) refuse with the choices. */
async function askThemes(d: ThemeDetection, ctx: CommandContext): Promise<'modes' | 'merge'> {
  const choices =
    '`tokensync init --themes modes` reads each such file as a mode of one collection (themes, brands); `--themes merge` reads the whole folder as one set, the later file overriding the earlier (as Style Dictionary does).';
  if (!ctx.out.interactive || !ctx.prompt?.input.isTTY || ctx.global.json) {
    throw new TokensyncError(
      'INIT_THEMES_UNCLEAR',
      `Cannot tell whether these token files are themes or layers of one set:\n${unclearText(d)}\nNothing was written.`,
      { hint: `Choose: ${choices}` },
    );
  }
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: ctx.prompt!.input, output: ctx.prompt!.output });
  try {
    ctx.out.info(`These token files share some tokens but not all:\n${unclearText(d)}`);
    const answer = await rl.question(
      'Read them as modes of one collection (m), or merge them into one set, the later file winning (s)? [m/s] ',
    );
    return /^s/i.test(answer.trim()) ? 'merge' : 'modes';
  } finally {
    rl.close();
  }
}

/** The end of init's first line: no themes is the one set the folder is read as, said on that line. */
function foundAs(groups: unknown): string {
  return Array.isArray(groups) && groups.length > 0
    ? ':'
    : ` as one set (collection "${FOLDER_SET.collection}", mode "${FOLDER_SET.mode}").`;
}

function describeThemes(d: ThemeDetection): string[] {
  const converted = new Map((d.converted ?? []).map((c) => [c.file, c]));
  const lines = d.groups.map((g) => {
    const c = converted.get(g.modes[0]!.file);
    if (!c)
      return `  collection "${g.collection}", one mode per file: ${g.modes.map((m) => `${m.name} (tokens/${m.file})`).join(', ')}; default ${g.modes[0]!.name}`;
    // Converted from $extensions.mode (mode-extension.ts): the report says what went where.
    const others = g.modes
      .slice(1)
      .map((m) => `${m.name} (tokens/${m.over}, ${c.counts.get(m.name)} token(s))`)
      .join(', ');
    return `  collection "${g.collection}", modes converted from $extensions.mode in tokens/${c.file}: ${g.modes[0]!.name} (default: the file's $value), ${others}`;
  });
  if (d.rest.length > 0 && d.groups.length > 0)
    lines.push(
      `  collection "${FOLDER_SET.collection}", mode "${FOLDER_SET.mode}": ${d.rest.length} file(s) read as one set`,
    );
  for (const m of d.modeExtensions)
    lines.push(
      `  warning: tokens/${m.file} gives tokens per-mode values in $extensions.mode (${m.modes.join(', ')}), as Terrazzo 1 and Cobalt write them; tokensync reads only "$value": split the modes into one file each (docs/token-files.md "Themes").`,
    );
  return lines;
}

/** The resolver document and the context files of modes converted from `$extensions.mode`. */
function resolverAndModeFiles(d: ThemeDetection): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of d.converted ?? []) for (const [file, doc] of c.files) out.set(file, toJsonText(doc as Json));
  out.set(RESOLVER_FILE, themesResolver(d));
  return out;
}

/**
 * The resolver document of a folder read without one: the themes found as modifiers (one context per
 * file), the rest as the one set the folder is read as (read/index.ts `FOLDER_SET`).
 */
function themesResolver(d: ThemeDetection): string {
  const taken = new Set<string>(d.rest.length > 0 ? [FOLDER_SET.slug] : []);
  const modifiers: Record<string, Json> = {};
  for (const g of d.groups) {
    let key = slug(g.collection) || 'theme';
    for (let n = 2; taken.has(key); n++) key = `${slug(g.collection) || 'theme'}-${n}`;
    taken.add(key);
    const contexts: string[] = g.modes.map((m) => slug(m.name) || 'mode');
    modifiers[key] = {
      contexts: Object.fromEntries(
        g.modes.map((m, i) => [contexts[i], [{ $ref: m.file }, ...(m.over ? [{ $ref: m.over }] : [])]]),
      ),
      default: contexts[0]!,
      $extensions: {
        [EXTENSION]: {
          collection: g.collection,
          modes: g.modes.map((m, i) => ({ name: m.name, context: contexts[i]! })),
        },
      },
    };
  }
  return toJsonText({
    $schema: RESOLVER_SCHEMA,
    name: 'tokens',
    version: '2025.10',
    ...(d.rest.length > 0
      ? {
          sets: {
            [FOLDER_SET.slug]: {
              sources: d.rest.map((f) => ({ $ref: f })),
              $extensions: { [EXTENSION]: { collection: FOLDER_SET.collection, mode: FOLDER_SET.mode } },
            },
          },
        }
      : {}),
    ...(d.groups.length > 0 ? { modifiers } : {}),
    resolutionOrder: [
      ...(d.rest.length > 0 ? [{ $ref: `#/sets/${FOLDER_SET.slug}` }] : []),
      ...Object.keys(modifiers).map((k) => ({ $ref: `#/modifiers/${k}` })),
    ],
  });
}
