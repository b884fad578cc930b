/**
 * Pure printing rules of the renderers (src/types/<type>.ts `render`, src/types/render/units.ts): the
 * short alpha every platform prints (docs/build.md "Colors: wide gamut and alpha"), and each DTCG color
 * space in CSS Color 4 syntax (format's Color module "Supported Color spaces" -> CSS `color()` / its own
 * function).
 */
import { describe, expect, test } from 'vitest';
import { alpha } from '../../src/types/render/units.js';
import type { Color } from '../../src/model/types.js';
import { cssSrgb, cssWide, swiftColor } from '../../src/types/color.js';

describe('alpha', () => {
  test('is the shortest decimal (at most 3 places) that gives back the same 8-bit value, for all 256', () => {
    for (let k = 0; k <= 255; k++) {
      const s = alpha(k / 255);
      expect(Math.round(Number(s) * 255), `${k} -> ${s}`).toBe(k);
      expect(s.split('.')[1]?.length ?? 0, s).toBeLessThanOrEqual(3);
    }
  });

  test('prints what a designer typed', () => {
    expect([128, 26, 51, 204, 255, 0, 1].map((k) => alpha(k / 255))).toEqual([
      '0.5',
      '0.1',
      '0.2',
      '0.8',
      '1',
      '0',
      '0.004',
    ]);
  });
});

describe('colors', () => {
  const c = (colorSpace: string, components: (number | 'none')[], a = 1): Color => ({
    r: 0.5,
    g: 0.25,
    b: 1,
    a,
    source: { colorSpace, components, ...(a < 1 ? { alpha: a } : {}) },
  });

  test('each wide-gamut space prints in its CSS syntax, alpha and "none" kept', () => {
    expect(cssWide(c('display-p3', [0.2, 0.4, 1]))).toBe('color(display-p3 0.2 0.4 1)');
    expect(cssWide(c('display-p3', [0.2, 0.4, 1], 128 / 255))).toBe('color(display-p3 0.2 0.4 1 / 0.5)');
    for (const space of ['srgb-linear', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz-d65', 'xyz-d50'])
      expect(cssWide(c(space, [0.1, 0.2, 0.3]))).toBe(`color(${space} 0.1 0.2 0.3)`);
    expect(cssWide(c('oklch', [0.7, 0.15, 'none']))).toBe('oklch(0.7 0.15 none)');
    expect(cssWide(c('oklab', [0.7, -0.1, 0.1]))).toBe('oklab(0.7 -0.1 0.1)');
    expect(cssWide(c('lab', [50, 20, -30]))).toBe('lab(50 20 -30)');
    expect(cssWide(c('lch', [50, 30, 270]))).toBe('lch(50 30 270)');
  });

  test('sRGB-only spaces are plain hex: their sRGB value says it all', () => {
    for (const space of ['srgb', 'hsl', 'hwb']) expect(cssWide(c(space, [1, 2, 3]))).toBeUndefined();
    expect(cssSrgb(c('hsl', [1, 2, 3]))).toBe('#8040ff');
    expect(cssSrgb({ r: 0, g: 0, b: 0, a: 128 / 255 })).toBe('rgba(0, 0, 0, 0.5)');
  });

  test('Swift keeps display-p3, and prints every other space in sRGB', () => {
    expect(swiftColor(c('display-p3', [0.2, 0.4, 1]))).toBe(
      'UIColor(displayP3Red: 0.200, green: 0.400, blue: 1.000, alpha: 1)',
    );
    expect(swiftColor(c('oklch', [0.7, 0.15, 250]))).toBe('UIColor(red: 0.502, green: 0.251, blue: 1.000, alpha: 1)');
  });
});
