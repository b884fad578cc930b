/**
 * A first pull (no previous token files) builds each token without a previous one to copy
 * (render.ts `newTokenObject`) and places every token in the mode's first file without looking in
 * absent files (mode-files.ts `ModeFiles.place`). Its bytes must be those the general path keeps:
 * pulled again over its own files, the set renders to the same bytes (docs/token-files.md "How a
 * pull edits your files": a no-op pull is byte-stable), on the bench's generated set and the fixture.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTokenSet } from '../../bench/generate.mjs';
import type { TokensConfig } from '../../src/config/schema.js';
import type { TokenSet } from '../../src/model/types.js';
import { readTokens, renderTokens, writeFilesAtomic } from '../../src/tokens/index.js';
import { config, fixtureSet } from './fixtures/model.js';

async function renderedAgain(set: TokenSet, cfg: TokensConfig): Promise<[Map<string, string>, Map<string, string>]> {
  const first = renderTokens(set, cfg);
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-first-pull-'));
  try {
    await writeFilesAtomic(path.join(root, cfg.dir), first);
    const { sources } = await readTokens(root, cfg);
    return [first, renderTokens(set, cfg, sources)];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('a first pull', () => {
  it.each([
    ['the bench set (1k x 2, bench/generate.mjs)', () => generateTokenSet({ variables: 1000, modes: 2 }) as TokenSet],
    ['the bench set with 4 modes', () => generateTokenSet({ variables: 300, modes: 4, seed: 7 }) as TokenSet],
    ['the fixture set', () => fixtureSet()],
  ])('writes the bytes a pull over its own files keeps: %s', async (_, make) => {
    const cfg: TokensConfig = { ...config, dir: 'tokens' };
    const [first, again] = await renderedAgain(make(), cfg);
    expect([...again.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [rel, text] of first) expect(again.get(rel), rel).toBe(text);
  });

  it('writes the bytes a pull over its own files keeps with namespace: collection', async () => {
    const cfg: TokensConfig = { ...config, dir: 'tokens', namespace: 'collection' };
    const [first, again] = await renderedAgain(
      generateTokenSet({ variables: 500, modes: 2, seed: 3 }) as TokenSet,
      cfg,
    );
    for (const [rel, text] of first) expect(again.get(rel), rel).toBe(text);
  });
});
