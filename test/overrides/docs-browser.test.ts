/**
 * The docs page's context picker in a real browser (docs/build.md "Contexts"): headless Chromium
 * (test/helpers/browser.ts finds it) opens the generated page from file:// with `?mode=…&brand=…`
 * in its address, and every token's "Picked" value is the one the resolver gives that input (the
 * json permutation file of the same build, the resolution the ts and json tests check).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildTokens, writeBuild } from '../../src/codegen/index.js';
import { configSchema } from '../../src/config/schema.js';
import { findBrowser, missingBrowserMessage } from '../helpers/browser.js';
import { model } from '../conformance/harness.js';
import { DOCUMENTS } from './documents.js';

const run = promisify(execFile);
const CHROMIUM = findBrowser() ?? '';
let dir = '';
let profile = '';
let permutations: Map<string, string>;

beforeAll(async () => {
  if (!CHROMIUM) throw new Error(missingBrowserMessage());
  dir = await mkdtemp(path.join(tmpdir(), 'tokensync-docs-ctx-'));
  profile = await mkdtemp(path.join(tmpdir(), 'tokensync-chromium-'));
  const set = await model(DOCUMENTS['three axes: mode, brand, contrast']!);
  const permutationList = [{}, { mode: 'dark', brand: 'acme' }, { brand: 'acme', contrast: 'high' }, { mode: 'dark' }];
  // Selectors of other kinds the picker applies to the root, of one specificity so the cascade keeps
  // the resolution order: a single-quoted attribute, a class, a bare attribute value (docs/build.md "Contexts").
  const contexts = {
    mode: { dark: "[data-tone='night']" },
    brand: { acme: '.acme' },
    contrast: { high: '[data-contrast=high]' },
  };
  const config = configSchema.parse({
    build: { platforms: ['docs', 'json'], permutations: permutationList, contexts },
  }).build;
  const out = await buildTokens(set, config);
  await writeBuild(dir, out);
  permutations = out.files;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(profile, { recursive: true, force: true });
});

const QUERIES: [string, string][] = [
  ['', 'default'],
  ['mode=dark&brand=acme', 'mode-dark.brand-acme'],
  ['brand=acme&contrast=high', 'brand-acme.contrast-high'],
  ['mode=dark', 'mode-dark'],
];

/**
 * The page as Chromium renders it at each `?query`, in one Chromium run (a launch costs seconds of
 * CPU): a frame per query, each frame its own address, and the page around them prints each frame's
 * body when all have loaded (file:// frames can be read with --allow-file-access-from-files).
 */
async function renderQueries(): Promise<string[]> {
  const frames = QUERIES.map(([q]) => `<iframe src="index.html?${q}"></iframe>`).join('');
  const read = `[...document.querySelectorAll('iframe')].map((f) => f.contentDocument.body.innerHTML)`;
  const page = path.join(dir, 'docs', 'queries.html');
  await writeFile(
    page,
    `<!doctype html>${frames}<pre id="out"></pre><script>window.onload = () => { document.getElementById('out').textContent = JSON.stringify(${read}); };</script>`,
  );
  const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
  const { stdout } = await run(
    CHROMIUM,
    [...flags, `--user-data-dir=${profile}`, '--allow-file-access-from-files', '--dump-dom', pathToFileURL(page).href],
    { timeout: 25_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const out = /<pre id="out">([^<]*)<\/pre>/.exec(stdout)?.[1];
  if (!out) throw new Error(`no frames read in Chromium's DOM:\n${stdout.slice(0, 2000)}`);
  const text = out
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
  return JSON.parse(text) as string[];
}
let rendered: Promise<string[]> | undefined;

/** The page as Chromium renders it at `?query`: token name -> its "Picked" text. */
async function picked(query: string): Promise<Record<string, string>> {
  const html = (await (rendered ??= renderQueries()))[QUERIES.findIndex(([q]) => q === query)]!;
  const out: Record<string, string> = {};
  for (const row of html.split('<tr class="t">').slice(1)) {
    const name = /<code class="tn">([^<]+)<\/code>/.exec(row)?.[1];
    const value = /<td class="cur"[^>]*>.*?<code class="v">([^<]*)<\/code>/.exec(row)?.[1];
    if (name !== undefined) out[name] = value ?? '';
  }
  return out;
}

/** The json permutation file's values, flattened to slash paths. */
function expected(id: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: Record<string, unknown>, at: string[]): void => {
    for (const [k, v] of Object.entries(node))
      if (typeof v === 'object' && v !== null) walk(v as Record<string, unknown>, [...at, k]);
      else out[[...at, k].join('/')] = String(v);
  };
  walk(JSON.parse(permutations.get(`json/permutations/${id}.json`)!) as Record<string, unknown>, []);
  return out;
}

test.each(QUERIES)('?%s shows every token resolved in that input', async (query, id) => {
  const got = await picked(query);
  expect(Object.keys(got).length).toBeGreaterThan(8);
  expect(got).toEqual(expected(id));
});
