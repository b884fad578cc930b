/**
 * `build --watch` splices an edit of tokens' values or descriptions into the last build
 * (src/codegen/session, docs/architecture.md "Build", "Watch"): after each edit the output equals a
 * clean build of the same files, byte for byte, and the session says which path it took, so this
 * fails when an edit that should be spliced silently builds everything again (and the reverse).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildSession } from '../../src/cli/commands/build-watch.js';
import { cleanBuildCheck, context, editTokens, repoProject } from './watch-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => Promise.all(cleanups.map((c) => c())));

const color = (hex: string) => ({
  colorSpace: 'srgb',
  components: [1, 2, 3].map((i) => Number.parseInt(hex.slice(2 * i - 1, 2 * i + 1), 16) / 255),
  hex,
});

test('value and description edits are spliced; structural edits build everything; each equals a clean build', async () => {
  const { root, cleanup } = await repoProject();
  cleanups.push(cleanup);
  const session = buildSession({ out: 'watched' }, context(root));
  const matchesCleanBuild = cleanBuildCheck(root, 'watched');
  const edit = (rel: string, change: (json: Record<string, any>) => void) => editTokens(root, rel, change);
  /** Rebuilds, checks the path taken, and compares with a clean build. */
  const rebuilt = async (path: 'splice' | 'full', reason?: RegExp, read?: 'tokens' | 'whole'): Promise<void> => {
    await session.rebuild();
    const stats = session.stats()!;
    expect(stats.path, stats.reason).toBe(path);
    if (read) expect(stats.read).toBe(read);
    if (path === 'splice') expect(stats.rendered).toEqual([]);
    if (reason) expect(stats.reason).toMatch(reason);
    await matchesCleanBuild();
  };

  await rebuilt('full', /first build/);

  // A literal of a collection others alias into (semantic colors, paint and effect styles).
  await edit('primitives/value.tokens.json', (j) => {
    j.color.blue['500'].$value = color('#0080ff');
  });
  await rebuilt('splice', undefined, 'tokens');
  expect(session.stats()!.changed).toEqual(
    expect.arrayContaining(['css/tokens.css', 'docs/index.html', 'ts/tokens.ts']),
  );

  // A font family two aliases away from the typography styles that use it.
  await edit('primitives/value.tokens.json', (j) => {
    j.font.family.sans.$value = 'Source Sans 3';
  });
  await rebuilt('splice', undefined, 'tokens');

  // A value of a non-default mode, a description added, one changed, one removed.
  await edit('semantic/dark.tokens.json', (j) => {
    j.opacity.disabled.$value = 0.55;
    j.color.primary.$description = 'Primary actions';
  });
  // The alias's description: a token holding a reference cannot be read alone (its target is not there).
  await rebuilt('splice', undefined, 'whole');
  await edit('primitives/value.tokens.json', (j) => {
    j.color.blue['500'].$description = 'Brand blue, brighter';
    delete j.radius.md.$description;
  });
  await rebuilt('splice');

  // A composite's literal sub-value in a style file.
  await edit('styles/text.tokens.json', (j) => {
    j.typography.Body.Regular.$value.lineHeight = 1.6;
  });
  await rebuilt('splice');

  // Nothing changed: nothing rendered or written.
  await rebuilt('splice');
  expect(session.stats()!.changed).toEqual([]);

  // An alias pointed elsewhere: the reference-keeping formats order tokens by their references.
  await edit('semantic/light.tokens.json', (j) => {
    j.color.primary.$value = '{color.red.500}';
  });
  await rebuilt('full', /reference/, 'whole');
  // A literal made an alias, and back.
  await edit('semantic/light.tokens.json', (j) => {
    j.label.greeting.$value = 'Hi {there}';
  });
  await rebuilt('full', /braces/);

  // Added, removed, type changed, config changed: everything again.
  await edit('primitives/value.tokens.json', (j) => {
    j.color.blue['600'] = { $type: 'color', $value: color('#0000ff') };
  });
  await rebuilt('full', /added|removed/, 'whole');
  await edit('primitives/value.tokens.json', (j) => {
    delete j.color.blue['600'];
  });
  await rebuilt('full', /added|removed/);
  await edit('primitives/value.tokens.json', (j) => {
    j.radius.md.$type = 'number';
    j.radius.md.$value = 6;
  });
  await rebuilt('full', /more than its values/);
  const config = path.join(root, 'config', 'tokensync.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('build:\n', 'build:\n  prefix: ds\n'));
  await rebuilt('full', /config/, 'tokens'); // the token files did not change: nothing read again

  // After a structural edit the next value edit is spliced again.
  await edit('semantic/light.tokens.json', (j) => {
    j.feature['rounded-corners'].$value = false;
  });
  await rebuilt('splice', undefined, 'tokens');
}, 120_000);

test('a broken file keeps the last good build; the fix is spliced against it', async () => {
  const { root, cleanup } = await repoProject();
  cleanups.push(cleanup);
  const session = buildSession({ out: 'watched' }, context(root));
  const matchesCleanBuild = cleanBuildCheck(root, 'watched');
  await session.rebuild();
  const file = path.join(root, 'tokens', 'semantic', 'light.tokens.json');
  const good = await readFile(file, 'utf8');
  await writeFile(file, `${good.trimEnd()},,\n`);
  await expect(session.rebuild()).rejects.toThrow(/light\.tokens\.json/);
  await editTokens(root, 'semantic/dark.tokens.json', (j) => {
    j.opacity.disabled.$value = 0.25;
  });
  await writeFile(file, good);
  await session.rebuild();
  expect(session.stats()!.path).toBe('splice');
  await matchesCleanBuild();
}, 60_000);
