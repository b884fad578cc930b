/**
 * `check` is the pre-commit path: it reads files and never speaks HTTP, so it must not load the API
 * client (docs/architecture.md "Command line": the client is imported only by the commands that reach
 * the service), nor undici, which the client speaks through. The commands that reach the service load
 * undici through its public entry only (docs/architecture.md "Transport and trust"), never a file deep in it.
 * Node's module debug log names every CommonJS package the compiled CLI loads, its esm log every ES module.
 * A plain command line does not load commander (src/cli/plain.ts); a warm check loads neither the
 * token reader nor zod, and a warm no-op pull (the in-step cache) neither zod, yaml, the sync engine
 * nor the report, and a cold build of a plain config neither zod, yaml nor jsonc-parser (docs/benchmarks.md
 * "Fast paths").
 */
import { expect, it } from 'vitest';
import { renderTokens } from '../../src/tokens/index.js';
import { config, fixtureSet } from '../tokens/fixtures/model.js';
import { project } from '../tokens/helpers.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createProject, pulledProject } from '../helpers/project.js';

const emu = useEmulator({ resetEach: 'demo' });
const DEBUG = { NODE_DEBUG: 'module,esm' };
/** An import of a file inside undici (`undici/lib/...`) from tokensync's code rather than its package entry. */
const DEEP_UNDICI = /-> undici\/|REQUEST \S*node_modules\/undici\/\S* parent: \S*\/dist\//;

/** The fixture's rules, as test/tokens/check-command.test.ts writes them. */
const CONFIG =
  'tokens:\n  rules:\n    - { match: "radius/**", type: dimension, unit: rem }\n    - { match: "motion/*", type: duration }\n';

it('check loads neither the API client, jsonc-parser nor colorjs.io on a clean set, and diff loads the client', async () => {
  const files = new Map([...renderTokens(fixtureSet(), config)].map(([rel, text]) => [`tokens/${rel}`, text]));
  files.set('config/tokensync.yaml', CONFIG);
  const root = await project(files);
  const check = await runCli(['check'], { cwd: root, env: DEBUG, process: true });
  expect(check.code).toBe(0);
  expect(check.stderr).toContain('dist/cli/commands/check.js');
  expect(check.stderr).not.toContain('dist/api/');
  expect(check.stderr).not.toContain('node_modules/undici');
  expect(check.stderr).not.toContain('commander');
  // Positions are loaded only for a problem to report, colorjs.io only for a color outside sRGB
  // (docs/benchmarks.md "Fast paths"): a clean sRGB set loads neither.
  expect(check.stderr).not.toContain('jsonc-parser');
  expect(check.stderr).not.toContain('colorjs.io');
  // The style reader only for a resolver document that lists style sets, the theme notices only for a
  // folder without one (docs/benchmarks.md "The cold read, seventh round").
  expect(check.stderr).toContain('dist/tokens/read/index.js');
  expect(check.stderr).not.toContain('dist/styles/read.js');
  expect(check.stderr).not.toContain('dist/tokens/read/themes.js');
  const diff = await runCli(['diff'], { cwd: root, env: DEBUG, process: true });
  expect(diff.stderr).toContain('dist/api/transport.js');
  expect(diff.stderr).toContain('node_modules/undici/index.js');
  expect(diff.stderr).not.toMatch(DEEP_UNDICI);
  expect(diff.stderr).toContain('node_modules/commander');

  // Warm: the kept result, after a digest of the files; no reader (this config's rules list needs the
  // full config loader, so yaml and zod are loaded here: src/config/quick.ts).
  const warm = await runCli(['check'], { cwd: root, env: DEBUG, process: true });
  expect(warm.code).toBe(0);
  expect(warm.stderr).not.toContain('dist/tokens/read/');
  expect(warm.stderr).not.toContain('node_modules/commander');
});

it('a warm no-op pull and push (in-step cache) load undici by its entry and neither zod, yaml, commander, the sync engine nor the report; a cold pull no zod', async () => {
  const project = await pulledProject(emu);
  // Spawned as the warm runs are: an entry is kept for the tokensync that wrote it (docs/caching.md).
  const synced = await runCli(['sync'], { cwd: project.root, env: project.env, process: true });
  expect(synced.stdout).toContain('sync: already in step, nothing to do.');
  for (const mode of ['pull', 'push']) {
    const warm = await runCli([mode], { cwd: project.root, env: { ...project.env, ...DEBUG }, process: true });
    expect(warm.code).toBe(0);
    expect(warm.stderr).toContain('dist/cli/in-step.js');
    expect(warm.stderr).toContain('dist/api/transport.js');
    expect(warm.stderr).toContain('node_modules/undici/index.js');
    expect(warm.stderr).not.toMatch(DEEP_UNDICI);
    // A miss of the in-step cache first, so a full run is named as such rather than by what it loads.
    for (const absent of [
      'dist/cli/sync-full.js',
      'node_modules/zod',
      'node_modules/yaml',
      'node_modules/commander',
      'dist/sync/apply-',
      'dist/sync/plan',
      'dist/model/',
    ])
      expect(warm.stderr, absent).not.toContain(absent);
  }
  // Cold (`--no-cache`): the full path, whose answer passes the hand check, so zod (~95 modules and
  // its schemas) stays unloaded there too (docs/benchmarks.md "No-op pull and push: the service's writes").
  const cold = await runCli(['pull', '--no-cache'], {
    cwd: project.root,
    env: { ...project.env, ...DEBUG },
    process: true,
  });
  expect(cold.code).toBe(0);
  expect(cold.stderr).toContain('dist/cli/sync-full.js');
  expect(cold.stderr).not.toContain('node_modules/zod');
});

it('a cold build of a plain config loads neither zod, yaml nor jsonc-parser', async () => {
  const files = new Map([...renderTokens(fixtureSet(), config)].map(([rel, text]) => [`tokens/${rel}`, text]));
  files.set('config/tokensync.yaml', 'tokens:\n  dir: tokens\nbuild:\n  outDir: build\n');
  const root = await project(files);
  const build = await runCli(['build', '--no-cache'], { cwd: root, env: DEBUG, process: true });
  expect(build.code).toBe(0);
  expect(build.stderr).toContain('dist/cli/commands/build.js');
  // The quick config loader reads a plain config (src/config/quick.ts); the lists come from
  // src/config/lists.ts, and the token reader is imported without the writer's modules.
  for (const absent of ['node_modules/zod', 'node_modules/yaml', 'node_modules/jsonc-parser'])
    expect(build.stderr, absent).not.toContain(absent);
});

it('a pull into an empty repository reads the file version without zod', async () => {
  // GET /v1/files/:key passes its hand check (src/api/schemas/files-check.ts), so neither the pull
  // nor the push, which read the version for the lock, loads zod on the usual answer.
  const project = createProject(emu);
  const pulled = await runCli(['pull'], { cwd: project.root, env: { ...project.env, ...DEBUG }, process: true });
  expect(pulled.code).toBe(0);
  expect(pulled.stderr).toContain('dist/api/schemas/files-check.js');
  expect(pulled.stderr).not.toContain('node_modules/zod');
  expect(await emu.admin.calls()).toContain('GET /v1/files/:key');
});
