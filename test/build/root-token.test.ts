/**
 * A `$root` token (format groups.md "Root Tokens in Groups") passes `check`, so it must build: Figma
 * SDS as published in dtcg-examples has them (test/realworld/). It is built as the segment `root`,
 * on every platform, and an alias to it follows.
 */
import { expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { model } from '../conformance/harness.js';
import { fixtureConfig } from './fixture.js';

const srgb = (r: number, g: number, b: number) => ({ colorSpace: 'srgb', components: [r, g, b] });

test('a $root token and an alias to it build on every platform', async () => {
  const set = await model({
    'a.tokens.json': {
      color: {
        $type: 'color',
        accent: { $root: { $value: srgb(1, 0, 0) }, light: { $value: srgb(1, 0.5, 0.5) } },
        link: { $value: '{color.accent.$root}' },
      },
    },
  });
  const out = await buildTokens(set, fixtureConfig({ modes: {} }), {});
  expect(out.warnings).toEqual([]);
  const css = out.files.get('css/tokens.css') ?? '';
  expect(css).toContain('  --color-accent-root: #ff0000;\n');
  expect(css).toContain('  --color-link: var(--color-accent-root);\n');
  expect(out.files.get('ts/tokens.ts')).toContain('colorAccentRoot');
  expect([...out.files.keys()].length).toBeGreaterThanOrEqual(9);
});
