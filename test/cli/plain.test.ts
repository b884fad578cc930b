/**
 * Plain command lines skip commander (src/cli/plain.ts, docs/benchmarks.md "Fast paths"): each must
 * give its command exactly the options and global options commander gives it, and anything else must
 * go to commander.
 */
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { plainCommand } from '../../src/cli/plain.js';
import { buildProgram } from '../../src/cli/program.js';

/** What commander hands the command for `argv`. */
async function viaCommander(argv: string[]) {
  const io = { cwd: '/', env: {}, stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() };
  let seen: { command: string; global: object; options: object } | undefined;
  await buildProgram({ io, code: 0 }, async (_load, options, global, command) => {
    seen = { command, global, options };
  }).parseAsync(argv, { from: 'user' });
  return seen;
}

it.each([
  ['check'],
  ['pull'],
  ['push'],
  ['sync'],
  ['--quiet', 'check'],
  ['--json', 'pull'],
  ['--config', 'other/tokensync.yaml', '--quiet', 'push'],
  ['--config=c.yaml', 'sync'],
  ['check', '--no-cache'],
  ['--json', 'pull', '--no-cache'],
  ['push', '--no-cache'],
  ['sync', '--no-cache'],
  ['build'],
  ['--quiet', 'build', '--no-cache'],
])('%s %s %s %s: the same command and options as commander', async (...argv) => {
  const plain = plainCommand(argv);
  expect(plain).toBeDefined();
  const { load: _load, ...rest } = plain!;
  expect(rest).toEqual(await viaCommander(argv));
});

it.each([
  [[]],
  [['check', '--staged']],
  [['check', 'tokens/a.tokens.json']],
  [['pull', '--no-cache', '--dry-run']],
  [['check', '--no-cache', '--no-cache']],
  [['--no-cache', 'check']],
  [['push', '--dry-run']],
  [['diff']],
  [['build', '--watch']],
  [['build', '--platform', 'css']],
  [['--help']],
  [['check', '--help']],
  [['--version']],
  [['--config']],
  [['--config', '--json', 'check']],
  [['--verbose', 'check']],
  [['toString']],
])('%j goes to commander', (argv) => {
  expect(plainCommand(argv)).toBeUndefined();
});
