/**
 * The model cache of `tokensync build` (docs/caching.md "build"): a kept set is the set a fresh read
 * gives (strictly equal, and the same output bytes), any changed byte is read afresh, a failed read
 * or a refused build keeps nothing, and `--no-cache` neither uses nor writes it.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { generateTokenSet } from '../../bench/generate.mjs';
import { run } from '../../src/cli/commands/build.js';
import type { CommandContext } from '../../src/cli/context.js';
import { buildTokens } from '../../src/codegen/index.js';
import { configSchema } from '../../src/config/schema.js';
import { CACHE_DIR, toolStamp } from '../../src/fs/result-cache.js';
import type { TokenSet } from '../../src/model/types.js';
import { readTokens, renderTokens, writeFilesAtomic } from '../../src/tokens/index.js';
import { cachedModel, modelKey, readModel } from '../../src/tokens/read/model-cache.js';
import { model } from '../conformance/harness.js';
import { DOCUMENTS } from '../overrides/documents.js';
import { VERSION } from '../../src/version.js';
import { fixtureSet } from './fixture.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const tokensConfig = configSchema.parse({}).tokens;
const buildConfig = configSchema.parse({}).build;

async function tempDir(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'tokensync-model-cache-'));
  dirs.push(d);
  return d;
}

async function project(set: TokenSet): Promise<string> {
  const root = await tempDir();
  await mkdir(path.join(root, 'config'));
  await writeFile(path.join(root, 'config/tokensync.yaml'), 'build:\n  outDir: out\n');
  await writeFilesAtomic(path.join(root, tokensConfig.dir), renderTokens(set, tokensConfig));
  return root;
}

function context(cwd: string): CommandContext {
  return {
    cwd,
    env: {},
    global: { json: true, quiet: true },
    interrupted: new Promise(() => {}),
    out: { interactive: false, info: () => {}, warn: () => {}, result: () => {}, line: () => {} },
  };
}

async function outputs(dir: string, prefix = ''): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of await outputs(path.join(dir, e.name), rel)) out.set(k, v);
    else out.set(rel, await readFile(path.join(dir, e.name), 'utf8'));
  }
  return out;
}

const entry = (root: string) => path.join(root, CACHE_DIR, 'model.bin');

/** Sets with every part of the model: composites, wide-gamut colors, contexts, axes, partial tokens. */
const sets: [string, () => Promise<TokenSet>][] = [
  ['the build fixture', async () => (await readTokens(await project(fixtureSet()), tokensConfig)).set],
  [
    'a generated set in 3 modes',
    async () =>
      (await readTokens(await project(generateTokenSet({ variables: 400, modes: 3, seed: 7 })), tokensConfig)).set,
  ],
  ...Object.keys(DOCUMENTS).map((name): [string, () => Promise<TokenSet>] => [
    `resolver document: ${name}`,
    () => model(DOCUMENTS[name]!),
  ]),
];

describe('a kept set is the set a fresh read gives', () => {
  test.each(sets)('%s', async (_name, read) => {
    const set = await read();
    const root = await tempDir();
    await mkdir(path.join(root, tokensConfig.dir));
    await (await readModel(root, tokensConfig, 'tool', async () => set)).keep();
    const back = cachedModel(root, await modelKey(root, tokensConfig, 'tool'));
    expect(isDeepStrictEqual(back, set)).toBe(true);
    expect(cachedModel(root, 'j'.repeat(64))).toBeUndefined();
    const a = await buildTokens(set, buildConfig);
    const b = await buildTokens(back!, buildConfig);
    expect([...b.files]).toEqual([...a.files]);
  });
});

describe('tokensync build', () => {
  test('keeps the model of a clean read and builds the same bytes from it', async () => {
    const root = await project(fixtureSet());
    const ctx = context(root);
    expect(await run({}, ctx)).toBe(0);
    const cold = await outputs(path.join(root, 'out'));
    const tool = toolStamp(VERSION);
    // The entry is kept for the files as they are, by this tokensync: the next build takes it.
    const kept = (await readFile(entry(root))).toString('latin1', 0, 64);
    expect(kept).toBe(await modelKey(root, tokensConfig, tool));
    expect(await modelKey(root, tokensConfig, 'another tokensync')).not.toBe(kept);
    // Settings that change the model read from the same files (the rem base here) change the key.
    expect(await modelKey(root, { ...tokensConfig, remBase: tokensConfig.remBase + 1 }, tool)).not.toBe(kept);
    await rm(path.join(root, 'out'), { recursive: true });
    expect(await run({}, ctx)).toBe(0);
    expect(await outputs(path.join(root, 'out'))).toEqual(cold);
    expect((await readFile(entry(root))).toString('latin1', 0, 64)).toBe(kept);
    // The same files find it without reading them.
    const never = () => Promise.reject(new Error('read'));
    expect((await readModel(root, tokensConfig, tool, never)).set).toEqual((await readTokens(root, tokensConfig)).set);
  });

  test('any changed byte is read afresh; a failed read or build keeps nothing; --no-cache leaves it alone', async () => {
    const root = await project(fixtureSet());
    const ctx = context(root);
    expect(await run({}, ctx)).toBe(0);
    const first = (await readFile(entry(root))).toString('latin1', 0, 64);
    const file = path.join(root, 'tokens', 'primitives', 'value.tokens.json');
    const text = await readFile(file, 'utf8');
    // One byte: a description the build prints.
    expect(text).toContain('"Brand blue"');
    await writeFile(file, text.replace('"Brand blue"', '"Brand bluE"'));
    expect(await run({}, ctx)).toBe(0);
    expect(await readFile(path.join(root, 'out', 'css', 'tokens.css'), 'utf8')).toContain('Brand bluE');
    const second = (await readFile(entry(root))).toString('latin1', 0, 64);
    expect(second).not.toBe(first);
    // A broken file fails every build and is never kept.
    await writeFile(file, '{ "color": ');
    await expect(run({}, ctx)).rejects.toThrow();
    await expect(run({}, ctx)).rejects.toThrow();
    expect((await readFile(entry(root))).toString('latin1', 0, 64)).toBe(second);
    // A build refused after a clean read (its config names a collection there is none of) keeps nothing either.
    await writeFile(file, text);
    await rm(path.join(root, CACHE_DIR), { recursive: true });
    const yaml = path.join(root, 'config/tokensync.yaml');
    const config = await readFile(yaml, 'utf8');
    await writeFile(yaml, `${config}  modes:\n    nowhere:\n      Dark:\n        media: "(x)"\n`);
    await expect(run({}, ctx)).rejects.toThrow(/nowhere/);
    await expect(stat(entry(root))).rejects.toThrow();
    await writeFile(yaml, config);
    // --no-cache reads the files and writes nothing to the cache.
    expect(await run({ cache: false }, ctx)).toBe(0);
    await expect(stat(entry(root))).rejects.toThrow();
  });
});
