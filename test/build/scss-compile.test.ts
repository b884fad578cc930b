/**
 * The generated SCSS compiles with Sass (dart-sass, the reference implementation), and composites
 * come out as CSS: `_tokens.scss` keeps `$references` (composites after what they reference, a
 * typography's `size/line-height` a slash, not a division), and each mode file compiles alone.
 */
import { compileString } from 'sass';
import { describe, expect, test } from 'vitest';
import { buildTokens } from '../../src/codegen/index.js';
import { fixtureConfig, fixtureSet } from './fixture.js';

/** Every variable of a file, printed as custom properties of a probe rule. */
function compile(scss: string): string {
  const names = [...scss.matchAll(/^\$([\w-]+):/gm)].map((m) => m[1]!);
  const probe = `${scss}\n.probe {\n${names.map((n) => `  --${n}: #{$${n}};`).join('\n')}\n}\n`;
  return compileString(probe, { style: 'expanded' }).css;
}

describe('generated SCSS under Sass', async () => {
  const out = await buildTokens(fixtureSet(), fixtureConfig(), { platforms: ['scss'] });

  test('_tokens.scss compiles, references resolved by Sass to the default modes', () => {
    const css = compile(out.files.get('scss/_tokens.scss')!);
    expect(css).toContain('  --type-body: 400 16px/1.5 Inter, system-ui, sans-serif;\n');
    expect(css).toContain('  --type-lead: 400 16px/1.5 Inter, system-ui, sans-serif;\n');
    expect(css).toContain(
      '  --shadow-raised: 0px 1px 2px 0px rgba(0, 0, 0, 0.5), 0px 4px 8px -2px rgba(0, 0, 0, 0.1), 0px 12px 24px 0px rgba(0, 0, 0, 0.2);\n',
    );
    expect(css).toContain('  --border-focus: 2px dashed #2563eb;\n');
    expect(css).toContain('  --gradient-brand: linear-gradient(#2563eb 0%, #ff0000 33%, #ffffff 100%);\n');
    expect(css).toContain('  --transition-fade: 150ms cubic-bezier(0.2, 0, 0, 1) 0ms;\n');
  });

  test('each mode file compiles on its own', () => {
    const css = compile(out.files.get('scss/_theme-dark.scss')!);
    expect(css).toContain('  --type-body: 300 18px/1.6 Inter, system-ui, sans-serif;\n');
    expect(css).toContain('  --shadow-card: 0px 2px 6px 0px rgba(0, 0, 0, 0.8);\n');
  });
});
