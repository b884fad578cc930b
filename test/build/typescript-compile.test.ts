/**
 * The generated TypeScript compiles with tsc, and its union of token names catches a wrong name
 * (docs/build.md "Outputs"). The usage file's `@ts-expect-error` turns into a compile error ("Unused
 * '@ts-expect-error' directive") the day the union stops catching it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const USAGE = `import { modes, tokens, defaultModes, type TokenName, type ModeName, type TypographyToken, type ShadowToken, type BorderToken } from './tokens.js';

// Composites are typed objects, checked against their interface, with literal values.
const body: TypographyToken = tokens.typeBody;
const size: '16px' = tokens.typeBody.fontSize;
const darkSize: '18px' = modes.theme.dark.typeBody.fontSize;
const card: ShadowToken = modes.theme.dark.shadowCard;
const focus: BorderToken = tokens.borderFocus;
// @ts-expect-error a typography has no color
void tokens.typeBody.color;

const ok: TokenName = 'colorBg';
const bg: '#f9fafb' = tokens.colorBg;
const dark: '#111827' = modes.theme.dark.colorBg;
const rounded: boolean = modes.theme.dark.featureRounded;
const overlay: number = tokens.layerOverlay;
const mode: ModeName<'theme'> = 'dark';
const def: 'light' = defaultModes.theme;
// @ts-expect-error a token name that does not exist must not compile
const wrong: TokenName = 'colorBackground';
// @ts-expect-error nor may a wrong name be read from the values
void tokens.colorBackground;
// @ts-expect-error nor a mode the collection does not have
const noMode: ModeName<'theme'> = 'sepia';
export { ok, bg, dark, rounded, overlay, mode, def, wrong, noMode, body, size, darkSize, card, focus };
`;

test('ts/tokens.ts compiles under strict tsc and rejects a wrong token name', async () => {
  const out = await buildTokens(fixtureSet(), fixtureConfig(), { platforms: ['ts'] });
  const dir = await mkdtemp(path.join(tmpdir(), 'tokensync-ts-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'tokens.ts'), out.files.get('ts/tokens.ts')!);
  await writeFile(path.join(dir, 'usage.ts'), USAGE);
  const tsc = path.resolve('node_modules/typescript/bin/tsc');
  const compilerOptions = {
    noEmit: true,
    strict: true,
    target: 'ES2022',
    // The generated file is a module that needs no browser types: without the DOM library (the default
    // for this target) a stray DOM type in it fails to compile, and tsc reads a third of the lines
    // (4.2 -> 1.5 s of CPU).
    lib: ['ES2022'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    types: [],
  };
  await writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions, files: ['tokens.ts', 'usage.ts'] }),
  );
  const args = ['-p', 'tsconfig.json'];
  const result = await run(tsc, args, { cwd: dir }).then(
    () => ({ code: 0, stdout: '' }),
    (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
  );
  expect(result.stdout).toBe('');
  expect(result.code).toBe(0);
});
