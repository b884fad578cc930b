/**
 * `check` is the pre-commit path: it reads files and never speaks HTTP, so it must not load the API
 * client (docs/architecture.md "Command line": the client is imported only by the commands that reach
 * the service), nor undici, which the client speaks through. The commands that reach the service load
 * undici through its public entry only (docs/architecture.md "Transport and trust"), never a file deep in it.
 * Node's module debug log names every CommonJS package the compiled CLI loads, its esm log every ES module.
 * A plain command line does not load commander (src/cli/plain.ts); a warm check loads neither the
 * token reader nor zod, and a cold build of a plain config neither commander, zod, yaml nor jsonc-parser
 * (docs/benchmarks.md "Fast paths"). What the sync commands load: sync-loads.test.ts.
 */
import { expect, it } from 'vitest';
import { renderTokens } from '../../src/tokens/index.js';
import { config, fixtureSet } from '../tokens/fixtures/model.js';
import { project } from '../tokens/helpers.js';
import { runCli } from '../helpers/cli.js';
import { DEBUG, DEEP_UNDICI } from '../helpers/module-log.js';

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

it('a cold build of a plain config loads neither commander, zod, yaml nor jsonc-parser', async () => {
  const files = new Map([...renderTokens(fixtureSet(), config)].map(([rel, text]) => [`tokens/${rel}`, text]));
  files.set('config/tokensync.yaml', 'tokens:\n  dir: tokens\nbuild:\n  outDir: build\n');
  const root = await project(files);
  const build = await runCli(['build', '--no-cache'], { cwd: root, env: DEBUG, process: true });
  expect(build.code).toBe(0);
  expect(build.stderr).toContain('dist/cli/commands/build.js');
  // The quick config loader reads a plain config (src/config/quick.ts); the lists come from
  // src/config/lists.ts, and the token reader is imported without the writer's modules. A plain
  // `build` command line goes around commander (src/cli/plain.ts).
  for (const absent of ['node_modules/commander', 'node_modules/zod', 'node_modules/yaml', 'node_modules/jsonc-parser'])
    expect(build.stderr, absent).not.toContain(absent);
});
