/**
 * The values `tokensync import tokens-studio` computes (math, color modifiers, `rgba(#hex, a)`) are
 * the values `@tokens-studio/sd-transforms` gives for the same tokens through Style Dictionary 5
 * (docs/migration.md "Math and color modifiers"), on the library's own MIT-licensed test tokens
 * (test/fixtures/migrate/sd-transforms/README.md). The import runs through the real CLI, then
 * `check` and `build`; Style Dictionary runs here, on the source file.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from '@tokens-studio/sd-transforms';
import Color from 'colorjs.io';
import StyleDictionary from 'style-dictionary';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/migrate/sd-transforms/', import.meta.url));
register(StyleDictionary);

/** Path -> value after sd-transforms' math, size, color-modifier and hex-rgba transforms. */
async function sdValues(file: string): Promise<Map<string, unknown>> {
  const sd = new StyleDictionary({
    source: [file],
    preprocessors: ['tokens-studio'],
    log: { verbosity: 'silent', warnings: 'disabled' },
    platforms: {
      js: {
        transforms: [
          'ts/resolveMath',
          'ts/size/px',
          'ts/typography/fontWeight',
          'ts/color/modifiers',
          'ts/color/css/hexrgba',
          'name/camel',
        ],
      },
    },
  });
  const dict = await sd.getPlatformTokens('js');
  return new Map(dict.allTokens.map((t) => [t.path.join('.'), t.$value ?? t.value]));
}

const hex8 = (css: string): string => new Color(css).to('srgb').toString({ format: 'hex', collapse: false });

/** A DTCG value of ours in the form Style Dictionary prints it, for comparison. */
function comparable(ours: unknown, theirs: unknown): [unknown, unknown] {
  if (typeof ours === 'object' && ours !== null && 'components' in ours) {
    const c = ours as { components: number[]; alpha?: number };
    const css = `color(srgb ${c.components.join(' ')} / ${c.alpha ?? 1})`;
    return [hex8(css), hex8(String(theirs))];
  }
  if (typeof ours === 'object' && ours !== null && 'unit' in ours) {
    const d = ours as { value: number; unit: string };
    // Style Dictionary leaves a zero unitless; tokensync writes it as 0px.
    return [`${d.value}${d.unit}`, String(theirs).replace(/^(-?[\d.]+)$/, '$1px')];
  }
  if (typeof ours === 'number') return [ours, Number(theirs)];
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    const pairs = ours.map((o, i) => comparable(o, theirs[i]));
    return [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
  }
  if (typeof ours === 'object' && ours !== null && typeof theirs === 'object' && theirs !== null) {
    // Tokens Studio's shadow `x`/`y` are DTCG's `offsetX`/`offsetY`.
    const their = (k: string): string => ({ offsetX: 'x', offsetY: 'y' })[k] ?? k;
    const keys = Object.keys(ours).filter((k) => their(k) in theirs);
    const pairs = keys.map((k) => comparable((ours as any)[k], (theirs as any)[their(k)]));
    return [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
  }
  return [ours, theirs];
}

function tokenAt(doc: any, dotted: string): any {
  return dotted.split('.').reduce((node, seg) => node?.[seg], doc);
}

describe.each([
  'color-modifier-references.tokens.json',
  'sd-transforms.tokens.json',
  'math-in-complex-values.tokens.json',
])('import tokens-studio %s', (name) => {
  it('checks clean, builds, and every computed value is what sd-transforms gives', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tokensync-migrate-'));
    mkdirSync(path.join(root, 'config'));
    writeFileSync(path.join(root, 'config', 'tokensync.yaml'), 'tokens:\n  dir: tokens\n');
    mkdirSync(path.join(root, 'legacy'));
    cpSync(path.join(FIXTURES, name), path.join(root, 'legacy', name));
    const imported = await runCli(['--json', 'import', 'tokens-studio', 'legacy'], { cwd: root });
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    const report = JSON.parse(imported.stdout);
    expect((await runCli(['check'], { cwd: root })).code).toBe(0);
    expect((await runCli(['build'], { cwd: root })).code).toBe(0);

    const theirs = await sdValues(path.join(root, 'legacy', name));
    const file = report.written.find((f: string) => f.endsWith('.tokens.json'));
    const doc = JSON.parse(readFileSync(path.join(root, 'tokens', file), 'utf8'));
    const paths = [...new Set<string>(report.resolved.map((l: { path: string }) => l.path))];
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      const [a, b] = comparable(tokenAt(doc, p).$value, theirs.get(p));
      expect(a, p).toEqual(b);
    }
  }, 120_000); // several CLI runs on a shared 2-core machine
});
