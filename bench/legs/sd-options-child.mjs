/**
 * Child of bench/legs/waste.mjs: builds a project's tokens in process with tokensync's own
 * `buildTokens` (dist/build), either as it is ("before") or with Style Dictionary's `options`
 * getter kept from deep-cloning the inline token tree ("after"), and prints time and a hash of
 * every output file, so the two can be compared byte for byte.
 *
 * Why: StyleDictionary#options (style-dictionary/lib/StyleDictionary.js) returns
 * deepmerge({hooks}, this._options) on EVERY read, and formatFile reads it twice per output file.
 * tokensync passes its token tree inline (`new StyleDictionary({ tokens, ... })`), so `_options`
 * holds the whole multi-mode tree and every output file pays two deep clones of it. A plain Style
 * Dictionary build reads `source` files instead and never pays this.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [root, project, mode] = process.argv.slice(2);
const dist = (p) => import(pathToFileURL(path.join(root, 'dist', p)).href);
const { readTokens } = await dist('tokens/index.js');
const { buildTokens } = await dist('build/index.js');
const { loadConfig } = await dist('config/load.js');
const { config } = loadConfig({ cwd: project });

if (mode === 'after') {
  // The proposed fix, applied from outside: read the options without the inline tokens (Style
  // Dictionary already holds them as this.tokens after init), then hand the same tree back by reference.
  const { default: StyleDictionary } = await import(pathToFileURL(path.join(root, 'node_modules', 'style-dictionary', 'lib', 'StyleDictionary.js')).href);
  const desc = Object.getOwnPropertyDescriptor(StyleDictionary.prototype, 'options');
  Object.defineProperty(StyleDictionary.prototype, 'options', {
    configurable: true,
    set: desc.set,
    get() {
      const o = this._options;
      if (!o || !('tokens' in o)) return desc.get.call(this);
      const { tokens, ...rest } = o;
      this._options = rest;
      try {
        return { ...desc.get.call(this), tokens };
      } finally {
        this._options = o;
      }
    },
  });
}

const platforms = config.build.platforms.filter((p) => p !== 'tailwind' || process.env['BENCH_WITH_TAILWIND'] === '1');
const { set } = await readTokens(project, config.tokens);
const start = performance.now();
const out = await buildTokens(set, config.build, { platforms, remBase: config.tokens.remBase });
const ms = performance.now() - start;
const hash = createHash('sha256');
for (const [file, text] of out.files) hash.update(`${file}\0${text}\0`);
process.stdout.write(`${JSON.stringify({ ms, files: out.files.size, platforms, hash: hash.digest('hex') })}\n`);
