/**
 * One value between the model and a DTCG `$value` (DESIGN.md mapping table). Pure.
 *
 * Units: the service keeps unitless floats, read as px and ms. A `rem` dimension is written as
 * float / remBase and read back as value * remBase; an `s` duration as float / 1000 and back. Those
 * divisions are written with 10 decimals (not 6) so the read-back float equals the original at the
 * 6 decimals floats are compared at (DESIGN.md "The model").
 */
import type { Color, Literal, TokenKind, VariableType } from '../model/types.js';
import { colorToHex, hexToColor, roundFloat } from '../model/values.js';

/** What a decoded `$value` holds: a literal of the model, or an alias still to resolve by path. */
export type Decoded = { ok: true; literal: Literal; unit?: string } | { ok: true; aliasPath: string[] } | { ok: false; message: string; hint: string };

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

export function encodeColor(c: Color): { [k: string]: number[] | number | string } {
  const out: { [k: string]: number[] | number | string } = {
    colorSpace: 'srgb',
    components: [stableComponent(c.r), stableComponent(c.g), stableComponent(c.b)],
  };
  const alpha = stableComponent(c.a);
  if (alpha !== 1) out['alpha'] = alpha;
  out['hex'] = colorToHex(c);
  return out;
}

/** The `$value` for a literal under a kind; `remBase` from config. */
export function encodeLiteral(value: Literal, kind: TokenKind, remBase: number): unknown {
  if (typeof value === 'object') return encodeColor(value);
  if (typeof value !== 'number') return value;
  switch (kind.type) {
    case 'dimension':
      return kind.unit === 'rem' ? { value: round(value / remBase, 10), unit: 'rem' } : { value: roundFloat(value), unit: 'px' };
    case 'duration':
      return kind.unit === 's' ? { value: round(value / 1000, 10), unit: 's' } : { value: roundFloat(value), unit: 'ms' };
    default:
      return roundFloat(value);
  }
}

/** `{color.brand.primary}` -> `['color', 'brand', 'primary']`; undefined when not an alias. */
export function parseAlias(raw: unknown): string[] | undefined {
  if (typeof raw !== 'string') return undefined;
  const m = /^\{([^{}]+)\}$/.exec(raw);
  return m?.[1] ? m[1].split('.') : undefined;
}

const FONT_WEIGHT_NAMES: Record<string, number> = {
  thin: 100,
  hairline: 100,
  'extra-light': 200,
  'ultra-light': 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  'semi-bold': 600,
  'demi-bold': 600,
  bold: 700,
  'extra-bold': 800,
  'ultra-bold': 800,
  black: 900,
  heavy: 900,
  'extra-black': 950,
  'ultra-black': 950,
};

const bad = (message: string, hint: string): Decoded => ({ ok: false, message, hint });
const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
/**
 * A component's 8-bit value, as in colorToHex (model/values.ts): comparing these is comparing the two
 * `#rrggbb` strings without building them for every color token (issue 6).
 */
const byte = (n: number): number => Math.round((n < 0 ? 0 : n > 1 ? 1 : n) * 255);
/** In 0..1 (false for NaN). */
const inUnit = (n: number): boolean => n >= 0 && n <= 1;

export function decodeValue(raw: unknown, dtcgType: string, type: VariableType, remBase: number): Decoded {
  const aliasPath = parseAlias(raw);
  if (aliasPath) return { ok: true, aliasPath };
  if (typeof raw === 'string' && (raw.includes('{') || raw.includes('}')) && dtcgType !== 'string' && dtcgType !== 'fontFamily') {
    return bad(`"${raw}" is not a valid alias`, 'Write an alias as "{group.token}": the whole value in curly braces, path segments joined by ".".');
  }
  switch (type) {
    case 'COLOR':
      return decodeColor(raw);
    case 'BOOLEAN':
      return typeof raw === 'boolean' ? { ok: true, literal: raw } : bad(`a boolean token needs true or false, not ${show(raw)}`, 'Set "$value" to true or false.');
    case 'STRING':
      if (typeof raw === 'string') return { ok: true, literal: raw };
      if (dtcgType === 'fontFamily' && Array.isArray(raw) && raw.length > 0 && raw.every((s) => typeof s === 'string')) {
        // DTCG allows a font stack as an array; the service holds one string, so it becomes a CSS list.
        return { ok: true, literal: raw.map((s) => (/[\s,]/.test(s) ? `"${s}"` : s)).join(', ') };
      }
      return bad(`a ${dtcgType} token needs a string value, not ${show(raw)}`, `Set "$value" to a string, e.g. "Inter".`);
    case 'FLOAT':
      return decodeFloat(raw, dtcgType, remBase);
  }
}

function decodeFloat(raw: unknown, dtcgType: string, remBase: number): Decoded {
  if (dtcgType === 'dimension' || dtcgType === 'duration') {
    const units = dtcgType === 'dimension' ? ['px', 'rem'] : ['ms', 's'];
    const example = dtcgType === 'dimension' ? '{ "value": 16, "unit": "px" }' : '{ "value": 200, "unit": "ms" }';
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return bad(`a ${dtcgType} token needs { "value", "unit" }, not ${show(raw)}`, `Write the value as ${example} (DTCG 2025.10).`);
    }
    const { value, unit } = raw as { value?: unknown; unit?: unknown };
    if (!isNum(value)) return bad(`the ${dtcgType}'s "value" must be a number, not ${show(value)}`, `Write the value as ${example}.`);
    if (typeof unit !== 'string' || !units.includes(unit)) {
      return bad(`the ${dtcgType}'s unit must be ${units.map((u) => `"${u}"`).join(' or ')}, not ${show(unit)}`, `Use one of those units, e.g. ${example}.`);
    }
    const literal = unit === 'rem' ? roundFloat(value * remBase) : unit === 's' ? roundFloat(value * 1000) : value;
    return { ok: true, literal, unit };
  }
  if (dtcgType === 'fontWeight' && typeof raw === 'string') {
    const weight = FONT_WEIGHT_NAMES[raw];
    return weight === undefined
      ? bad(`"${raw}" is not a DTCG font weight`, `Use a number from 1 to 1000, or one of ${Object.keys(FONT_WEIGHT_NAMES).join(', ')}.`)
      : { ok: true, literal: weight };
  }
  if (!isNum(raw)) return bad(`a ${dtcgType} token needs a number, not ${show(raw)}`, 'Set "$value" to a number, e.g. 1.5.');
  if (dtcgType === 'fontWeight' && (raw < 1 || raw > 1000)) return bad(`font weight ${raw} is outside 1..1000`, 'Use a number from 1 to 1000 (400 is regular, 700 bold).');
  return { ok: true, literal: raw };
}

function decodeColor(raw: unknown): Decoded {
  const hint = 'Write the color as { "colorSpace": "srgb", "components": [r, g, b], "alpha": a, "hex": "#rrggbb" } with r, g, b, a in 0..1, or as a hex string "#rrggbb".';
  if (typeof raw === 'string') {
    const c = hexToColor(raw);
    return c ? { ok: true, literal: c } : bad(`"${raw}" is not a hex color`, hint);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad(`a color token needs a color object, not ${show(raw)}`, hint);
  const { colorSpace, components, alpha, hex } = raw as { colorSpace?: unknown; components?: unknown; alpha?: unknown; hex?: unknown };
  if (alpha !== undefined && (!isNum(alpha) || alpha < 0 || alpha > 1)) return bad(`the color's alpha must be a number in 0..1, not ${show(alpha)}`, hint);
  const a = alpha ?? 1;
  // DTCG's `none` component keyword means a missing component: 0 in sRGB.
  const comps = Array.isArray(components) && components.length === 3 ? components.map((c) => (c === 'none' ? 0 : c)) : undefined;
  if (!comps || !comps.every(isNum)) {
    // A color with only a hex is still unambiguous.
    if (components === undefined && typeof hex === 'string' && hexToColor(hex)) return { ok: true, literal: { ...(hexToColor(hex) as Color), a } };
    return bad(`the color's "components" must be three numbers, not ${show(components)}`, hint);
  }
  const [x, y, z] = comps as [number, number, number];
  let color: Color;
  switch (colorSpace) {
    case 'srgb':
      color = { r: x, g: y, b: z, a };
      break;
    case 'srgb-linear': {
      const enc = (v: number): number => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
      color = { r: enc(x), g: enc(y), b: enc(z), a };
      break;
    }
    case 'hsl':
      color = { ...hslToRgb(x, y, z), a };
      break;
    default:
      return bad(
        `color space ${show(colorSpace)} is not supported (the design file holds sRGB colors)`,
        `Convert the color to "srgb" (or "srgb-linear" or "hsl"), or write it as a hex string "#rrggbb".`,
      );
  }
  // Three comparisons rather than an array and a callback: this runs for every color token (issue 6).
  if (!(inUnit(color.r) && inUnit(color.g) && inUnit(color.b))) {
    return bad(`the color's components ${JSON.stringify(components)} are outside 0..1 in ${String(colorSpace)}`, hint);
  }
  // Parsed once: this runs for every color token on the check path (issue 6).
  const hexColor = typeof hex === 'string' ? hexToColor(hex) : undefined;
  if (hexColor && !(byte(hexColor.r) === byte(color.r) && byte(hexColor.g) === byte(color.g) && byte(hexColor.b) === byte(color.b))) {
    return bad(`the color's "hex" ${hex} does not match its components (${colorToHex(color)})`, 'Remove "hex" or make it match the components; the components are what tokensync reads.');
  }
  return { ok: true, literal: color };
}

/** CSS Color 4 hsl(): hue in degrees, saturation and lightness in 0..100 (the DTCG component ranges). */
function hslToRgb(h: number, s: number, l: number): { r: number; g: number; b: number } {
  const sat = s / 100;
  const light = l / 100;
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    const amount = sat * Math.min(light, 1 - light);
    return light - amount * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return { r: f(0), g: f(8), b: f(4) };
}

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
