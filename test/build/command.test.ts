/**
 * `tokensync build` end to end on disk: token files written by the token writer (src/tokens), the
 * config file, the command, and the files it writes (atomically; a second run changes no byte).
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { run } from '../../src/cli/commands/build.js';
import type { CommandContext } from '../../src/cli/context.js';
import { configSchema } from '../../src/config/schema.js';
import { renderTokens, writeFilesAtomic } from '../../src/tokens/index.js';
import { fixtureSet, fixtureVariables } from './fixture.js';

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
    out: {
      interactive: false,
      info: () => {},
      warn: (m) => warnings.push(m),
      result: (_h, data) => results.push(data),
      line: () => {},
    },
  };
  return { ctx, results, warnings };
}

async function project(set = fixtureSet()): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tokensync-build-cmd-'));
  dirs.push(root);
  await mkdir(path.join(root, 'config'));
  await writeFile(
    path.join(root, 'config/tokensync.yaml'),
    [
      'build:',
      '  outDir: out',
      '  modes:',
      '    theme:',
      '      dark:',
      '        media: "(prefers-color-scheme: dark)"',
      '',
    ].join('\n'),
  );
  const tokensConfig = configSchema.parse({}).tokens;
  await writeFilesAtomic(path.join(root, tokensConfig.dir), renderTokens(set, tokensConfig));
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
  // Besides the outputs, only the manifest of what it wrote (docs/build.md "Stale outputs").
  expect(await listFiles(path.join(root, 'out'))).toEqual(['.tokensync-build.json', 'css/tokens.css', 'ts/tokens.ts']);
  expect(warnings).toEqual([]);
  // What the command wrote from the files is what buildTokens makes of the model: the token files
  // round-trip the fixture (composites and wide-gamut colors included), and the command adds
  // nothing of its own.
  const config = configSchema.parse({
    build: { modes: { theme: { dark: { media: '(prefers-color-scheme: dark)' } } } },
  });
  const direct = await buildTokens(fixtureSet(), config.build, { platforms: ['css', 'ts'] });
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
  expect(await listFiles(path.join(root, 'elsewhere'))).toEqual(['.tokensync-build.json', 'json/tokens.json']);
  const err = await run({ platform: ['css', 'flutter'] }, ctx).catch(
    (e: Error & { hint?: string }) => `${e.message}\nfix: ${e.hint}`,
  );
  expect(err).toMatchInlineSnapshot(`
    "--platform flutter: there is no such platform.
    fix: Use one or more of: css, scss, ts, json, ios, android, compose, tailwind, docs."
  `);
});

test('a repository with composites and wide-gamut colors in its token files builds them on every platform', async () => {
  const root = await project(fixtureVariables());
  const edit = async (file: string, add: Record<string, unknown>): Promise<void> => {
    const p = path.join(root, 'tokens', file);
    await writeFile(p, JSON.stringify({ ...(JSON.parse(await readFile(p, 'utf8')) as object), ...add }, null, 2));
  };
  const px = (value: number) => ({ value, unit: 'px' });
  await edit('primitives/value.tokens.json', {
    vivid: { $type: 'color', $value: { colorSpace: 'display-p3', components: [0.2, 0.4, 1] } },
    ease: { $type: 'cubicBezier', $value: [0.2, 0, 0, 1] },
  });
  const theme = (weight: number, y: number) => ({
    type: {
      $type: 'typography',
      $value: {
        fontFamily: '{font.family.sans}',
        fontSize: '{text.body}',
        fontWeight: weight,
        letterSpacing: px(0),
        lineHeight: 1.5,
      },
    },
    shadow: {
      $type: 'shadow',
      $value: [
        { color: '{color.scrim}', offsetX: px(0), offsetY: px(y), blur: px(2), spread: px(0) },
        { color: '{vivid}', offsetX: px(0), offsetY: px(0), blur: px(4), spread: px(0), inset: true },
      ],
    },
    fade: {
      $type: 'transition',
      $value: { duration: '{motion.fast}', delay: { value: 0, unit: 'ms' }, timingFunction: '{ease}' },
    },
  });
  await edit('theme/light.tokens.json', theme(400, 1));
  await edit('theme/dark.tokens.json', theme(300, 2));
  const { ctx, warnings } = context(root);
  expect(await run({}, ctx)).toBe(0);
  expect(warnings).toEqual([]);
  const out = async (p: string): Promise<string> => readFile(path.join(root, 'out', p), 'utf8');
  const css = await out('css/tokens.css');
  expect(css).toContain('  --type: 400 var(--text-body)/1.5 var(--font-family-sans);\n');
  expect(css).toContain('  --type-font-size: var(--text-body);\n');
  expect(css).toContain('  --shadow: 0px 1px 2px 0px var(--color-scrim), inset 0px 0px 4px 0px var(--vivid);\n');
  expect(css).toContain('  --fade: var(--motion-fast) var(--ease) 0ms;\n');
  expect(css).toContain(
    '@supports (color: color(display-p3 1 1 1)) {\n  :root {\n    --vivid: color(display-p3 0.2 0.4 1);\n',
  );
  expect(await out('ts/tokens.ts')).toContain(
    '  type: {"fontFamily":"Inter, system-ui, sans-serif","fontSize":"16px","fontWeight":400,"letterSpacing":"0px","lineHeight":1.5} as const satisfies TypographyToken,\n',
  );
  expect(await out('ios/ThemeDark.swift')).toContain(
    'public static let shadow = ShadowToken(layers: [ShadowLayer(color: UIColor(red: 0.000, green: 0.000, blue: 0.000, alpha: 0.8), offsetX: CGFloat(0), offsetY: CGFloat(2)',
  );
  expect(await out('ios/Primitives.swift')).toContain(
    'public static let vivid = UIColor(displayP3Red: 0.200, green: 0.400, blue: 1.000, alpha: 1)',
  );
  expect(await out('compose/ThemeLight.kt')).toContain(
    'val fade = TransitionToken(durationMillis = 150, delayMillis = 0, easing = CubicBezierEasing(0.2f, 0f, 0f, 1f))',
  );
  expect(await out('android/values-night/tokens.xml')).toContain('<style name="type">');
  expect(await out('tailwind/theme.css')).toContain('  --ease-ease: var(--ease);\n');
});
