/**
 * Styles through to the browser (docs/styles.md): pull styles bound to variables from the local service,
 * build them with the real CLI, and check in Debian's headless Chromium that a text style's computed font
 * and a shadow style's computed box-shadow change with the mode. Chromium is driven by its command line
 * (--dump-dom), as in test/build/browser.test.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_FLAGS } from '../helpers/chromium.js';
import { runCli } from '../helpers/cli.js';
import { startTestEmulator, type TestEmulator } from '../helpers/emulator.js';
import { createProject, type TestProject } from '../helpers/project.js';
import { designer } from '../styles/designer.js';

const exec = promisify(execFile);
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? 'chromium';

let emu: TestEmulator;
let project: TestProject;
let profile = '';

const run = (...args: string[]) => runCli(args, { cwd: project.root, env: project.env });

beforeAll(async () => {
  emu = await startTestEmulator();
  profile = await mkdtemp(path.join(tmpdir(), 'tokensync-chromium-'));
  // The designer makes the body font differ by mode (semantic font/body: Georgia in Dark) and adds
  // a text style whose size is bound to a mode-dependent variable (semantic space/inset: 16 / 8 px).
  const vars = (await emu.call('GET', `/v1/files/${emu.fileKey}/variables/local`)).json.meta;
  const semantic = Object.values(
    vars.variableCollections as Record<string, { id: string; name: string; modes: { modeId: string; name: string }[] }>,
  ).find((c) => c.name === 'semantic')!;
  const dark = semantic.modes.find((m) => m.name === 'Dark')!.modeId;
  const idOf = (name: string): string =>
    Object.entries(vars.variables as Record<string, { name: string; variableCollectionId: string }>).find(
      ([, v]) => v.name === name && v.variableCollectionId === semantic.id,
    )![0];
  const put = await emu.call('PUT', `/v1/files/${emu.fileKey}/variables`, {
    body: {
      variables: [
        { action: 'UPDATE', id: idOf('font/body'), variableModeValues: [{ modeId: dark, value: 'Georgia' }] },
      ],
    },
  });
  expect(put.status).toBe(200);
  await designer(emu).add({
    style_type: 'TEXT',
    name: 'Body/Adaptive',
    description: 'Body text that shrinks in the dark mode',
    fields: {
      style: {
        fontFamily: 'Inter',
        fontWeight: 500,
        fontSize: 16,
        letterSpacing: 0,
        lineHeightPx: 24,
        lineHeightUnit: 'PIXELS',
        boundVariables: {
          fontFamily: { type: 'VARIABLE_ALIAS', id: idOf('font/body') },
          fontSize: { type: 'VARIABLE_ALIAS', id: idOf('space/inset') },
        },
      },
    },
  });

  project = createProject(emu, 'styles:\n  pull: true\n');
  const pulled = await run('pull');
  expect(pulled.code).toBe(0);
  const built = await run('build');
  expect(built.stderr).toBe('');
  expect(built.code).toBe(0);
});
afterAll(async () => {
  await emu.close();
  await rm(profile, { recursive: true, force: true });
});

const PROBE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="build/css/tokens.css"></head>
<body>
<p id="body" style="font: var(--typography-body-regular)">Body</p>
<p id="adaptive" style="font: var(--typography-body-adaptive)">Adaptive</p>
<div id="ring" style="box-shadow: var(--shadow-focus-ring)"></div>
<div id="card" style="box-shadow: var(--shadow-elevation-card)"></div>
<div id="surface" style="background-color: var(--paint-surface-default)"></div>
<div id="brand" style="background-image: var(--paint-brand-gradient)"></div>
<div id="spotlight" style="background-image: var(--paint-spotlight)"></div>
<pre id="out"></pre>
<script>
  const css = (id, p) => getComputedStyle(document.getElementById(id)).getPropertyValue(p);
  const read = () => ({
    body: css('body', 'font-family'),
    adaptive: [css('adaptive', 'font-family'), css('adaptive', 'font-size'), css('adaptive', 'font-weight')].join(' / '),
    ring: css('ring', 'box-shadow'),
    card: css('card', 'box-shadow'),
    surface: css('surface', 'background-color'),
    brand: css('brand', 'background-image'),
    spotlight: css('spotlight', 'background-image'),
  });
  // The mode goes on the root element, where the composite custom properties are computed.
  const root = document.documentElement;
  const out = { light: read() };
  root.setAttribute('data-semantic', 'dark');
  out.dark = read();
  root.setAttribute('data-semantic', 'light');
  out.back = read();
  document.getElementById('out').textContent = JSON.stringify(out);
</script></body></html>`;

describe('styles in the browser', () => {
  it("a text style's font and a shadow style's box-shadow follow the mode through their bound variables; a paint style's gradient keeps its kind and angle", async () => {
    await writeFile(path.join(project.root, 'probe.html'), PROBE);
    const { stdout } = await exec(
      CHROMIUM,
      [
        ...HEADLESS_FLAGS,
        `--user-data-dir=${profile}`,
        '--dump-dom',
        pathToFileURL(path.join(project.root, 'probe.html')).href,
      ],
      { timeout: 25_000 },
    );
    const m = /<pre id="out">([^<]*)<\/pre>/.exec(stdout);
    expect(m?.[1]).toBeDefined();
    const r = JSON.parse(m![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    const light = {
      body: 'Inter',
      adaptive: 'Inter / 16px / 500',
      ring: 'rgb(37, 99, 235) 0px 0px 0px 3px',
      card: 'rgba(0, 0, 0, 0.05) 0px 1px 2px 0px, rgba(0, 0, 0, 0.5) 0px 4px 8px -2px',
      surface: 'rgb(255, 255, 255)',
      // A linear paint keeps its direction (left to right) and a radial one its kind ($extensions).
      brand: 'linear-gradient(90deg, rgb(37, 99, 235) 0%, rgb(96, 165, 250) 100%)',
      // Its centre and radii (a centred 50% ellipse; Chromium drops the default "at 50% 50%").
      spotlight: 'radial-gradient(50% 50%, rgba(255, 255, 255, 0.8) 0%, rgba(255, 255, 255, 0) 100%)',
    };
    expect(r).toEqual({
      light,
      dark: {
        body: 'Georgia',
        adaptive: 'Georgia / 8px / 500',
        ring: 'rgb(96, 165, 250) 0px 0px 0px 3px',
        card: light.card,
        surface: 'rgb(17, 24, 39)',
        brand: light.brand,
        spotlight: light.spotlight,
      },
      back: light,
    });
  });

  it('builds the style tokens on every platform (all nine build) and previews them on the docs page', async () => {
    const docs = await readFile(path.join(project.root, 'build/docs/index.html'), 'utf8');
    // A specimen per text style and a preview per effect style, at the default mode's values.
    for (const font of ['400 16px/1.5 Inter', '700 32px/1.2 Inter', '400 12px/1.25 Inter', '500 16px/1.5 Inter'])
      expect(docs).toContain(`class="spec" style="font:${font}"`);
    for (const shadow of ['0px 0px 0px 3px #2563eb', 'inset 0px 2px 4px 0px rgba(0, 0, 0, 0.1)'])
      expect(docs).toContain(`style="box-shadow:${shadow}"`);
    const ts = await readFile(path.join(project.root, 'build/ts/tokens.ts'), 'utf8');
    expect(ts).toContain('typography');
    const swift = await readFile(path.join(project.root, 'build/ios/TextStyles.swift'), 'utf8');
    expect(swift).toContain('TypographyToken(');
    const effects = await readFile(path.join(project.root, 'build/ios/EffectStyles.swift'), 'utf8');
    expect(effects).toContain('ShadowToken(');
    const compose = await readFile(path.join(project.root, 'build/compose/TextStyles.kt'), 'utf8');
    expect(compose).toContain('TypographyToken(');
    // A paint style's gradient kind and angle where the platform has them.
    const paints = await readFile(path.join(project.root, 'build/ios/PaintStyles.swift'), 'utf8');
    // A radial one keeps its size (and its centre when not the box's) as the style gives them.
    expect(paints).toMatch(
      /paintSpotlight = GradientToken\(stops: \[.*\], radial: true, radii: CGSize\(width: 0\.5, height: 0\.5\)\)/,
    );
    expect(paints).toMatch(/paintBrandGradient = GradientToken\(stops: \[.*\], angle: 90\)/);
    const android = await readFile(path.join(project.root, 'build/android/values/tokens.xml'), 'utf8');
    expect(android).toMatch(/<string name="[^"]*spotlight_type">radial<\/string>/);
    expect(android).toMatch(/<style name="[^"]*typography[^"]*body[^"]*regular/i);
    // Grid styles are groups; each grid's parts build as tokens (src/styles/grid-tokens.ts).
    const grids = readFileSync(path.join(project.root, 'build/ios/GridStyles.swift'), 'utf8');
    expect(grids).toMatch(/gridLayout12ColumnsCount = CGFloat\(12\)/);
    expect(grids).toMatch(/gridLayout8PxGridSectionSize = CGFloat\(8\)/);
  });
});
