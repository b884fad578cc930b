/**
 * `tokensync init`: a config with every core key spelled out, the tokens folder, and `.tokensync/`
 * (the embedded local service's state) in .gitignore. Refuses to overwrite a config without --force.
 *
 * In a repository that already has token files (issue 10: "start from an existing folder") and no
 * resolver document, it also writes `tokens/tokens.resolver.json` describing them: every
 * `*.tokens.json` as one set, the way they are read without a resolver. It never touches a token
 * file or an existing resolver document.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TokensyncError } from '../../errors.js';
import { RESOLVER_FILE, writeFilesAtomic } from '../../tokens/index.js';
import { toJsonText } from '../../tokens/json-write.js';
import { FOLDER_SET } from '../../tokens/read.js';
import { EXTENSION, RESOLVER_SCHEMA } from '../../tokens/resolver-doc.js';
import { tokenFiles } from '../../tokens/read/parse.js';
import { EXIT, type CommandContext, type ExitCode } from '../context.js';

export const INITIAL_CONFIG = `# yaml-language-server: $schema=../node_modules/tokensync/schema/tokensync.schema.json
# tokensync configuration: https://github.com/tokensync/tokensync#configuration
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

export async function run(options: { force: boolean }, ctx: CommandContext): Promise<ExitCode> {
  const root = ctx.cwd;
  const configFile = path.join(root, 'config', 'tokensync.yaml');
  if (existsSync(configFile) && !options.force) {
    throw new TokensyncError('INIT_EXISTS', `${configFile} already exists.`, { hint: 'Keep it, or rerun with --force to replace it with the defaults.' });
  }
  const tokensDir = path.join(root, 'tokens');
  await mkdir(tokensDir, { recursive: true });
  const found = existsSync(path.join(tokensDir, RESOLVER_FILE)) ? [] : await tokenFiles(tokensDir);
  await writeFilesAtomic(path.join(root, 'config'), new Map([['tokensync.yaml', INITIAL_CONFIG]]));
  if (found.length > 0) await writeFilesAtomic(tokensDir, new Map([[RESOLVER_FILE, folderResolver(found)]]));
  const gitignore = path.join(root, '.gitignore');
  const current = await readFile(gitignore, 'utf8').catch(() => '');
  const lines = current.split('\n');
  const wanted = ['.tokensync/', 'build/'].filter((l) => !lines.includes(l));
  if (wanted.length > 0) {
    const text = `${current}${current === '' || current.endsWith('\n') ? '' : '\n'}${wanted.join('\n')}\n`;
    await writeFilesAtomic(root, new Map([['.gitignore', text]]));
  }
  const next =
    found.length > 0
      ? [
          `Created config/tokensync.yaml and tokens/${RESOLVER_FILE}, which describes the ${found.length} token file(s) found as one set (collection "${FOLDER_SET.collection}", mode "${FOLDER_SET.mode}").`,
          'Next: `tokensync check`, then `tokensync push` to create the collection in the design file',
          '(the embedded local service until you set service.url), and `tokensync build`.',
        ]
      : [
          'Created config/tokensync.yaml and tokens/.',
          'Next: `tokensync pull` to fetch the variables (the embedded local service until you set service.url),',
          'then `tokensync build`. For a real file, set service.url, service.fileKey and DFS_TOKEN.',
        ];
  ctx.out.result(next.join('\n'), { config: path.relative(root, configFile), gitignore: wanted, ...(found.length > 0 ? { resolver: `tokens/${RESOLVER_FILE}`, tokenFiles: found } : {}) });
  return EXIT.ok;
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
