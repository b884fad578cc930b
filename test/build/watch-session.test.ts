/**
 * `build --watch`'s rebuild (src/cli/commands/build.ts `buildSession`, docs/architecture.md "Build"):
 * after each edit of a series, every output file equals a clean build of the same files, byte for
 * byte, and a one-file edit reads only that file again (watch-source.ts).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildSession, run } from '../../src/cli/commands/build.js';
import type { CommandContext } from '../../src/cli/context.js';
import { REPO_ROOT } from '../cli/git-repo.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function context(cwd: string): CommandContext {
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
async function expectSameFiles(a: string, b: string): Promise<void> {
  const files = await listFiles(a);
  expect(files).toEqual(await listFiles(b));
  for (const f of files) {
    const [x, y] = await Promise.all([readFile(path.join(a, f)), readFile(path.join(b, f))]);
    expect(x.equals(y), f).toBe(true);
  }
}

test('each watch rebuild equals a clean build, byte for byte, through a series of edits', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-watch-'));
  dirs.push(root);
  await cp(path.join(REPO_ROOT, 'config'), path.join(root, 'config'), { recursive: true });
  await cp(path.join(REPO_ROOT, 'tokens'), path.join(root, 'tokens'), { recursive: true });
  const ctx = context(root);
  const session = buildSession({ out: 'watched' }, ctx);
  let clean = 0;
  const matchesCleanBuild = async (): Promise<void> => {
    const out = `clean-${clean++}`;
    await run({ out }, context(root));
    await expectSameFiles(path.join(root, 'watched'), path.join(root, out));
  };
  const file = (rel: string) => path.join(root, 'tokens', rel);
  const edit = async (rel: string, change: (json: Record<string, any>) => void): Promise<void> => {
    const json = JSON.parse(await readFile(file(rel), 'utf8')) as Record<string, any>;
    change(json);
    await writeFile(file(rel), `${JSON.stringify(json, null, 2)}\n`);
  };

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
