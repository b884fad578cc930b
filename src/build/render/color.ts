/**
 * color (format §8.1, color module). The model keeps the sRGB conversion (r/g/b/a) and, for a
 * color written in another space, its `source` (model/types.ts). CSS keeps the source where the
 * browser can show it (`color(display-p3 …)`, `oklch(…)`, formats/css.ts adds the sRGB fallback);
 * Swift keeps display-p3 (`UIColor(displayP3Red:…)`); every other platform gets sRGB.
 */
import type { Color, ColorSource } from '../../model/types.js';
import type { TypeRender } from './context.js';
import { alpha, num } from './units.js';

const byte = (n: number): number => Math.round((n < 0 ? 0 : n > 1 ? 1 : n) * 255);
const hex2 = (n: number): string => byte(n).toString(16).padStart(2, '0');

/** `#rrggbb` when opaque, else `rgba(r, g, b, a)` with a short alpha (units.ts `alpha`). */
export function cssSrgb(c: Color): string {
  if (byte(c.a) === 255) return `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;
  return `rgba(${byte(c.r)}, ${byte(c.g)}, ${byte(c.b)}, ${alpha(c.a)})`;
}

/** CSS Color 4 spaces printed with `color()` (same names in DTCG and CSS). */
const COLOR_FN = new Set(['display-p3', 'srgb-linear', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz-d65', 'xyz-d50', 'xyz']);
/** Spaces with their own CSS function. */
const OWN_FN = new Set(['lab', 'lch', 'oklab', 'oklch']);

/** The CSS function a wide-gamut source prints with, for `@supports`; undefined for sRGB-only spaces. */
export function wideFunction(source: ColorSource | undefined): string | undefined {
  if (source === undefined) return undefined;
  if (COLOR_FN.has(source.colorSpace)) return 'color';
  if (OWN_FN.has(source.colorSpace)) return source.colorSpace;
  return undefined; // srgb, hsl, hwb: the hex says it all
}

/** The `@supports` test of each wide function. */
export const SUPPORTS: Record<string, string> = {
  color: '(color: color(display-p3 1 1 1))',
  lab: '(color: lab(0 0 0))',
  lch: '(color: lch(0 0 0))',
  oklab: '(color: oklab(0 0 0))',
  oklch: '(color: oklch(0 0 0))',
};

/** The source in CSS Color 4 syntax, or undefined when it is plain sRGB. */
export function cssWide(c: Color): string | undefined {
  const fn = wideFunction(c.source);
  if (fn === undefined) return undefined;
  const s = c.source!;
  const parts = s.components.map((x) => (x === 'none' ? 'none' : num(x))).join(' ');
  const a = s.alpha !== undefined && s.alpha < 1 ? ` / ${alpha(s.alpha)}` : '';
  const space = s.colorSpace === 'xyz' ? 'xyz-d65' : s.colorSpace;
  return fn === 'color' ? `color(${space} ${parts}${a})` : `${fn}(${parts}${a})`;
}

export function swiftColor(c: Color): string {
  const s = c.source;
  if (s?.colorSpace === 'display-p3' && s.components.every((x) => typeof x === 'number')) {
    const [r, g, b] = s.components as number[];
    return `UIColor(displayP3Red: ${r!.toFixed(3)}, green: ${g!.toFixed(3)}, blue: ${b!.toFixed(3)}, alpha: ${alpha(s.alpha ?? 1)})`;
  }
  return `UIColor(red: ${(byte(c.r) / 255).toFixed(3)}, green: ${(byte(c.g) / 255).toFixed(3)}, blue: ${(byte(c.b) / 255).toFixed(3)}, alpha: ${alpha(c.a)})`;
}

/** `#aarrggbb` (Android's order). */
export const androidColor = (c: Color): string => `#${hex2(c.a)}${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;
export const composeColor = (c: Color): string => `Color(0x${hex2(c.a)}${hex2(c.r)}${hex2(c.g)}${hex2(c.b)})`;

export const colorRender: TypeRender<Color> = {
  css: (c, ctx) => (ctx.wide ? (cssWide(c) ?? cssSrgb(c)) : cssSrgb(c)),
  js: (c) => cssSrgb(c),
  swift: (c) => swiftColor(c),
  android: (c) => [{ tag: 'color', suffix: [], value: androidColor(c) }],
  compose: (c) => composeColor(c),
  docs: (css) => `<span class="chk"><span class="sw" style="background:${css}"></span></span>`,
};
