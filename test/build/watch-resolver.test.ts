/**
 * `build --watch` over resolver documents with modifiers and overrides (test/overrides/documents.ts;
 * docs/architecture.md "Watch"): a value edit of a base token, whichever path the session takes,
 * gives the clean build's output byte for byte, and a set whose modifiers fold into plain modes is
 * spliced.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildSession } from '../../src/cli/commands/build-watch.js';
import { DOCUMENTS } from '../overrides/documents.js';
import { cleanBuildCheck, context, editTokens } from './watch-helpers.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function project(files: Record<string, unknown>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-watch-resolver-'));
  dirs.push(root);
  await mkdir(path.join(root, 'config'));
  await writeFile(path.join(root, 'config', 'tokensync.yaml'), 'tokens:\n  dir: tokens\nbuild:\n  outDir: build\n');
  for (const [rel, json] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'tokens', rel)), { recursive: true });
    await writeFile(path.join(root, 'tokens', rel), `${JSON.stringify(json, null, 2)}\n`);
  }
  return root;
}

test.each(Object.keys(DOCUMENTS))(
  '%s: a value edit equals a clean build',
  async (name) => {
    const root = await project(DOCUMENTS[name]!);
    const session = buildSession({ out: 'watched' }, context(root));
    const matchesCleanBuild = cleanBuildCheck(root, 'watched');
    await session.rebuild();
    // The first file holding the base palette (most documents keep it in tokens.tokens.json).
    const files = DOCUMENTS[name]!;
    const rel = Object.keys(files).find((f) => (files[f] as { color?: { white?: unknown } }).color?.white)!;
    await editTokens(root, rel, (j) => {
      j.color.white.$description = 'Paper';
      if (j.size?.radius) j.size.radius.$value = 3;
    });
    await session.rebuild();
    const stats = session.stats()!;
    expect(stats.rendered.length + stats.spliced.length).toBeGreaterThan(0);
    // Spliced, unless the set holds what the splice leaves to a full build (changes.ts).
    if (stats.path === 'full') expect(stats.reason).toMatch(/extended collections|axes or partial|overrides/);
    await matchesCleanBuild();
  },
  60_000,
);
