/**
 * `tokensync build` end to end on disk: token files written by the token writer (src/tokens), the
 * config file, the command, and the files it writes (atomically; a second run changes no byte).
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildTokens } from '../../src/build/index.js';
import { run } from '../../src/cli/commands/build.js';
import type { CommandContext } from '../../src/cli/context.js';
import { configSchema } from '../../src/config/schema.js';
import { renderTokens, writeFilesAtomic } from '../../src/tokens/index.js';
import { fixtureVariables } from './fixture.js';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function context(cwd: string): { ctx: CommandContext; results: unknown[]; warnings: string[] } {
  const results: unknown[] = [];
  const warnings: string[] = [];
  const ctx: CommandContext = {
    cwd,
    env: {},
    global: { json: true, quiet: false },
    interrupted: new Promise(() => {}),
    out: { interactive: false, info: () => {}, warn: (m) => warnings.push(m), result: (_h, data) => results.push(data), line: () => {} },
  };
  return { ctx, results, warnings };
}

async function project(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-build-cmd-'));
  dirs.push(root);
  await mkdir(path.join(root, 'config'));
  await writeFile(
    path.join(root, 'config/tokensync.yaml'),
    ['build:', '  outDir: out', '  modes:', '    theme:', '      dark:', '        media: "(prefers-color-scheme: dark)"', ''].join('\n'),
  );
  const tokensConfig = configSchema.parse({}).tokens;
  await writeFilesAtomic(path.join(root, tokensConfig.dir), renderTokens(fixtureVariables(), tokensConfig));
  return root;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(path.join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

test('builds the token files of a project into build.outDir; a rebuild rewrites nothing', async () => {
  const root = await project();
  const { ctx, results, warnings } = context(path.join(root, 'config'));
  expect(await run({ platform: ['css', 'ts'] }, ctx)).toBe(0);
  expect(await listFiles(path.join(root, 'out'))).toEqual(['css/tokens.css', 'ts/tokens.ts']);
  expect(warnings).toEqual([]);
  // What the command wrote from the files is what buildTokens makes of the model: the token files
  // round-trip the fixture, and the command adds nothing of its own.
  const config = configSchema.parse({ build: { modes: { theme: { dark: { media: '(prefers-color-scheme: dark)' } } } } });
  const direct = await buildTokens(fixtureVariables(), config.build, { platforms: ['css', 'ts'] });
  expect(await readFile(path.join(root, 'out/css/tokens.css'), 'utf8')).toBe(direct.files.get('css/tokens.css'));
  expect(await readFile(path.join(root, 'out/ts/tokens.ts'), 'utf8')).toBe(direct.files.get('ts/tokens.ts'));
  expect(results[0]).toMatchObject({ written: ['css/tokens.css', 'ts/tokens.ts'], unchanged: [] });

  const before = (await stat(path.join(root, 'out/css/tokens.css'))).mtimeMs;
  const again = context(root);
  expect(await run({ platform: ['css', 'ts'] }, again.ctx)).toBe(0);
  expect(again.results[0]).toMatchObject({ written: [], unchanged: ['css/tokens.css', 'ts/tokens.ts'] });
  expect((await stat(path.join(root, 'out/css/tokens.css'))).mtimeMs).toBe(before);
  expect((await readdir(path.join(root, 'out/css'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

test('--out writes elsewhere, and an unknown --platform is refused with the list', async () => {
  const root = await project();
  const { ctx } = context(root);
  expect(await run({ platform: ['json'], out: 'elsewhere' }, ctx)).toBe(0);
  expect(await listFiles(path.join(root, 'elsewhere'))).toEqual(['json/tokens.json']);
  const err = await run({ platform: ['css', 'flutter'] }, ctx).catch((e: Error & { hint?: string }) => `${e.message}\nfix: ${e.hint}`);
  expect(err).toMatchInlineSnapshot(`
    "--platform flutter: there is no such platform.
    fix: Use one or more of: css, scss, ts, json, ios, android, compose, tailwind, docs."
  `);
});
