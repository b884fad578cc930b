/**
 * End to end (docs/build.md "Names"): a token set whose names differ only in case
 * or in how words are joined (`focus/outline-color` beside its deprecated alias `focus/outlineColor`,
 * as a published design system writes them) is checked, pushed to the local service and built by the
 * real CLI. Under the default kebab names the build refuses, naming both tokens and the style that
 * separates them; under `build.names: keep` every platform keeps each segment's case.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.admin.reset('empty');
});

const srgb = (r: number, g: number, b: number, hex: string) => ({ colorSpace: 'srgb', components: [r, g, b], hex });
const TOKENS = {
  focus: {
    $type: 'color',
    'outline-color': { $value: srgb(0, 0.4, 0.8, '#0066cc') },
    outlineColor: { $value: '{focus.outline-color}', $deprecated: 'Use focus.outline-color' },
  },
  color: {
    $type: 'color',
    Primary: { $value: srgb(1, 0, 0, '#ff0000') },
    primary: { $value: srgb(0, 0, 1, '#0000ff') },
  },
};

function project(names = ''): TestProject {
  const p = createProject(emu, names === '' ? '' : `build:\n  names:\n${names}`);
  p.write('tokens/tokens.tokens.json', `${JSON.stringify(TOKENS, null, 2)}\n`);
  return p;
}
const out = (p: TestProject, rel: string): string => readFileSync(path.join(p.root, 'build', rel), 'utf8');

it('refuses the default kebab names, naming both tokens and the style that keeps them apart', async () => {
  const p = project();
  const check = await runCli(['check'], { cwd: p.root, env: p.env });
  // Valid DTCG and valid variables: the build decides, under the name styles it is given.
  expect(check.stderr).toBe('');
  expect(check.code).toBe(0);
  const build = await runCli(['build', '--platform', 'css'], { cwd: p.root, env: p.env });
  expect(build.code).toBe(1);
  expect(build.stderr.trim()).toMatchInlineSnapshot(`
    "error: Tokens "Tokens/color/Primary" and "Tokens/color/primary" both become --color-primary in CSS (custom property names) under the kebab name style, so one would overwrite the other.
      fix: Set build.names.web: keep in config/tokensync.yaml (they become color-Primary and color-primary), or rename one of them."
  `);
});

it('pushes both variables and builds every platform under the case-keeping style', async () => {
  const keepAll = ['web', 'ts', 'ios', 'android', 'compose'].map((f) => `    ${f}: keep\n`).join('');
  const p = project(keepAll);
  const push = await runCli(['push'], { cwd: p.root, env: p.env });
  expect(push.stderr).toBe('');
  expect(push.code).toBe(0);
  const res = await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`);
  const names = Object.values(res.json.meta.variables as Record<string, { name: string }>).map((v) => v.name);
  expect(names.sort()).toEqual(['color/Primary', 'color/primary', 'focus/outline-color', 'focus/outlineColor']);

  const build = await runCli(['build'], { cwd: p.root, env: p.env });
  expect(build.stderr).toBe('');
  expect(build.code).toBe(0);
  const css = out(p, 'css/tokens.css');
  expect(css).toContain('--focus-outline-color: #0066cc;');
  expect(css).toContain('--focus-outlineColor: var(--focus-outline-color);');
  expect(css).toContain('--color-Primary: #ff0000;');
  expect(css).toContain('--color-primary: #0000ff;');
  expect(out(p, 'ts/tokens.ts')).toContain('focus_outlineColor');
  expect(out(p, 'android/values/tokens.xml')).toContain('name="color_Primary"');
  expect(out(p, 'ios/Tokens.swift')).toContain('color_primary');
});

it('keeps the other platforms on their defaults when only the web style is set', async () => {
  const p = project('    web: keep\n');
  const build = await runCli(['build', '--platform', 'css', 'ts'], { cwd: p.root, env: p.env });
  expect(build.code).toBe(1);
  expect(build.stderr).toContain('build.names.ts: keep');
  const css = await runCli(['build', '--platform', 'css', 'scss', 'tailwind', 'docs'], { cwd: p.root, env: p.env });
  expect(css.stderr).toBe('');
  expect(out(p, 'css/tokens.css')).toContain('--focus-outlineColor: var(--focus-outline-color);');
});
