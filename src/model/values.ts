/**
 * Value arithmetic shared by every stage: color hex conversion and the equality rules of
 * docs/architecture.md ("Two colors are equal when their 8-bit hex with alpha is equal, so a pull then push
 * never flaps on float noise. Floats compare exactly after rounding to 6 decimals.").
 */
import { isAlias, isColor, type Color, type Value } from './types.js';

const clamp01 = (n: number): number => (n < 0 ? 0 : Math.min(n, 1));
const byte = (n: number): number => Math.round(clamp01(n) * 255);
const hex2 = (n: number): string => byte(n).toString(16).padStart(2, '0');

/** `#rrggbb`, lower case. */
export function colorToHex(c: Color): string {
  return `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;
}

/** `#rrggbbaa`, lower case: the identity of a color for equality and fingerprints. */
export function colorToHex8(c: Color): string {
  return `${colorToHex(c)}${hex2(c.a)}`;
}

/** Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`; undefined when it is not one of those. */
export function hexToColor(hex: string): Color | undefined {
  const m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex);
  if (!m?.[1]) return undefined;
  let h = m[1];
  if (h.length <= 4) h = [...h].map((ch) => ch + ch).join('');
  const n = (i: number): number => parseInt(h.slice(i, i + 2), 16) / 255;
  return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) : 1 };
}

/** Rounds to 6 decimals, the precision at which floats are compared and written. */
export function roundFloat(n: number): number {
  const r = Math.round(n * 1e6) / 1e6;
  return Object.is(r, -0) ? 0 : r;
}

/** A canonical string for a value: equal strings mean equal values under docs/architecture.md's rules. */
export function canonicalValue(value: Value): string {
  if (isAlias(value)) return `{${value.alias.collection}/${value.alias.name}}`;
  if (isColor(value)) {
    const c = value.composed;
    if (c === undefined) return colorToHex8(value);
    return `compose(${canonicalValue(c.color)},${canonicalValue(c.opacity)})`;
  }
  if (typeof value === 'number') return String(roundFloat(value));
  return JSON.stringify(value);
}

export function valuesEqual(a: Value, b: Value): boolean {
  return canonicalValue(a) === canonicalValue(b);
}
