/**
 * `build --watch` splices a description edit into the last build (docs/architecture.md "Watch"):
 * a description that gains several lines, a block-comment terminator and opener, a line ending
 * in `{` and a lone `\r` (docs/build.md "Descriptions in generated code") still gives, after each
 * edit, the bytes of a clean build of the same files, whichever path the session takes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildSession } from '../../src/cli/commands/build-watch.js';
import { cleanBuildCheck, context, editTokens, repoProject } from './watch-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => Promise.all(cleanups.map((c) => c())));

test('descriptions of several lines and comment characters, edited while watching, equal a clean build', async () => {
  const { root, cleanup } = await repoProject();
  cleanups.push(cleanup);
  const session = buildSession({ out: 'watched' }, context(root));
  const matchesCleanBuild = cleanBuildCheck(root, 'watched');
  await session.rebuild();
  // Each description, and a line of it as the css file prints it.
  const descriptions = [
    [
      'Brand blue.\nUse on light surfaces */ only {\r\nDeprecated /* since 3.0',
      '   * Use on light surfaces *\\/ only {',
    ],
    ['Brand blue, one line again', '/** Brand blue, one line again */'],
    ['Written on a classic Mac\rsecond line {', '   * second line {'],
    ['-- dashes --> and `${backticks}`\n}\n', '   * }'],
  ];
  const paths: string[] = [];
  for (const [description, printed] of descriptions as [string, string][]) {
    await editTokens(root, 'primitives/value.tokens.json', (j) => {
      j.color.blue['500'].$description = description;
    });
    await session.rebuild();
    paths.push(session.stats()!.path);
    expect(await readFile(path.join(root, 'watched', 'css', 'tokens.css'), 'utf8')).toContain(`${printed}\n`);
    await matchesCleanBuild();
  }
  // Descriptions are values the session splices (the line count of a file may change).
  expect(paths).toEqual(['splice', 'splice', 'splice', 'splice']);
}, 120_000);
