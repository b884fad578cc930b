/**
 * The watch session's warm-up (src/cli/commands/watch-warm.ts, docs/architecture.md "Watch"): a
 * number token edited and edited back in memory through the spliced rebuild. It writes nothing,
 * leaves the kept build as it was (the next edit is spliced and equals a clean build, byte for
 * byte), and a project it cannot warm (no number token) is left as it was.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { buildSession } from '../../src/cli/commands/build-watch.js';
import { BuildSession } from '../../src/codegen/session/index.js';
import { cleanBuildCheck, context, editTokens, repoProject } from './watch-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => Promise.all(cleanups.map((c) => c())));
afterEach(() => vi.restoreAllMocks());

/** Each output file's inode and modification time: a write replaces them. */
async function stamps(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const f = path.join(e.parentPath, e.name);
    const s = await stat(f, { bigint: true });
    out.set(f, `${s.ino}:${s.mtimeNs}`);
  }
  return out;
}

test('the warm-up runs the spliced rebuild in memory, writes nothing and keeps the build', async () => {
  const { root, cleanup } = await repoProject();
  cleanups.push(cleanup);
  const session = buildSession({ out: 'watched' }, context(root));
  const matchesCleanBuild = cleanBuildCheck(root, 'watched');
  await session.rebuild();
  const written = await stamps(path.join(root, 'watched'));
  const builds = vi.spyOn(BuildSession.prototype, 'build');
  const forget = vi.spyOn(BuildSession.prototype, 'forget');

  await session.warm();
  // Two rounds of an edit and its undoing, each spliced; the session's build is kept.
  expect(builds).toHaveBeenCalledTimes(4);
  for (const r of builds.mock.results) expect((await r.value).stats.path).toBe('splice');
  expect(forget).not.toHaveBeenCalled();
  expect(session.stats()?.reason).toBe('first build');
  expect(await stamps(path.join(root, 'watched'))).toEqual(written);

  await editTokens(root, 'semantic/dark.tokens.json', (j) => {
    j.opacity.disabled.$value = 0.45;
  });
  await session.rebuild();
  expect(session.stats()?.path).toBe('splice');
  expect(session.reads()).toEqual(['semantic/dark.tokens.json']);
  await matchesCleanBuild();
}, 60_000);

test('a project with no number token is not warmed, and is left as it was', async () => {
  const { root, cleanup } = await repoProject();
  cleanups.push(cleanup);
  for (const mode of ['light', 'dark'])
    await editTokens(root, `semantic/${mode}.tokens.json`, (j) => {
      delete j.opacity;
    });
  const session = buildSession({ out: 'watched' }, context(root));
  await session.rebuild();
  const builds = vi.spyOn(BuildSession.prototype, 'build');
  await session.warm();
  expect(builds).not.toHaveBeenCalled();
  await editTokens(root, 'primitives/value.tokens.json', (j) => {
    j.font.family.sans.$value = 'Source Sans 3';
  });
  await session.rebuild();
  expect(session.stats()?.path).toBe('splice');
  await cleanBuildCheck(root, 'watched')();
}, 60_000);
