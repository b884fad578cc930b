/**
 * Every color space of DTCG 2025.10 (Color module, "Supported Color spaces") to sRGB, with the
 * component ranges the spec gives. The conversions are colorjs.io's (CSS Color 4's math, the library
 * Style Dictionary already brings), so reading, diffing and building agree on one conversion. It is
 * loaded on first use, by a color in a space other than sRGB: a set in sRGB (the usual case, and what
 * the design file holds) never loads it, so `check` pays nothing for it (docs/benchmarks.md "Fast
 * paths": loading it costs ~15-85 ms at start on the 2-core machine).
 *
 * A result outside the sRGB gamut is clipped per channel (gamut-mapping.md lets a translation tool
 * pick its algorithm; clipping keeps in-gamut colors exact and is what the design file does with a
 * P3 color it cannot hold); `toSrgb` says whether it had to, so the reader can warn.
 */
import { createRequire } from 'node:module';

type Vec3 = [number, number, number];

/** One component's range: [min, max] with the upper bound excluded for hues (`[0 - 360)`). */
export interface ComponentRange {
  name: string;
  min: number;
  max: number;
  /** The upper bound is excluded (hue angles). */
  openMax?: boolean;
}

const rgb = (): ComponentRange[] => [
  { name: 'red', min: 0, max: 1 },
  { name: 'green', min: 0, max: 1 },
  { name: 'blue', min: 0, max: 1 },
];
const xyz = (): ComponentRange[] => [
  { name: 'X', min: 0, max: 1 },
  { name: 'Y', min: 0, max: 1 },
  { name: 'Z', min: 0, max: 1 },
];
const hue: ComponentRange = { name: 'hue', min: 0, max: 360, openMax: true };
const INF = Number.POSITIVE_INFINITY;

/** The table of the Color module, "Supported Color spaces" (component order as the spec lists it). */
export const COLOR_SPACES: Record<string, ComponentRange[]> = {
  srgb: rgb(),
  'srgb-linear': rgb(),
  hsl: [hue, { name: 'saturation', min: 0, max: 100 }, { name: 'lightness', min: 0, max: 100 }],
  hwb: [hue, { name: 'whiteness', min: 0, max: 100 }, { name: 'blackness', min: 0, max: 100 }],
  lab: [
    { name: 'lightness', min: 0, max: 100 },
    { name: 'a', min: -INF, max: INF },
    { name: 'b', min: -INF, max: INF },
  ],
  lch: [{ name: 'lightness', min: 0, max: 100 }, { name: 'chroma', min: 0, max: INF }, hue],
  oklab: [
    { name: 'lightness', min: 0, max: 1 },
    { name: 'a', min: -INF, max: INF },
    { name: 'b', min: -INF, max: INF },
  ],
  oklch: [{ name: 'lightness', min: 0, max: 1 }, { name: 'chroma', min: 0, max: INF }, hue],
  'display-p3': rgb(),
  'a98-rgb': rgb(),
  'prophoto-rgb': rgb(),
  rec2020: rgb(),
  'xyz-d65': xyz(),
  'xyz-d50': xyz(),
};

/** DTCG's space names -> colorjs.io's ids (where they differ from the CSS names). */
const COLORJS_ID: Record<string, string> = {
  'srgb-linear': 'srgb-linear',
  hsl: 'hsl',
  hwb: 'hwb',
  lab: 'lab',
  lch: 'lch',
  oklab: 'oklab',
  oklch: 'oklch',
  'display-p3': 'p3',
  'a98-rgb': 'a98rgb',
  'prophoto-rgb': 'prophoto',
  rec2020: 'rec2020',
  'xyz-d65': 'xyz-d65',
  'xyz-d50': 'xyz-d50',
};

/** The part of colorjs.io's public API used here. */
interface ColorJs {
  new (space: string, coords: number[]): { to(space: string): { coords: number[] } };
}
let colorJs: ColorJs | undefined;
/** colorjs.io, loaded on first use (its CommonJS build: a synchronous load, once). */
function library(): ColorJs {
  colorJs ??= (createRequire(import.meta.url)('colorjs.io') as { default: ColorJs }).default;
  return colorJs;
}

function convert(from: string, to: string, c: Vec3): Vec3 {
  const out = new (library())(from, [c[0], c[1], c[2]]).to(to).coords;
  return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0];
}

/** The color in sRGB (gamma-encoded, unclipped: may lie outside 0..1). `none` components are 0. */
export function convertToSrgb(space: string, components: readonly (number | 'none')[]): Vec3 | undefined {
  const c = components.map((x) => (x === 'none' ? 0 : x)) as Vec3;
  if (space === 'srgb') return [c[0], c[1], c[2]];
  const id = COLORJS_ID[space];
  return id === undefined ? undefined : convert(id, 'srgb', c);
}

/** How far outside 0..1 a channel may be and still count as in gamut (float noise of the matrices). */
const GAMUT_EPSILON = 1e-5;

/** sRGB in 0..1 and whether clipping changed it (beyond float noise); undefined for an unknown space. */
export function toSrgb(
  space: string,
  components: readonly (number | 'none')[],
): { r: number; g: number; b: number; clipped: boolean } | undefined {
  const v = convertToSrgb(space, components);
  if (!v) return undefined;
  let clipped = false;
  const clip = (x: number): number => {
    if (x < 0 || x > 1) {
      if (x < -GAMUT_EPSILON || x > 1 + GAMUT_EPSILON) clipped = true;
      return x < 0 ? 0 : 1;
    }
    return x;
  };
  return { r: clip(v[0]), g: clip(v[1]), b: clip(v[2]), clipped };
}

/** Gamma-encoded sRGB to XYZ D65 (exported for tests that check a round trip through XYZ). */
export function srgbToXyzD65(v: Vec3): Vec3 {
  return convert('srgb', 'xyz-d65', v);
}
