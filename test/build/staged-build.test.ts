/**
 * `stageBuild` (codegen/index.ts): the build of `tokensync build`, each file staged on disk as it is
 * made and put in place by `commit` as one step. It writes what `buildTokens` + `writeBuild` write,
 * and a build refused or stopped after files were staged leaves the previous build whole and no
 * temporary file behind.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildTokens, stageBuild, writeBuild } from '../../src/codegen/index.js';
import { InterruptedError } from '../../src/errors.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tokensync-staged-'));
  dirs.push(dir);
  return dir;
}

async function contents(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile())
      out.set(
        path.relative(dir, path.join(e.parentPath, e.name)),
        await readFile(path.join(e.parentPath, e.name), 'utf8'),
      );
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const source = { project: 'staged' };

test('writes the files buildTokens makes, as writeBuild does; a second build changes none', async () => {
  const config = fixtureConfig();
  const [a, b] = [await folder(), await folder()];
  const out = await buildTokens(fixtureSet(), config, { source });
  const byWrite = await writeBuild(a, out);
  const staged = await stageBuild(b, fixtureSet(), config, { source });
  expect([...staged.files]).toEqual([...out.files.keys()]);
  expect(staged.warnings).toEqual(out.warnings);
  expect(await staged.commit()).toEqual(byWrite);
  expect(await contents(b)).toEqual(await contents(a));

  const again = await stageBuild(b, fixtureSet(), config, { source });
  expect(await again.commit()).toEqual({ written: [], unchanged: [...out.files.keys()], removed: [] });
  // Fewer platforms: the manifest and stale outputs as writeBuild has them.
  const fewer = await stageBuild(b, fixtureSet(), config, { source, platforms: ['css'] });
  const byWriteFewer = await writeBuild(a, await buildTokens(fixtureSet(), config, { source, platforms: ['css'] }));
  expect(await fewer.commit()).toEqual(byWriteFewer);
  expect(await contents(b)).toEqual(await contents(a));
});

test('a build refused after our platforms were staged leaves the previous build and no temporary file', async () => {
  const dir = await folder();
  await writeFile(path.join(dir, 'keep.txt'), 'previous\n');
  const before = await contents(dir);
  // The user's platform writes a file of ours: refused once all of ours are staged.
  const config = fixtureConfig({
    styleDictionary: {
      platforms: {
        clash: {
          transformGroup: 'css',
          buildPath: 'css/',
          files: [{ destination: 'tokens.css', format: 'css/variables' }],
        },
      },
    },
  });
  const err = await stageBuild(dir, fixtureSet(), config, { source }).catch((e: unknown) => e);
  expect((err as { code?: string }).code).toBe('BUILD_OUTPUT_CLASH');
  expect(await contents(dir)).toEqual(before);
});

test('a build stopped before its commit removes what it staged', async () => {
  const dir = await folder();
  const staged = await stageBuild(dir, fixtureSet(), fixtureConfig(), { source });
  const controller = new AbortController();
  controller.abort(new InterruptedError('SIGTERM'));
  const err = await staged.commit(controller.signal).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(InterruptedError);
  expect((err as Error).message).toMatch(/^build stopped by SIGTERM before its \d+ file\(s\) were put in place/);
  expect(await readdir(dir, { recursive: true })).toEqual([]);

  const again = await stageBuild(dir, fixtureSet(), fixtureConfig(), { source });
  await again.discard();
  expect(await readdir(dir, { recursive: true })).toEqual([]);
});
