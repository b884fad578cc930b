/**
 * The generated CSS in a real browser (issue 5 "Done when"): Debian's headless Chromium loads
 * css/tokens.css, and the computed value of a token changes when the mode attribute changes, also
 * through an alias into another collection. The same run screenshots the docs page from file:// (no
 * server) into test-artifacts/build-docs.png. Chromium is driven by its own command line (--dump-dom,
 * --screenshot), so no browser library is needed; test/helpers/browser.ts finds one (or installs Debian's chromium).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTokens, writeBuild } from '../../src/build/index.js';
import { writeFileAtomic } from '../../src/fs/atomic.js';
import { fixtureConfig, fixtureSet } from './fixture.js';
import { findBrowser, missingBrowserMessage } from '../helpers/browser.js';

const run = promisify(execFile);
const CHROMIUM = findBrowser() ?? '';
let dir = '';
let profile = '';

/** Flags from the machine notes: headless as root, and no background connections to a closed network. */
function flags(): string[] {
  return ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--hide-scrollbars', `--user-data-dir=${profile}`];
}

const PROBE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="css/tokens.css"></head>
<body><div id="probe" style="background-color: var(--color-bg); width: var(--space-gutter); height: 1px"></div><pre id="out"></pre>
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
  const result = { initial: read() };
  root.setAttribute('data-theme', 'dark');
  result.dark = read();
  root.setAttribute('data-theme', 'light');
  result.light = read();
  document.getElementById('out').textContent = JSON.stringify(result);
</script></body></html>`;

async function probe(extra: string[] = []): Promise<Record<string, Record<string, string>>> {
  const { stdout } = await run(CHROMIUM, [...flags(), ...extra, '--dump-dom', pathToFileURL(path.join(dir, 'probe.html')).href], { timeout: 25_000 });
  const m = /<pre id="out">([^<]*)<\/pre>/.exec(stdout);
  if (!m?.[1]) throw new Error(`no probe result in Chromium's DOM:\n${stdout.slice(0, 2000)}`);
  return JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')) as Record<string, Record<string, string>>;
}

describe('generated CSS and docs in headless Chromium', () => {
  beforeAll(async () => {
    if (!CHROMIUM) throw new Error(missingBrowserMessage());
    dir = await mkdtemp(path.join(tmpdir(), 'tokensync-browser-'));
    profile = await mkdtemp(path.join(tmpdir(), 'tokensync-chromium-'));
    await writeBuild(dir, await buildTokens(fixtureSet(), fixtureConfig(), { platforms: ['css', 'docs'] }));
    await writeFileAtomic(path.join(dir, 'probe.html'), PROBE);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(profile, { recursive: true, force: true });
  });

  test('a token follows the mode attribute, through aliases within and across collections', async () => {
    const r = await probe(['--blink-settings=preferredColorScheme=1']);
    expect(r).toEqual({
      initial: { bg: '#f9fafb', link: '#2563eb', probeBg: 'rgb(249, 250, 251)', probeWidth: '16px', greeting: `"Say \\"hi\\" & it's $5 <now>"` },
      dark: { bg: '#111827', link: '#60a5fa', probeBg: 'rgb(17, 24, 39)', probeWidth: '24px', greeting: '"Good night"' },
      light: { bg: '#f9fafb', link: '#2563eb', probeBg: 'rgb(249, 250, 251)', probeWidth: '16px', greeting: `"Say \\"hi\\" & it's $5 <now>"` },
    });
  });

  test('prefers-color-scheme: dark applies the dark mode, and an explicit light mode still wins', async () => {
    const r = await probe(['--blink-settings=preferredColorScheme=0']);
    expect(r['initial']?.['bg']).toBe('#111827');
    expect(r['dark']?.['bg']).toBe('#111827');
    expect(r['light']?.['bg']).toBe('#f9fafb');
  });

  test('the docs page renders from file:// and is saved as a screenshot artifact', async () => {
    const artifacts = path.resolve('test-artifacts');
    await mkdir(artifacts, { recursive: true });
    const png = path.join(artifacts, 'build-docs.png');
    await rm(png, { force: true });
    await run(CHROMIUM, [...flags(), '--window-size=1280,2400', `--screenshot=${png}`, pathToFileURL(path.join(dir, 'docs/index.html')).href], { timeout: 25_000 });
    const bytes = await readFile(png);
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a'); // PNG signature
    expect(bytes.readUInt32BE(16)).toBe(1280); // IHDR width: the whole window was drawn
    expect((await stat(png)).size).toBeGreaterThan(20_000); // swatches and text, not a blank page
    // The DOM Chromium built holds every row, with alias links pointing at existing rows.
    const { stdout } = await run(CHROMIUM, [...flags(), '--dump-dom', pathToFileURL(path.join(dir, 'docs/index.html')).href], { timeout: 25_000 });
    const ids = new Set([...stdout.matchAll(/<tr id="([^"]+)"/g)].map((m) => m[1]));
    const links = [...stdout.matchAll(/<a href="#(t-[^"]+)"/g)].map((m) => m[1]);
    expect(ids.size).toBe(33);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => !ids.has(l))).toEqual([]);
  });
});
