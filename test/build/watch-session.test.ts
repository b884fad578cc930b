/**
 * `build --watch`'s rebuild (src/cli/commands/build.ts `buildSession`, docs/architecture.md "Build"):
 * after each edit of a series, every output file equals a clean build of the same files, byte for
 * byte, and a one-file edit reads only that file again (watch-source.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildSession } from '../../src/cli/commands/build-watch.js';
import { cleanBuildCheck, context, editTokens, repoProject } from './watch-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => Promise.all(cleanups.map((c) => c())));

test('each watch rebuild equals a clean build, byte for byte, through a series of edits', async () => {
  const { root, cleanup } = await repoProject();
  cleanups.push(cleanup);
  const session = buildSession({ out: 'watched' }, context(root));
  const matchesCleanBuild = cleanBuildCheck(root, 'watched');
  const file = (rel: string) => path.join(root, 'tokens', rel);
  const edit = (rel: string, change: (json: Record<string, any>) => void) => editTokens(root, rel, change);

  await session.rebuild();
  await matchesCleanBuild();

  // A literal value: the one file is read again, nothing else.
  await edit('primitives/value.tokens.json', (j) => {
    j.color.blue['500'].$value = { colorSpace: 'srgb', components: [0, 0.5, 1], hex: '#0080ff' };
  });
  await session.rebuild();
  expect(session.reads()).toEqual(['primitives/value.tokens.json']);
  await matchesCleanBuild();

  // An alias pointed elsewhere, and a value of a non-default mode.
  await edit('semantic/light.tokens.json', (j) => {
    j.color.primary.$value = '{color.red.500}';
  });
  await session.rebuild();
  await matchesCleanBuild();
  await edit('semantic/dark.tokens.json', (j) => {
    j.opacity.disabled.$value = 0.7;
  });
  await session.rebuild();
  expect(session.reads()).toEqual(['semantic/dark.tokens.json']);
  await matchesCleanBuild();

  // A token added, then removed; a token renamed in both modes.
  const added = { $type: 'color', $value: { colorSpace: 'srgb', components: [0, 0, 1], hex: '#0000ff' } };
  await edit('primitives/value.tokens.json', (j) => {
    j.color.blue['600'] = added;
  });
  await session.rebuild();
  await matchesCleanBuild();
  await edit('primitives/value.tokens.json', (j) => {
    delete j.color.blue['600'];
  });
  await session.rebuild();
  await matchesCleanBuild();
  for (const mode of ['light', 'dark']) {
    await edit(`semantic/${mode}.tokens.json`, (j) => {
      j.label.welcome = j.label.greeting;
      delete j.label.greeting;
    });
  }
  await session.rebuild();
  await matchesCleanBuild();

  // A config change: another prefix for every platform's names.
  const config = path.join(root, 'config', 'tokensync.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('build:\n', 'build:\n  prefix: ds\n'));
  await session.rebuild();
  await matchesCleanBuild();

  // A broken file fails the rebuild and leaves the last good build; the fix rebuilds.
  const before = await readFile(path.join(root, 'watched', 'css', 'tokens.css'), 'utf8');
  const good = await readFile(file('semantic/light.tokens.json'), 'utf8');
  await writeFile(file('semantic/light.tokens.json'), `${good.trimEnd()},,\n`);
  await expect(session.rebuild()).rejects.toThrow(/light\.tokens\.json/);
  expect(await readFile(path.join(root, 'watched', 'css', 'tokens.css'), 'utf8')).toBe(before);
  await edit('semantic/dark.tokens.json', (j) => {
    j.opacity.disabled.$value = 0.25;
  });
  await writeFile(file('semantic/light.tokens.json'), good);
  await session.rebuild();
  expect(session.reads().sort()).toEqual(['semantic/dark.tokens.json', 'semantic/light.tokens.json']);
  await matchesCleanBuild();
}, 120_000);
