/**
 * Writes a benchmark project folder from a generated token set:
 * - `tokens/` through tokensync's own `renderTokens` + `writeFilesAtomic` (dist/tokens, built by
 *   `npm run build:ts`), so the files are exactly what tokensync reads and writes;
 * - `config/tokensync.yaml` (all platforms; the service block only when a service is given);
 * - `sd.config.json`: what a plain Style Dictionary 5 user would write for the same files. Style
 *   Dictionary has no modes, so it is given each collection's DEFAULT-mode file (every path then
 *   exists once, and aliases across collections resolve) and builds css (css/variables with
 *   outputReferences, as tokensync keeps references) and js (javascript/es6);
 * - `terrazzo.config.mjs`: Terrazzo 2 reads our `tokens.resolver.json` (a DTCG 2025.10 resolver
 *   document) as it is, so it is given that, and its css plugin builds every mode: `:root` for the
 *   defaults plus one permutation per non-default mode, limited to that collection's tokens (the
 *   same job as tokensync's css output).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

let app = ROOT;
/** Which tokensync writes the token files: the snapshot a run measures (bench/lib/snapshot.mjs). */
export function useApp(dir) {
  app = dir;
}

/** Lazily loads tokensync's built token-file writer (dist/, from `npm run build:ts`). */
async function tokensModule() {
  return import(pathToFileURL(path.join(app, 'dist', 'tokens', 'index.js')).href);
}

/** The same defaults as the config schema (src/config/schema.ts `tokens`). */
const TOKENS_CONFIG = { dir: 'tokens', namespace: 'none', rules: [], typesFromScopes: true, remBase: 16 };

/**
 * `config/tokensync.yaml`: every platform (the default), and the service block when one is given
 * (the token comes from env:DFS_TOKEN, never the file).
 * @param {string} dir
 * @param {{ url: string; fileKey: string; caFile: string } | undefined} service
 */
export function writeConfig(dir, service) {
  mkdirSync(path.join(dir, 'config'), { recursive: true });
  const block = service
    ? `service:\n  url: ${service.url}\n  fileKey: ${service.fileKey}\n  token: env:DFS_TOKEN\n  caFile: ${service.caFile}\n`
    : '';
  writeFileSync(
    path.join(dir, 'config', 'tokensync.yaml'),
    `${block}tokens:\n  dir: tokens\nbuild:\n  outDir: build\n`,
  );
}

/**
 * @param {string} dir  project folder (emptied first)
 * @param {import('../src/model/types.js').TokenSet | undefined} set  undefined: an empty tokens folder (a pull target)
 * @param {{ service?: { url: string; fileKey: string; caFile: string } }} [opts]
 */
export async function writeProject(dir, set, opts = {}) {
  rmSync(dir, { recursive: true, force: true });
  writeConfig(dir, opts.service);
  if (set === undefined) {
    mkdirSync(path.join(dir, 'tokens'));
    return;
  }
  const { renderTokens, writeFilesAtomic, layoutOf } = await tokensModule();
  await writeFilesAtomic(path.join(dir, 'tokens'), renderTokens(set, TOKENS_CONFIG));
  const ls = layoutOf(set);
  writeSdConfig(dir, ls);
  writeTerrazzoConfig(dir, set, ls);
}

/**
 * Default-mode file of every collection. File names come from tokensync's own layout (`layoutOf`),
 * so a change of slug rules in src/tokens cannot desynchronise the benchmark.
 */
function writeSdConfig(dir, ls) {
  {
    const source = ls.map((l) => `tokens/${l.files.get(l.collection.defaultMode)}`);
    const config = {
      source,
      log: { verbosity: 'silent', warnings: 'disabled' },
      platforms: {
        css: {
          transformGroup: 'css',
          buildPath: 'sd-out/',
          files: [{ destination: 'variables.css', format: 'css/variables', options: { outputReferences: true } }],
        },
        js: {
          transformGroup: 'js',
          buildPath: 'sd-out/',
          files: [{ destination: 'tokens.js', format: 'javascript/es6' }],
        },
      },
    };
    writeFileSync(path.join(dir, 'sd.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  }
}

function writeTerrazzoConfig(dir, set, ls) {
  {
    const permutations = [];
    for (const l of ls) {
      if (l.collection.modes.length < 2) continue;
      // Tokens of this collection: the first name segment is unique per collection (bench/generate.mjs).
      const prefixes = [
        ...new Set(set.variables.filter((v) => v.collection === l.collection.name).map((v) => v.name.split('/')[0])),
      ];
      for (const m of l.collection.modes) {
        if (m.name === l.collection.defaultMode) continue;
        const ctx = l.contexts.get(m.name);
        permutations.push(
          `    { input: { ${JSON.stringify(l.slug)}: ${JSON.stringify(ctx)} }, include: ${JSON.stringify(prefixes.map((p) => `${p}.**`))}, prepare: (c) => \`[data-${l.slug}="${ctx}"] {\\n\${c}\\n}\` },`,
        );
      }
    }
    const text = `// Written by bench/project.mjs: Terrazzo 2 with its css plugin, every mode (see bench/project.mjs).
import { defineConfig } from '@terrazzo/cli';
import css from '@terrazzo/plugin-css';

export default defineConfig({
  tokens: ['./tokens/tokens.resolver.json'],
  outDir: './tz-out/',
  plugins: [
    css({
      filename: 'tokens.css',
      permutations: [
    { input: {}, prepare: (c) => \`:root {\\n\${c}\\n}\` },
${permutations.join('\n')}
      ],
    }),
  ],
});
`;
    writeFileSync(path.join(dir, 'terrazzo.config.mjs'), text);
  }
}
