/**
 * `build --watch` over token files with characters outside ASCII (src/cli/commands/watch-source.ts
 * keeps them as their escaped text, tokens/read/escaped.ts, decoded only when asked): edits of
 * values and descriptions are read alone and spliced, a structural edit reads the whole set, and
 * each equals a clean build byte for byte; a broken file and bytes that are not UTF-8 are reported
 * with the file's line and column, as a whole read reports them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildSession } from '../../src/cli/commands/build-watch.js';
import { cleanBuildCheck, context, editTokens, repoProject } from './watch-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => Promise.all(cleanups.map((c) => c())));

test('non-ASCII token files: spliced and whole rebuilds equal a clean build; problems are placed', async () => {
  const { root, cleanup } = await repoProject();
  cleanups.push(cleanup);
  const rel = 'primitives/value.tokens.json';
  const file = path.join(root, 'tokens', rel);
  await editTokens(root, rel, (j) => {
    j.color.blue['500'].$description = 'Bleu de marque — clair, «Ünïcode» ✓';
    j.font.family.sans.$value = 'Noto Sans 日本語';
  });
  // The warm-up edits the number token of the semantic files (watch-warm.ts): those too are not ASCII.
  for (const mode of ['light', 'dark'])
    await editTokens(root, `semantic/${mode}.tokens.json`, (j) => {
      j.opacity.disabled.$description = 'Opacité — désactivé';
    });
  const session = buildSession({ out: 'watched' }, context(root));
  const matchesCleanBuild = cleanBuildCheck(root, 'watched');
  await session.rebuild();
  await session.warm();
  await matchesCleanBuild();

  await editTokens(root, rel, (j) => {
    j.color.blue['500'].$description = 'Bleu de marque — foncé 🎨';
    j.font.family.sans.$value = 'Source Sans 3 — Ελληνικά';
  });
  await session.rebuild();
  expect(session.stats()).toMatchObject({ path: 'splice', read: 'tokens' });
  expect(session.reads()).toEqual([rel]);
  expect(await readFile(path.join(root, 'watched', 'css', 'tokens.css'), 'utf8')).toContain('Ελληνικά');
  await matchesCleanBuild();

  // A token added: the whole set is read (from the kept escaped texts) and built.
  await editTokens(root, rel, (j) => {
    j.color.blue['600'] = { $type: 'color', $value: j.color.blue['500'].$value, $description: 'Bleu — plus' };
  });
  await session.rebuild();
  expect(session.stats()).toMatchObject({ path: 'full', read: 'whole' });
  await matchesCleanBuild();

  // A broken file: the error says where, on the line as the file has it.
  const good = await readFile(file, 'utf8');
  await writeFile(file, good.replace('"Bleu — plus"', '"Bleu — plus",,'));
  const line = good.split('\n').findIndex((l) => l.includes('Bleu — plus')) + 1;
  await expect(session.rebuild()).rejects.toThrow(new RegExp(`value\\.tokens\\.json:${line}:`));
  // A backslash right before a character outside ASCII is an invalid escape, refused as a whole
  // read refuses it (its escaped text would have read as a valid "\\u2014").
  await writeFile(file, good.replace('"Bleu — plus"', '"Bleu \\— plus"'));
  await expect(session.rebuild()).rejects.toThrow(new RegExp(`value\\.tokens\\.json:${line}:.*escape`));
  // Bytes that are not UTF-8: named with their line and column.
  await writeFile(file, Buffer.concat([Buffer.from(good.replace('Bleu — plus', 'Bleu ')), Buffer.from([0xe9])]));
  await expect(session.rebuild()).rejects.toThrow(/invalid UTF-8/);
  await writeFile(file, good);
  await session.rebuild();
  await matchesCleanBuild();
}, 120_000);
