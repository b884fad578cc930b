/**
 * An answer with no variables where tokens were expected is an error, never "wrote 1 file" or a pull
 * that deletes every token file (docs/sync.md "An empty design file"), through the real CLI against
 * the embedded local service.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createGitRepo, gitEnv, type GitRepo } from '../cli/git-repo.js';
import { runCli } from '../helpers/cli.js';

const cli = (repo: GitRepo, ...args: string[]) => runCli(args, { cwd: repo.root, env: gitEnv() });

/** Every file under tokens/, with its text. */
function tokensTree(repo: GitRepo): Record<string, string> {
  const out: Record<string, string> = {};
  const dir = path.join(repo.root, 'tokens');
  if (!existsSync(dir)) return out;
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(dir, rel);
    if (rel.endsWith('.json')) out[rel] = readFileSync(full, 'utf8');
  }
  return out;
}

/** A designer deletes every collection of the local service's file (its saved state, between runs). */
function emptyTheFile(repo: GitRepo): void {
  const file = path.join(repo.root, '.tokensync', 'service.json');
  const state = JSON.parse(readFileSync(file, 'utf8')) as {
    files: Record<string, { variables: object; variableCollections: object; version: number | string }>;
  };
  const demo = state.files['demo']!;
  demo.variables = {};
  demo.variableCollections = {};
  demo.version = Number(demo.version) + 1;
  writeFileSync(file, JSON.stringify(state));
}

/** What a write would change in the design file: its version, collections and variables. */
function fileState(repo: GitRepo): unknown {
  const state = JSON.parse(readFileSync(path.join(repo.root, '.tokensync', 'service.json'), 'utf8'));
  const { version, variables, variableCollections } = state.files.demo;
  return { version, variables, variableCollections };
}

describe('a new project on the embedded service', () => {
  test('the first pull of the empty file says so and how to get the demo; seed: demo then pulls it', async () => {
    const repo = createGitRepo({ withTokens: false });
    expect((await cli(repo, 'init')).code).toBe(0);
    const pulled = await cli(repo, 'pull');
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toMatchInlineSnapshot(`
      "error: The design file "demo" has no variables: there is nothing to pull. The embedded local service (service.url: local) starts from this repository's tokens, and tokens/ has none. Nothing was written.
        fix: To try tokensync on the demo file, set \`service.seed: demo\` in the config; to pull a real file, set service.url, service.fileKey and the token (README "Point it at a real design file"). To start from your own tokens, write them to the tokens folder and run \`tokensync push\`.
      "
    `);
    expect(tokensTree(repo)).toEqual({});

    repo.edit('config/tokensync.yaml', '  # seed: repository', '  seed: demo #');
    const demo = await cli(repo, 'pull');
    expect(demo.stderr).toBe('');
    expect(demo.code).toBe(0);
    expect(Object.keys(tokensTree(repo))).toContain('sync.lock.json');
    expect(Object.keys(tokensTree(repo)).filter((f) => f.endsWith('.tokens.json')).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('a synced repository whose design file answers with no variables', () => {
  test('pull, push and sync refuse with nothing written or sent; --allow-empty takes it at its word', async () => {
    const repo = createGitRepo();
    expect((await cli(repo, 'pull')).code).toBe(0);
    const before = tokensTree(repo);
    emptyTheFile(repo);
    const state = fileState(repo);

    const pulled = await cli(repo, 'pull');
    expect(pulled.code).toBe(1);
    expect(pulled.stderr).toMatchInlineSnapshot(`
      "error: The design file "demo" answered with no variables, but the lock binds 21 of its variables: a pull would delete every token file in tokens/. Nothing was sent or written.
        fix: Check service.fileKey (the key in the file's address) and that the token may read the file's variables. If the file was emptied on purpose, run \`tokensync pull --allow-empty\`.
      "
    `);
    const pushed = await cli(repo, 'push');
    expect(pushed.code).toBe(1);
    expect(pushed.stderr).toContain('a push would create every variable again. Nothing was sent or written.');
    const synced = await cli(repo, 'sync', '--json');
    expect(synced.code).toBe(1);
    expect(JSON.parse(synced.stdout).error.code).toBe('REMOTE_EMPTY');
    expect(tokensTree(repo)).toEqual(before);
    expect(fileState(repo)).toEqual(state);
    expect((await cli(repo, 'diff')).code).toBe(2);

    const allowed = await cli(repo, 'pull', '--allow-empty');
    expect(allowed.stderr).toBe('');
    expect(allowed.code).toBe(0);
    const after = tokensTree(repo);
    expect(Object.keys(after).filter((f) => f.endsWith('.tokens.json') && !f.startsWith('styles'))).toEqual([]);
    // The resolver document names only the styles (the file kept them) and no file that is gone.
    const order = JSON.parse(after['tokens.resolver.json']!).resolutionOrder as { $ref: string }[];
    expect(order.map((r) => r.$ref)).toEqual([
      '#/sets/text-styles',
      '#/sets/effect-styles',
      '#/sets/paint-styles',
      '#/sets/grid-styles',
    ]);
    expect(JSON.parse(after['sync.lock.json']!).variables).toEqual({});

    // The lock binds nothing now, and the file still has its styles (styles.pull): a pull goes ahead.
    const again = await cli(repo, 'pull');
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(tokensTree(repo)).toEqual(after);

    // A folder of style sets only is checked and counted, never "no token files" (docs/styles.md).
    const checked = await cli(repo, 'check');
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toMatchInlineSnapshot(`
      "18 style tokens in 4 style sets and no variables: no problems.
      "
    `);
    expect(checked.code).toBe(0);
  }, 90_000);
});
