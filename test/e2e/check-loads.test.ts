/**
 * `check` is the pre-commit path: it reads files and never speaks HTTP, so it must not load undici
 * (docs/architecture.md "Command line": the client is imported only by the commands that reach the service).
 * Node's module debug log names every CommonJS package the compiled CLI loads.
 */
import { expect, it } from 'vitest';
import { renderTokens } from '../../src/tokens/index.js';
import { config, fixtureSet } from '../tokens/fixtures/model.js';
import { project } from '../tokens/helpers.js';
import { runCli } from '../helpers/cli.js';

/** The fixture's rules, as test/tokens/check-command.test.ts writes them. */
const CONFIG =
  'tokens:\n  rules:\n    - { match: "radius/**", type: dimension, unit: rem }\n    - { match: "motion/*", type: duration }\n';

it('check loads no part of undici, jsonc-parser or colorjs.io on a clean set, and diff loads undici', async () => {
  const files = new Map([...renderTokens(fixtureSet(), config)].map(([rel, text]) => [`tokens/${rel}`, text]));
  files.set('config/tokensync.yaml', CONFIG);
  const root = await project(files);
  const check = await runCli(['check'], { cwd: root, env: { NODE_DEBUG: 'module' }, process: true });
  expect(check.code).toBe(0);
  expect(check.stderr).toContain('commander');
  expect(check.stderr).not.toContain('undici');
  // Positions are loaded only for a problem to report, colorjs.io only for a color outside sRGB
  // (docs/benchmarks.md "Fast paths"): a clean sRGB set loads neither.
  expect(check.stderr).not.toContain('jsonc-parser');
  expect(check.stderr).not.toContain('colorjs.io');
  const diff = await runCli(['diff'], { cwd: root, env: { NODE_DEBUG: 'module' }, process: true });
  expect(diff.stderr).toContain('node_modules/undici/index.js');
});
