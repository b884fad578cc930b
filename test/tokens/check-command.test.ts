import { PassThrough } from 'node:stream';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/commands/check.js';
import type { CommandContext } from '../../src/cli/context.js';
import { createReporter } from '../../src/cli/reporter.js';
import { renderTokens } from '../../src/tokens/index.js';
import { fixtureSet } from './fixtures/model.js';
import { project } from './helpers.js';

const CONFIG =
  'tokens:\n  rules:\n    - { match: "radius/**", type: dimension, unit: rem }\n    - { match: "motion/*", type: duration }\n';

async function check(
  root: string,
  opts: { json?: boolean; files?: string[]; cwd?: string } = {},
): Promise<{ code: number; stdout: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const ctx: CommandContext = {
    cwd: opts.cwd ?? root,
    env: {},
    global: { json: Boolean(opts.json), quiet: false },
    out: createReporter({ json: Boolean(opts.json), quiet: false, stdout, stderr, ci: true }),
    interrupted: new Promise(() => {}),
  };
  const code = await run({ remote: false, strict: false, files: opts.files ?? [] }, ctx);
  return { code, stdout: out };
}

async function fixtureProject(edit?: (files: Map<string, string>) => void): Promise<string> {
  const { config } = await import('./fixtures/model.js');
  const files = renderTokens(fixtureSet(), config);
  edit?.(files);
  const root = await project(files, 'tokens');
  const { writeFile, mkdir } = await import('node:fs/promises');
  await mkdir(path.join(root, 'config'));
  await writeFile(path.join(root, 'config/tokensync.yaml'), CONFIG);
  return root;
}

const breakTwo = (files: Map<string, string>): void => {
  files.set(
    'semantic/dark.tokens.json',
    files.get('semantic/dark.tokens.json')!.replace('"$value": false', '"$value": "no"'),
  );
  files.set(
    'semantic/light.tokens.json',
    files.get('semantic/light.tokens.json')!.replace('"{color.blue.500}"', '"{color.blue.501}"'),
  );
};

describe('tokensync check', () => {
  it('exits 0 and says so when the files are clean', async () => {
    expect(await check(await fixtureProject())).toEqual({
      code: 0,
      stdout: '15 tokens in 2 collections: no problems.\n',
    });
  });

  it('lists every problem as file:line:column  token.path  message + fix, relative to the current folder, and exits 1', async () => {
    const root = await fixtureProject(breakTwo);
    const { code, stdout } = await check(root, { cwd: path.join(root, 'tokens') });
    expect(code).toBe(1);
    expect(stdout).toMatchInlineSnapshot(`
      "semantic/dark.tokens.json:54:17  feature.new-nav  a boolean token needs true or false, not "no"
          fix: Set "$value" to true or false.
      semantic/light.tokens.json:20:19  color.bg.brand  alias {color.blue.501} points to no token
          fix: Point it at an existing token, or add the token it names.
      2 errors in tokens/.
      "
    `);
  });

  it('limits the report to the files given, still reading the whole set', async () => {
    const root = await fixtureProject(breakTwo);
    const { code, stdout } = await check(root, { files: ['tokens/semantic/light.tokens.json'] });
    expect(code).toBe(1);
    expect(stdout).toContain('light.tokens.json:20:19');
    expect(stdout).not.toContain('dark.tokens.json');
    expect(await check(root, { files: ['tokens/primitives/value.tokens.json'] })).toEqual({
      code: 0,
      stdout: '1 file checked: no problems.\n',
    });
  });

  it('gives the diagnostics as JSON with --json', async () => {
    const root = await fixtureProject(breakTwo);
    const { code, stdout } = await check(root, { json: true });
    expect(code).toBe(1);
    const data = JSON.parse(stdout);
    expect(data).toMatchObject({ ok: false, errors: 2, warnings: 0 });
    expect(data.diagnostics[0]).toEqual({
      severity: 'error',
      file: 'tokens/semantic/dark.tokens.json',
      line: 54,
      column: 17,
      tokenPath: 'feature.new-nav',
      message: 'a boolean token needs true or false, not "no"',
      hint: 'Set "$value" to true or false.',
    });
  });
});
