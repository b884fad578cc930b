/**
 * `tokensync init`: a config with every core key spelled out, the tokens folder, and `.tokensync/`
 * (the embedded local service's state) in .gitignore. Refuses to overwrite a config without --force.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { TokensyncError } from '../../errors.js';
import { writeFilesAtomic } from '../../tokens/index.js';
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
  await mkdir(path.join(root, 'tokens'), { recursive: true });
  await writeFilesAtomic(path.join(root, 'config'), new Map([['tokensync.yaml', INITIAL_CONFIG]]));
  const gitignore = path.join(root, '.gitignore');
  const current = await readFile(gitignore, 'utf8').catch(() => '');
  const lines = current.split('\n');
  const wanted = ['.tokensync/', 'build/'].filter((l) => !lines.includes(l));
  if (wanted.length > 0) {
    const text = `${current}${current === '' || current.endsWith('\n') ? '' : '\n'}${wanted.join('\n')}\n`;
    await writeFilesAtomic(root, new Map([['.gitignore', text]]));
  }
  ctx.out.result(
    [
      'Created config/tokensync.yaml and tokens/.',
      'Next: `tokensync pull` to fetch the variables (the embedded local service until you set service.url),',
      'then `tokensync build`. For a real file, set service.url, service.fileKey and DFS_TOKEN.',
    ].join('\n'),
    { config: path.relative(root, configFile), gitignore: wanted },
  );
  return EXIT.ok;
}
