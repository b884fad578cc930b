/**
 * The generated CSS in a real browser (docs/build.md "Outputs"): Debian's headless Chromium loads
 * css/tokens.css, and the computed value of a token changes when the mode attribute changes, also through
 * an alias into another collection. The same run screenshots the docs page from file:// (no server) into
 * test-artifacts/build-docs.png. The file launches Chromium once and each test opens a page of its
 * own in it, over the DevTools protocol on a pipe (test/helpers/chromium.ts); test/helpers/browser.ts
 * finds the browser (or installs Debian's chromium).
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile } from 'tailwindcss';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTokens, writeBuild } from '../../src/codegen/index.js';
import { writeFileAtomic } from '../../src/fs/atomic.js';
import { fixtureConfig, fixtureSet } from './fixture.js';
import { findBrowser, missingBrowserMessage } from '../helpers/browser.js';
import { type Browser, launchChromium } from '../helpers/chromium.js';

const CHROMIUM = findBrowser() ?? '';
let dir = '';
let browser: Promise<Browser> | undefined;

/** Tailwind v4 utilities made from tailwind/theme.css (compiled in beforeAll), in both modes. */
const TAILWIND_PROBE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="tw.css"></head>
<body><div id="tw" class="shadow-card text-type-body ease-standard">Text</div><pre id="out"></pre>
<script>
  const root = document.documentElement;
  const read = () => {
    const s = getComputedStyle(document.getElementById('tw'));
    return { boxShadow: s.boxShadow, fontSize: s.fontSize, lineHeight: s.lineHeight, fontWeight: s.fontWeight, ease: s.transitionTimingFunction };
  };
  const result = { light: read() };
  root.setAttribute('data-theme', 'dark');
  result.dark = read();
  document.getElementById('out').textContent = JSON.stringify(result);
</script></body></html>`;

const PROBE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="css/tokens.css"></head>
<body><div id="probe" style="background-color: var(--color-bg); width: var(--space-gutter); height: 1px"></div>
<p id="type" style="font: var(--type-body); letter-spacing: var(--type-body-letter-spacing)">Text</p>
<div id="shadow" style="box-shadow: var(--shadow-card); border: var(--border-focus)"></div>
<div id="grad" style="background-image: var(--gradient-brand); transition: var(--transition-fade)"></div>
<div id="wide" style="color: var(--color-vivid-link)"></div>
<pre id="out"></pre>
<script>
  const root = document.documentElement;
  const probe = document.getElementById('probe');
  const read = () => ({
    bg: getComputedStyle(root).getPropertyValue('--color-bg').trim(),
    link: getComputedStyle(root).getPropertyValue('--color-link').trim(),
    probeBg: getComputedStyle(probe).backgroundColor,
    probeWidth: getComputedStyle(probe).width,
    greeting: getComputedStyle(root).getPropertyValue('--label-greeting').trim(),
  });
  // Composites and wide-gamut colors, as the elements that use them compute them.
  const css = (id, ...props) => Object.fromEntries(props.map((p) => [p, getComputedStyle(document.getElementById(id)).getPropertyValue(p)]));
  const composites = () => ({
    type: css('type', 'font-family', 'font-size', 'font-weight', 'line-height', 'letter-spacing'),
    shadow: css('shadow', 'box-shadow', 'border-top-style', 'border-top-width', 'border-top-color'),
    grad: css('grad', 'background-image', 'transition-duration', 'transition-timing-function', 'transition-delay'),
    wide: css('wide', 'color'),
  });
  const result = { initial: read(), composites: {} };
  result.composites.initial = composites();
  root.setAttribute('data-theme', 'dark');
  result.dark = read();
  result.composites.dark = composites();
  root.setAttribute('data-theme', 'light');
  result.light = read();
  result.composites.light = composites();
  document.getElementById('out').textContent = JSON.stringify(result);
</script></body></html>`;

type ProbeResult = Record<string, Record<string, unknown>>;

/** What a probe page left in its `#out`, read in a page of its own in the file's one Chromium. */
async function probe(page: string, colorScheme: 'light' | 'dark'): Promise<ProbeResult> {
  const tab = await (await browser!).page({ colorScheme });
  try {
    await tab.open(pathToFileURL(path.join(dir, page)).href);
    const out = await tab.evaluate<string>(`document.getElementById('out').textContent`);
    if (!out) throw new Error(`no probe result in ${page}`);
    return JSON.parse(out) as ProbeResult;
  } finally {
    await tab.close();
  }
}

/** The probe page in the light color scheme: the mode test and the composites test each check their own part. */
let lightProbe: Promise<ProbeResult> | undefined;
const probeLight = (): Promise<ProbeResult> => (lightProbe ??= probe('probe.html', 'light'));

/** Writes a PNG to test-artifacts/ and checks it is one, `width` wide, of more than `minBytes`. */
async function artifact(name: string, png: Buffer, width: number, minBytes: number): Promise<void> {
  const artifacts = path.resolve('test-artifacts');
  await mkdir(artifacts, { recursive: true });
  const file = path.join(artifacts, name);
  await writeFile(file, png);
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a'); // PNG signature
  expect(bytes.readUInt32BE(16)).toBe(width); // IHDR width: the whole viewport was drawn
  expect((await stat(file)).size).toBeGreaterThan(minBytes); // swatches and text, not a blank page
}

describe('generated CSS and docs in headless Chromium', () => {
  beforeAll(async () => {
    if (!CHROMIUM) throw new Error(missingBrowserMessage());
    // The launch goes on while the outputs are built; a test that needs a page waits for it.
    browser = launchChromium(CHROMIUM, ['--allow-file-access-from-files']);
    dir = await mkdtemp(path.join(tmpdir(), 'tokensync-browser-'));
    const out = await buildTokens(fixtureSet(), fixtureConfig(), { platforms: ['css', 'docs', 'tailwind'] });
    await writeBuild(dir, out);
    await writeFileAtomic(path.join(dir, 'probe.html'), PROBE);
    // Tailwind's own compiler, as its CLI runs it on `@import "tailwindcss"; @import "<our theme>";`.
    const files = new Map([...out.files].map(([p, c]) => [path.posix.join('/out', p), c]));
    const compiler = await compile('@import "tailwindcss";\n@import "./tailwind/theme.css";\n', {
      base: '/out',
      loadStylesheet: async (id: string, base: string) => {
        if (id === 'tailwindcss')
          return {
            path: '/tailwindcss/index.css',
            base: '/tailwindcss',
            content: await readFile(path.resolve('node_modules/tailwindcss/index.css'), 'utf8'),
          };
        const p = path.posix.resolve(base, id);
        return { path: p, base: path.posix.dirname(p), content: files.get(p) ?? '' };
      },
    });
    await writeFileAtomic(path.join(dir, 'tw.css'), compiler.build(['shadow-card', 'text-type-body', 'ease-standard']));
    await writeFileAtomic(path.join(dir, 'tw-probe.html'), TAILWIND_PROBE);
  });
  afterAll(async () => {
    await (await browser)?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a token follows the mode attribute, through aliases within and across collections', async () => {
    const { composites: _c, ...r } = await probeLight();
    expect(r).toEqual({
      initial: {
        bg: '#f9fafb',
        link: '#2563eb',
        probeBg: 'rgb(249, 250, 251)',
        probeWidth: '16px',
        greeting: `"Say \\"hi\\" & it's $5 <now>"`,
      },
      dark: {
        bg: '#111827',
        link: '#60a5fa',
        probeBg: 'rgb(17, 24, 39)',
        probeWidth: '24px',
        greeting: '"Good night"',
      },
      light: {
        bg: '#f9fafb',
        link: '#2563eb',
        probeBg: 'rgb(249, 250, 251)',
        probeWidth: '16px',
        greeting: `"Say \\"hi\\" & it's $5 <now>"`,
      },
    });
  });

  test('composites compute in the browser and follow the mode through their sub-value references; wide-gamut colors stay wide', async () => {
    const r = await probeLight();
    // Light: text/body is 16px through primitives; the shadow's first layer is color/scrim (50%);
    // the gradient's middle stop is display-p3 red at ratio/third; color/vivid is display-p3.
    const light = {
      type: {
        'font-family': 'Inter, system-ui, sans-serif',
        'font-size': '16px',
        'font-weight': '400',
        'line-height': '24px',
        'letter-spacing': 'normal',
      },
      shadow: {
        'box-shadow': 'rgba(0, 0, 0, 0.5) 0px 1px 2px 0px, rgba(0, 0, 0, 0.1) 0px 4px 8px -2px',
        'border-top-style': 'dashed',
        'border-top-width': '2px',
        'border-top-color': 'rgb(37, 99, 235)',
      },
      grad: {
        'background-image':
          'linear-gradient(rgb(37, 99, 235) 0%, color(display-p3 1 0 0) 33%, rgb(255, 255, 255) 100%)',
        'transition-duration': '0.15s',
        'transition-timing-function': 'cubic-bezier(0.2, 0, 0, 1)',
        'transition-delay': '0s',
      },
      wide: { color: 'color(display-p3 0.2 0.4 1)' },
    };
    // Dark: the sub-value references follow the mode (text/body 18px, color/scrim 80%, the accent),
    // and color/vivid is oklch.
    const dark = {
      type: {
        'font-family': 'Inter, system-ui, sans-serif',
        'font-size': '18px',
        'font-weight': '300',
        'line-height': '28.8px',
        'letter-spacing': '0.2px',
      },
      shadow: {
        'box-shadow': 'rgba(0, 0, 0, 0.8) 0px 2px 6px 0px',
        'border-top-style': 'dashed',
        'border-top-width': '2px',
        'border-top-color': 'rgb(96, 165, 250)',
      },
      grad: {
        'background-image': 'linear-gradient(rgb(96, 165, 250) 0%, oklch(0.7 0.15 250) 100%)',
        'transition-duration': '0.3s',
        'transition-timing-function': 'cubic-bezier(0.4, 0, 0.2, 1)',
        'transition-delay': '0.05s',
      },
      wide: { color: 'oklch(0.7 0.15 250)' },
    };
    expect(r['composites']).toEqual({ initial: light, dark, light });
  });

  test('Tailwind v4 utilities built from tailwind/theme.css follow the mode too', async () => {
    const r = await probe('tw-probe.html', 'light');
    // Tailwind's box-shadow stacks its (empty) inset, ring and ring-offset layers before ours.
    const none = 'rgba(0, 0, 0, 0) 0px 0px 0px 0px, '.repeat(4);
    expect(r).toEqual({
      light: {
        boxShadow: `${none}rgba(0, 0, 0, 0.5) 0px 1px 2px 0px, rgba(0, 0, 0, 0.1) 0px 4px 8px -2px`,
        fontSize: '16px',
        lineHeight: '24px',
        fontWeight: '400',
        ease: 'cubic-bezier(0.2, 0, 0, 1)',
      },
      dark: {
        boxShadow: `${none}rgba(0, 0, 0, 0.8) 0px 2px 6px 0px`,
        fontSize: '18px',
        lineHeight: '28.8px',
        fontWeight: '300',
        ease: 'cubic-bezier(0.2, 0, 0, 1)',
      },
    });
  });

  test('prefers-color-scheme: dark applies the dark mode, and an explicit light mode still wins', async () => {
    const r = await probe('probe.html', 'dark');
    expect(r['initial']?.['bg']).toBe('#111827');
    expect(r['dark']?.['bg']).toBe('#111827');
    expect(r['light']?.['bg']).toBe('#f9fafb');
  });

  test('the docs page renders from file:// and is saved as a screenshot artifact', async () => {
    // One page draws the screenshot and gives the DOM it built.
    const tab = await (await browser!).page({ size: { width: 1280, height: 4400 } });
    let stdout = '';
    try {
      await tab.open(pathToFileURL(path.join(dir, 'docs/index.html')).href);
      await artifact('build-docs.png', await tab.screenshot(), 1280, 20_000);
      stdout = await tab.evaluate<string>('document.documentElement.outerHTML');
    } finally {
      await tab.close();
    }
    // The DOM Chromium built: one row per token, modes side by side (one cell per token and mode),
    // and alias links pointing at existing cells.
    const rows = [...stdout.matchAll(/<tr class="t">/g)].length;
    const ids = new Set([...stdout.matchAll(/<td[^>]* id="(t-[^"]+)"/g)].map((m) => m[1]));
    const links = [...stdout.matchAll(/<a class="al" href="#(t-[^"]+)"/g)].map((m) => m[1]);
    expect(rows).toBe(45);
    expect(ids.size).toBe(70);
    // Composite previews: type specimens, shadow and border boxes, gradient swatches.
    expect(stdout).toMatch(/class="spec" style="font:400 16px\/1.5 Inter, system-ui, sans-serif"/);
    expect(stdout).toContain(
      'style="box-shadow:0px 1px 2px 0px rgba(0, 0, 0, 0.5), 0px 4px 8px -2px rgba(0, 0, 0, 0.1)"',
    );
    expect(stdout).toContain(
      'style="background-image:linear-gradient(#2563eb 0%, color(display-p3 1 0 0) 33%, #ffffff 100%)"',
    );
    expect(stdout).toContain('style="border:2px dashed #2563eb"');
    // A gradient's kind and angle (pulled paint styles, docs/styles.md) reach the swatch.
    expect(stdout).toContain(
      'style="background-image:radial-gradient(rgba(255, 255, 255, 0.8) 0%, rgba(255, 255, 255, 0) 100%)"',
    );
    expect(stdout).toContain('style="background-image:linear-gradient(90deg, #2563eb 0%, #ffffff 100%)"');
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !ids.has(l))).toEqual([]);
  });

  test('at 10,000 tokens the page stays usable: search filters, copy works, modes in columns; screenshot', async () => {
    const { generateTokenSet } = await import('../../bench/generate.mjs');
    const big = await mkdtemp(path.join(tmpdir(), 'tokensync-docs-10k-'));
    try {
      const set = generateTokenSet({ variables: 10_000, modes: 'mixed', seed: 5 });
      // The light/dark theme first, so the screenshot shows modes side by side and the dark column.
      set.collections.sort((a, b) => Number(b.modes.length === 2) - Number(a.modes.length === 2));
      const theme = set.collections[0]!.name;
      const total = set.variables.length + (set.tokens?.length ?? 0); // variables and repository-owned composites
      const inTheme =
        set.variables.filter((v) => v.collection === theme).length +
        (set.tokens ?? []).filter((t) => t.collection === theme).length;
      await writeBuild(
        big,
        await buildTokens(set, fixtureConfig({ modes: {} }), {
          platforms: ['docs'],
          source: { project: 'bench', fileKey: 'demo', version: '42' },
        }),
      );
      // One page: the screenshot, then, in the page's own browser, the title, the rows, a search
      // that narrows them, and the copy button.
      const tab = await (await browser!).page({ size: { width: 1280, height: 1600 } });
      let r: Record<string, unknown> = {};
      try {
        await tab.open(pathToFileURL(path.join(big, 'docs/index.html')).href);
        await artifact('build-docs-10k.png', await tab.screenshot(), 1280, 40_000);
        r = await tab.evaluate<Record<string, unknown>>(`(() => { const d = document;
          const rows = d.querySelectorAll('tr.t'); const q = d.getElementById('q');
          const firstName = rows[0].querySelector('.tn').textContent;
          q.value = firstName; q.dispatchEvent(new Event('input'));
          const shown = [...rows].filter((r) => !r.hidden).length;
          const copy = rows[0].querySelector('.cp').dataset.copy;
          const darkCells = d.querySelectorAll('td.dk').length;
          const modeColumns = Math.max(...[...d.querySelectorAll('thead tr')].map((r) => r.children.length - 1));
          return { title: d.title, rows: rows.length, shown, copy, darkCells, modeColumns, alphaNoise: /0\\.\\d{7,}/.test(d.body.innerText) }; })()`);
      } finally {
        await tab.close();
      }
      expect(r['title']).toBe('bench design tokens · design file demo v42');
      expect(r['rows']).toBe(total);
      expect(total).toBeGreaterThanOrEqual(10_000);
      expect(r['shown']).toBeGreaterThanOrEqual(1);
      expect(r['shown']).toBeLessThan(50);
      expect(r['copy']).toMatch(/^var\(--[a-z0-9-]+\)$/);
      expect(r['modeColumns']).toBe(4);
      expect(r['darkCells']).toBe(inTheme); // the theme's Dark column, previewed on a dark background
      expect(r['alphaNoise']).toBe(false);
    } finally {
      await rm(big, { recursive: true, force: true });
    }
  }, 180_000);
});
