/**
 * `color` (format §8.1; Color module "Format" and "Supported Color spaces"). Every color space of
 * the spec is read, with its component ranges and the `none` keyword; the model keeps sRGB r,g,b,a
 * (what the design file holds and what equality compares, by 8-bit hex) and, for any other space,
 * the color as written in `source`, which the token files and the build keep.
 *
 * A `"#rrggbb"` string is read too (the pre-2025.10 form most existing files use); tokensync
 * writes the object form.
 */
import { COLOR_SPACES, toSrgb } from '../model/color-spaces.js';
import type { Color, ColorSource } from '../model/types.js';
import { colorToHex, colorToHex8, hexToColor } from '../model/values.js';
import { canon, checkObject, didYouMean, enc, isNum, show } from './common.js';
import type { ParseContext, SubPath, TypeModule } from './module.js';

const HINT =
  'Write the color as { "colorSpace": "srgb", "components": [r, g, b], "alpha": a, "hex": "#rrggbb" } with r, g, b, a in 0..1, or as a hex string "#rrggbb".';
const EXAMPLE = '{ "colorSpace": "srgb", "components": [1, 0, 0.5] }';

/**
 * A component's 8-bit value, as in colorToHex (model/values.ts): comparing these is comparing the two
 * `#rrggbb` strings without building them for every color token.
 */
const byte = (n: number): number => Math.round((n < 0 ? 0 : Math.min(n, 1)) * 255);
const inUnit = (n: number): boolean => n >= 0 && n <= 1;
/** One presentation object for every color variable (kinds are never mutated; fewer allocations at 10k). */
const COLOR_KIND = { type: 'color' } as const;

function parse(raw: unknown, ctx: ParseContext, path: SubPath = []): Color | undefined {
  if (typeof raw === 'string') {
    const c = hexToColor(raw);
    if (!c) ctx.report(path, `"${raw}" is not a hex color`, HINT);
    return c;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    ctx.report(path, `a color token needs a color object, not ${show(raw)}`, HINT);
    return undefined;
  }
  const { colorSpace, components, alpha, hex } = raw as {
    colorSpace?: unknown;
    components?: unknown;
    alpha?: unknown;
    hex?: unknown;
  };
  for (const k in raw) {
    if (k === 'colorSpace' || k === 'components' || k === 'alpha' || k === 'hex') continue;
    checkObject(raw, ctx, path, 'a color', ['colorSpace', 'components'], ['alpha', 'hex'], EXAMPLE);
    return undefined;
  }
  if (alpha !== undefined && (!isNum(alpha) || alpha < 0 || alpha > 1)) {
    ctx.report([...path, 'alpha'], `the color's alpha must be a number in 0..1, not ${show(alpha)}`, HINT);
    return undefined;
  }
  const a = alpha ?? 1;
  // The common case first, without a callback per component (this runs for every color token: docs/benchmarks.md).
  if (colorSpace === 'srgb' && Array.isArray(components) && components.length === 3) {
    // Index access, not destructuring (the iterator protocol is slow on this hot path: docs/benchmarks.md).
    const x: unknown = components[0];
    const y: unknown = components[1];
    const z: unknown = components[2];
    if (isNum(x) && isNum(y) && isNum(z)) {
      if (!(inUnit(x) && inUnit(y) && inUnit(z))) {
        ctx.report(
          [...path, 'components'],
          `the color's components ${JSON.stringify(components)} are outside 0..1 in srgb`,
          HINT,
        );
        return undefined;
      }
      const color: Color = { r: x, g: y, b: z, a };
      return checkHex(color, hex, ctx, path) ? color : undefined;
    }
  }
  if (components === undefined && colorSpace === undefined && typeof hex === 'string' && hexToColor(hex)) {
    // A color with only a hex is still unambiguous.
    return { ...(hexToColor(hex) as Color), a };
  }
  if (typeof colorSpace !== 'string' || !(colorSpace in COLOR_SPACES)) {
    const guess = typeof colorSpace === 'string' ? didYouMean(colorSpace, Object.keys(COLOR_SPACES)) : undefined;
    ctx.report(
      [...path, 'colorSpace'],
      `${colorSpace === undefined ? 'the color has no "colorSpace"' : `color space ${show(colorSpace)} is not one of DTCG 2025.10's`}${guess ? ` (did you mean "${guess}"?)` : ''}`,
      `Use one of ${Object.keys(COLOR_SPACES).join(', ')} (Color module, "Supported Color spaces").`,
    );
    return undefined;
  }
  const ranges = COLOR_SPACES[colorSpace]!;
  if (!Array.isArray(components) || components.length !== ranges.length) {
    ctx.report(
      [...path, 'components'],
      `the color's "components" must be ${ranges.length} numbers (${ranges.map((r) => r.name).join(', ')}) in ${colorSpace}, not ${show(components)}`,
      HINT,
    );
    return undefined;
  }
  for (let i = 0; i < ranges.length; i++) {
    const c: unknown = components[i];
    const r = ranges[i]!;
    if (c === 'none') continue;
    if (!isNum(c) || c < r.min || (r.openMax ? c >= r.max : c > r.max)) {
      const range = `${Number.isFinite(r.min) ? r.min : '-Infinity'} to ${Number.isFinite(r.max) ? r.max : 'Infinity'}${r.openMax ? ' (not included)' : ''}`;
      ctx.report(
        [...path, 'components', i],
        `the ${r.name} of a ${colorSpace} color must be a number from ${range} or "none", not ${show(c)}`,
        `Give it a value in range (Color module, "${colorSpace}" components).`,
      );
      return undefined;
    }
  }
  const comps = components as (number | 'none')[];
  const srgb = toSrgb(colorSpace, comps)!;
  const color: Color = { r: srgb.r, g: srgb.g, b: srgb.b, a };
  const plain = colorSpace === 'srgb' && !comps.includes('none');
  if (!plain) {
    const source: ColorSource = { colorSpace, components: [...comps] };
    if (alpha !== undefined) source.alpha = alpha;
    if (typeof hex === 'string') source.hex = hex;
    color.source = source;
  }
  // In sRGB the hex must name the same color; in other spaces it is a fallback (Color module,
  // "Format"), possibly gamut-mapped another way, so it is only checked for its form.
  if (colorSpace === 'srgb' && !checkHex(color, hex, ctx, path)) return undefined;
  if (hex !== undefined && (typeof hex !== 'string' || !hexToColor(hex))) {
    ctx.report(
      [...path, 'hex'],
      `the color's "hex" must be "#rrggbb", not ${show(hex)}`,
      'Write the fallback as a 6-digit hex color, or remove "hex".',
    );
    return undefined;
  }
  if (srgb.clipped) {
    ctx.warn(
      path,
      `this ${colorSpace} color lies outside sRGB; the design file gets it clipped to ${colorToHex(color)}`,
      'Nothing to do if that is intended: the token files and the build keep the original color. Otherwise pick a color inside sRGB.',
    );
  }
  return color;
}

function checkHex(color: Color, hex: unknown, ctx: ParseContext, path: SubPath): boolean {
  if (hex === undefined) return true;
  const hexColor = typeof hex === 'string' ? hexToColor(hex) : undefined;
  if (!hexColor) {
    ctx.report(
      [...path, 'hex'],
      `the color's "hex" must be "#rrggbb", not ${show(hex)}`,
      'Write the fallback as a 6-digit hex color, or remove "hex".',
    );
    return false;
  }
  if (
    !(byte(hexColor.r) === byte(color.r) && byte(hexColor.g) === byte(color.g) && byte(hexColor.b) === byte(color.b))
  ) {
    ctx.report(
      [...path, 'hex'],
      `the color's "hex" ${hex} does not match its components (${colorToHex(color)})`,
      'Remove "hex" or make it match the components; the components are what tokensync reads.',
    );
    return false;
  }
  return true;
}

const round = (n: number, decimals: number): number => {
  const f = 10 ** decimals;
  const r = Math.round(n * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

/** Color components at 6 decimals, unless that would change the 8-bit hex (then 10). */
function stableComponent(n: number): number {
  const r6 = round(n, 6);
  return Math.round(r6 * 255) === Math.round(n * 255) ? r6 : round(n, 10);
}

/** The DTCG object of a color: its source as written when it has one, else sRGB. */
export function encodeColor(c: Color): { [k: string]: (number | string)[] | number | string } {
  if (c.source) {
    const out: { [k: string]: (number | string)[] | number | string } = {
      colorSpace: c.source.colorSpace,
      components: [...c.source.components],
    };
    if (c.source.alpha !== undefined) out['alpha'] = c.source.alpha;
    if (c.source.hex !== undefined) out['hex'] = c.source.hex;
    return out;
  }
  const out: { [k: string]: number[] | number | string } = {
    colorSpace: 'srgb',
    components: [stableComponent(c.r), stableComponent(c.g), stableComponent(c.b)],
  };
  const alpha = stableComponent(c.a);
  if (alpha !== 1) out['alpha'] = alpha;
  out['hex'] = colorToHex(c);
  return out;
}

export const colorModule: TypeModule<'color'> = {
  type: 'color',
  composite: false,
  parse,
  canonical: (v) => canon(v, colorToHex8),
  encode: (v, ctx) => enc(v, ctx, encodeColor),
  variable: {
    type: 'COLOR',
    toLiteral: (c) => ({ literal: c, kind: COLOR_KIND }),
    fromLiteral: (l) => l as Color,
  },
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import { alpha as rAlpha, num as rNum } from './render/units.js';

/**
 * color (format §8.1, color module). The model keeps the sRGB conversion (r/g/b/a) and, for a
 * color written in another space, its `source` (model/types.ts). CSS keeps the source where the
 * browser can show it (`color(display-p3 …)`, `oklch(…)`, formats/css.ts adds the sRGB fallback);
 * Swift keeps display-p3 (`UIColor(displayP3Red:…)`); every other platform gets sRGB.
 */
const rByte = (n: number): number => Math.round((n < 0 ? 0 : Math.min(n, 1)) * 255);
const rHex2 = (n: number): string => rByte(n).toString(16).padStart(2, '0');

/** `#rrggbb` when opaque, else `rgba(r, g, b, a)` with a short rAlpha (units.ts `alpha`). */
export function cssSrgb(c: Color): string {
  if (rByte(c.a) === 255) return `#${rHex2(c.r)}${rHex2(c.g)}${rHex2(c.b)}`;
  return `rgba(${rByte(c.r)}, ${rByte(c.g)}, ${rByte(c.b)}, ${rAlpha(c.a)})`;
}

/** CSS Color 4 spaces printed with `color()` (same names in DTCG and CSS). */
const R_COLOR_FN = new Set([
  'display-p3',
  'srgb-linear',
  'a98-rgb',
  'prophoto-rgb',
  'rec2020',
  'xyz-d65',
  'xyz-d50',
  'xyz',
]);
/** Spaces with their own CSS function. */
const R_OWN_FN = new Set(['lab', 'lch', 'oklab', 'oklch']);

/** The CSS function a wide-gamut source prints with, for `@supports`; undefined for sRGB-only spaces. */
export function wideFunction(source: ColorSource | undefined): string | undefined {
  if (source === undefined) return undefined;
  if (R_COLOR_FN.has(source.colorSpace)) return 'color';
  if (R_OWN_FN.has(source.colorSpace)) return source.colorSpace;
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
  const parts = s.components.map((x) => (x === 'none' ? 'none' : rNum(x))).join(' ');
  const a = s.alpha !== undefined && s.alpha < 1 ? ` / ${rAlpha(s.alpha)}` : '';
  const space = s.colorSpace === 'xyz' ? 'xyz-d65' : s.colorSpace;
  return fn === 'color' ? `color(${space} ${parts}${a})` : `${fn}(${parts}${a})`;
}

export function swiftColor(c: Color): string {
  const s = c.source;
  if (s?.colorSpace === 'display-p3' && s.components.every((x) => typeof x === 'number')) {
    const [r, g, b] = s.components as number[];
    return `UIColor(displayP3Red: ${r!.toFixed(3)}, green: ${g!.toFixed(3)}, blue: ${b!.toFixed(3)}, alpha: ${rAlpha(s.alpha ?? 1)})`;
  }
  return `UIColor(red: ${(rByte(c.r) / 255).toFixed(3)}, green: ${(rByte(c.g) / 255).toFixed(3)}, blue: ${(rByte(c.b) / 255).toFixed(3)}, alpha: ${rAlpha(c.a)})`;
}

/** `#aarrggbb` (Android's order). */
export const androidColor = (c: Color): string => `#${rHex2(c.a)}${rHex2(c.r)}${rHex2(c.g)}${rHex2(c.b)}`;
export const composeColor = (c: Color): string => `Color(0x${rHex2(c.a)}${rHex2(c.r)}${rHex2(c.g)}${rHex2(c.b)})`;

export const colorRender: TypeRender<Color> = {
  css: (c, ctx) => (ctx.wide ? (cssWide(c) ?? cssSrgb(c)) : cssSrgb(c)),
  js: (c) => cssSrgb(c),
  swift: (c) => swiftColor(c),
  android: (c) => [{ tag: 'color', suffix: [], value: androidColor(c) }],
  compose: (c) => composeColor(c),
  docs: (css) => `<span class="chk"><span class="sw" style="background:${css}"></span></span>`,
};

colorModule.render = colorRender;
