/**
 * tailwind/theme.css under Tailwind CSS v4 itself (its `compile` API, the engine of the CLI and the Vite
 * plugin): the theme variables become utilities, composites included: `shadow-*` and `inset-shadow-*`
 * from shadows, `text-*` from a typography with its line height, letter spacing and weight, `ease-*` from
 * a cubicBezier, and they read our tokens.css variables, so they follow the modes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compile } from 'tailwindcss';
import { describe, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

describe('tailwind/theme.css under Tailwind v4', async () => {
  const out = await buildTokens(fixtureSet(), fixtureConfig(), { platforms: ['css', 'tailwind'] });
  const files = new Map([...out.files].map(([p, c]) => [path.posix.join('/out', p), c]));
  // What a user writes: Tailwind itself, then our theme (which imports tokens.css).
  const compiler = await compile('@import "tailwindcss";\n@import "./tailwind/theme.css";\n', {
    base: '/out',
    loadStylesheet: async (id: string, base: string) => {
      if (id === 'tailwindcss')
        return {
          path: '/tailwindcss/index.css',
          base: '/tailwindcss',
          content: readFileSync(path.resolve('node_modules/tailwindcss/index.css'), 'utf8'),
        };
      const p = path.posix.resolve(base, id);
      const content = files.get(p);
      if (content === undefined) throw new Error(`no stylesheet ${p}`);
      return { path: p, base: path.posix.dirname(p), content };
    },
  });
  const css = compiler.build([
    'bg-bg',
    'shadow-card',
    'inset-shadow-well',
    'text-type-body',
    'ease-standard',
    'font-serif',
    'text-body',
    'rounded-md',
  ]);

  test('composites become utilities that read our variables, so they follow the modes', () => {
    // Not the default mode's layers inlined (Tailwind parses a literal shadow theme value).
    expect(css).toMatch(/\.shadow-card \{\s*--tw-shadow: var\(--shadow-card\);/);
    expect(css).toMatch(/\.inset-shadow-well \{\s*--tw-inset-shadow: var\(--shadow-well\);/);
    expect(css).toMatch(
      /\.text-type-body \{\s*font-size: var\(--type-body-font-size\);\s*line-height: var\(--tw-leading, var\(--type-body-line-height\)\);\s*letter-spacing: var\(--tw-tracking, var\(--type-body-letter-spacing\)\);\s*font-weight: var\(--tw-font-weight, var\(--type-body-font-weight\)\);/,
    );
    expect(css).toMatch(/\.ease-standard \{[^}]*transition-timing-function: var\(--ease-standard\)/);
  });

  test('tokens.css comes after the theme layer, unlayered, so our values win in every mode', () => {
    expect(css.indexOf('@layer theme {')).toBeGreaterThan(-1);
    expect(css).toMatch(/@layer theme \{[^@]*--shadow-card: var\(--shadow-card\);/);
    expect(css.lastIndexOf('--shadow-card: 0px 1px 2px 0px var(--color-scrim)')).toBeGreaterThan(
      css.indexOf('@layer utilities {'),
    );
    expect(css).toMatch(/\n\[data-theme="dark"\] \{\n[^}]*--shadow-card: 0px 2px 6px 0px var\(--color-scrim\);/);
  });

  test('the variables-backed namespaces still work beside them', () => {
    expect(css).toMatch(/\.bg-bg \{\s*background-color: var\(--color-bg\);/);
    expect(css).toMatch(/\.font-serif \{\s*font-family: var\(--font-family-serif\);/);
    expect(css).toMatch(/\.rounded-md \{\s*border-radius: var\(--radius-md\);/);
  });
});
