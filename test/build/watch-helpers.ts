/**
 * Shared by the `build --watch` session tests (docs/architecture.md "Build", "Watch"): a project copied
 * from this repository's tokens and config, a quiet command context, edits of a token file as JSON,
 * and the comparison of the watched output with a clean build of the same files, byte for byte.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { run } from '../../src/cli/commands/build.js';
import type { CommandContext } from '../../src/cli/context.js';
import { REPO_ROOT } from '../cli/git-repo.js';

export function context(cwd: string): CommandContext {
  return {
    cwd,
    env: {},
    global: { json: true, quiet: false },
    interrupted: new Promise(() => {}),
    out: { interactive: false, info: () => {}, warn: () => {}, result: () => {}, line: () => {} },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Every file of `a` and `b`, byte for byte (the build manifest included). */
export async function expectSameFiles(a: string, b: string): Promise<void> {
  const files = await listFiles(a);
  expect(files).toEqual(await listFiles(b));
  for (const f of files) {
    const [x, y] = await Promise.all([readFile(path.join(a, f)), readFile(path.join(b, f))]);
    expect(x.equals(y), f).toBe(true);
  }
}

/** A copy of this repository's config and tokens in a temporary folder; `cleanup` removes it. */
export async function repoProject(): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-watch-'));
  await cp(path.join(REPO_ROOT, 'config'), path.join(root, 'config'), { recursive: true });
  await cp(path.join(REPO_ROOT, 'tokens'), path.join(root, 'tokens'), { recursive: true });
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

/** Edits a token file (under `tokens/`) as JSON and writes it back. */
export async function editTokens(
  root: string,
  rel: string,
  change: (json: Record<string, any>) => void,
): Promise<void> {
  const file = path.join(root, 'tokens', rel);
  const json = JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;
  change(json);
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
}

/** Builds the same files clean into a fresh folder and compares it with `watched`. */
export function cleanBuildCheck(root: string, watched: string): () => Promise<void> {
  let n = 0;
  return async () => {
    const out = `clean-${n++}`;
    await run({ out }, context(root));
    await expectSameFiles(path.join(root, watched), path.join(root, out));
  };
}
