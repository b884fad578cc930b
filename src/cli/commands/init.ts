/**
 * `tokensync init [--force] [--hook] [--ci]`: a config with every core key spelled out, the tokens
 * folder, `.tokensync/` (the embedded local service's state) in .gitignore, and, in a git repository,
 * the pre-commit hook. `--ci` also writes the GitHub workflow. In an existing project
 * `init --hook` / `init --ci` add only those; the config is replaced only with --force.
 *
 * In a repository that already has token files ("start from an existing folder") and no
 * resolver document, it also writes `tokens/tokens.resolver.json` describing them: every
 * `*.tokens.json` as one set, the way they are read without a resolver. It never touches a token
 * file or an existing resolver document.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TokensyncError } from '../../errors.js';
import { writeFileAtomic } from '../../fs/atomic.js';
import { RESOLVER_FILE, writeFilesAtomic } from '../../tokens/index.js';
import { toJsonText } from '../../tokens/json-write.js';
import { FOLDER_SET } from '../../tokens/read/index.js';
import { EXTENSION, RESOLVER_SCHEMA } from '../../tokens/resolver-doc.js';
import { tokenFiles } from '../../tokens/read/parse.js';
import { describeHook, installHook } from '../hooks.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

export const INITIAL_CONFIG = `# yaml-language-server: $schema=../node_modules/tokensync/schema/tokensync.schema.json
# tokensync configuration; every key: node_modules/tokensync/README.md ("Configuration")
service:
  url: local              # the embedded local service; or https://… (the real service's base address)
  fileKey: demo           # the design file whose variables are synced
  token: env:DFS_TOKEN    # env:NAME or file:PATH, never the token itself
  # caFile: ./certs/ca.pem
tokens:
  dir: tokens
  namespace: none         # or "collection": every collection under a top-level group
build:
  outDir: build
  platforms: [css, scss, ts, json, ios, android, compose, tailwind, docs]
`;

export interface InitOptions {
  force: boolean;
  hook?: boolean;
  ci?: boolean;
}

export async function run(options: InitOptions, ctx: CommandContext): Promise<ExitCode> {
  const root = ctx.cwd;
  const configFile = path.join(root, 'config', 'tokensync.yaml');
  const exists = existsSync(configFile);
  const only = Boolean(options.hook || options.ci) && exists && !options.force;
  if (exists && !options.force && !only) {
    throw new TokensyncError('INIT_EXISTS', `${configFile} already exists.`, {
      hint: 'Keep it (`tokensync init --hook` or `--ci` add only the hook or the workflow), or rerun with --force to replace it with the defaults.',
    });
  }
  const lines: string[] = [];
  const data: Record<string, unknown> = {};
  let found: string[] = [];
  if (!only) {
    const tokensDir = path.join(root, 'tokens');
    await mkdir(tokensDir, { recursive: true });
    found = existsSync(path.join(tokensDir, RESOLVER_FILE)) ? [] : await tokenFiles(tokensDir);
    await writeFilesAtomic(path.join(root, 'config'), new Map([['tokensync.yaml', INITIAL_CONFIG]]));
    if (found.length > 0) await writeFilesAtomic(tokensDir, new Map([[RESOLVER_FILE, folderResolver(found)]]));
    const gitignore = path.join(root, '.gitignore');
    const current = await readFile(gitignore, 'utf8').catch(() => '');
    const have = current.split('\n');
    const wanted = ['.tokensync/', 'build/'].filter((l) => !have.includes(l) && !have.includes(`/${l}`));
    if (wanted.length > 0) {
      const text = `${current}${current === '' || current.endsWith('\n') ? '' : '\n'}${wanted.join('\n')}\n`;
      await writeFilesAtomic(root, new Map([['.gitignore', text]]));
    }
    lines.push(
      found.length > 0
        ? `Created config/tokensync.yaml and tokens/${RESOLVER_FILE}, which describes the ${found.length} token file(s) found as one set (collection "${FOLDER_SET.collection}", mode "${FOLDER_SET.mode}").`
        : 'Created config/tokensync.yaml and tokens/.',
    );
    Object.assign(data, {
      config: path.relative(root, configFile),
      gitignore: wanted,
      ...(found.length > 0 ? { resolver: `tokens/${RESOLVER_FILE}`, tokenFiles: found } : {}),
    });
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
            'Next: `tokensync pull` to fetch the variables (the embedded local service until you set service.url),',
            'then `tokensync build`. For a real file, set service.url, service.fileKey and DFS_TOKEN (README: "Point it at a real design file").',
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
  await writeFileAtomic(file, workflowYaml({ project, tokensDir: config.tokens.dir, branch }));
  return {
    file: path.relative(root, file),
    message: `Wrote ${path.relative(root, file)}: check on pull requests, push (and commit the lock) on ${branch}, pull as a pull request on a schedule. Add the repository secret DFS_TOKEN.`,
  };
}

/** The resolver document of a folder read without one (read/index.ts `FOLDER_SET`): the same set. */
function folderResolver(files: string[]): string {
  return toJsonText({
    $schema: RESOLVER_SCHEMA,
    name: 'tokens',
    version: '2025.10',
    sets: {
      [FOLDER_SET.slug]: {
        sources: files.map((f) => ({ $ref: f })),
        $extensions: { [EXTENSION]: { collection: FOLDER_SET.collection, mode: FOLDER_SET.mode } },
      },
    },
    resolutionOrder: [{ $ref: `#/sets/${FOLDER_SET.slug}` }],
  });
}
