/**
 * Literal values of the legacy tools' token files into DTCG 2025.10 values (docs/migration.md "Types"):
 * dimensions (`16px`, `1rem`, a bare number as px), colors (any CSS color through colorjs.io, written
 * as sRGB with its hex), font weights by name (§8.4's table), percentages. Each returns `undefined`
 * when the value has no exact DTCG form, and the caller keeps it and reports it.
 */
import Color from 'colorjs.io';
import { FONT_WEIGHT_NAMES } from '../types/font-weight.js';

export type DtcgJson = string | number | boolean | null | DtcgJson[] | { [k: string]: DtcgJson };

const REF = /^\{[^{}]+\}$/;
/** A value that is exactly one reference (`{size.base}`), kept as a reference. */
export const isRef = (v: unknown): v is string => typeof v === 'string' && refText(v);
/** The same test on a string, without narrowing it away. */
export const refText = (v: string): boolean => REF.test(v.trim());

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** `16`, `"16"`, `"16px"`, `"1rem"`; a unitless number is px (docs/migration.md "Types"). */
export function dimension(v: unknown): DtcgJson | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return { value: v, unit: 'px' };
  if (typeof v !== 'string') return undefined;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*(px|rem)?\s*$/i.exec(v);
  if (!m) return undefined;
  return { value: Number(m[1]), unit: (m[2] ?? 'px').toLowerCase() };
}

export function number(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && NUMBER.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** `50%` -> 0.5; a plain number stays as it is. */
export function ratio(v: unknown): number | undefined {
  if (typeof v === 'string' && /%\s*$/.test(v)) {
    const n = number(v.trim().slice(0, -1));
    return n === undefined ? undefined : round(n / 100);
  }
  return number(v);
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;

/** A CSS color string into a DTCG sRGB color; other color spaces are converted to sRGB. */
export function color(v: unknown): DtcgJson | undefined {
  if (isColorObject(v)) return colorObject(v);
  if (typeof v !== 'string') return undefined;
  let c: Color;
  try {
    c = new Color(hexWithAlpha(v.trim())).to('srgb');
  } catch {
    return undefined;
  }
  const [r, g, b] = c.coords.map((x) => round(Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0)) as [
    number,
    number,
    number,
  ];
  const alpha = round(Number(c.alpha));
  const hex = `#${[r, g, b]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
  const out: { [k: string]: DtcgJson } = { colorSpace: 'srgb', components: [r, g, b] };
  if (alpha !== 1) out['alpha'] = alpha;
  out['hex'] = hex;
  return out;
}

/** Tokens Studio's `rgba(#rrggbb, 0.5)` (a hex inside rgba) as CSS `rgb(r g b / 0.5)`; other text unchanged. */
function hexWithAlpha(text: string): string {
  const m = /^rgba?\(\s*(#[0-9a-f]{3,8})\s*,\s*([\d.]+%?)\s*\)$/i.exec(text);
  if (!m) return text;
  const [r, g, b] = new Color(m[1]!).to('srgb').coords.map((x) => Math.round(x * 255));
  return `rgb(${r} ${g} ${b} / ${m[2]})`;
}

/** `700`, `"700"`, `"Bold"`, `"Semi Bold"`, `"SemiBold Italic"` (the style is reported, not kept here). */
export function fontWeight(v: unknown): number | undefined {
  const n = number(v);
  if (n !== undefined) return n >= 1 && n <= 1000 ? n : undefined;
  if (typeof v !== 'string') return undefined;
  const key = v
    .replace(/\s*italic\s*$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return FONT_WEIGHT_NAMES[key];
}

/** `"Inter"`, `"Inter, sans-serif"` (a list), or an array. */
export function fontFamily(v: unknown): DtcgJson | undefined {
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const parts = v.split(',').map((s) => s.trim().replace(/^["']|["']$/g, ''));
  return parts.length === 1 ? parts[0]! : parts;
}

type ColorObject = { colorSpace: string; components: unknown[]; alpha?: unknown; hex?: unknown };

/** A DTCG color object (`{ colorSpace, components, alpha, hex }`), as Tokens Studio's DTCG export writes. */
export function isColorObject(v: unknown): v is ColorObject {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as ColorObject).colorSpace === 'string' &&
    Array.isArray((v as ColorObject).components)
  );
}

/** The DTCG keys of a color object, in the format's order; other keys are the caller's to report. */
function colorObject(v: ColorObject): DtcgJson {
  const out: { [k: string]: DtcgJson } = { colorSpace: v.colorSpace, components: v.components as DtcgJson[] };
  if (typeof v.alpha === 'number' && v.alpha !== 1) out['alpha'] = v.alpha;
  if (typeof v.hex === 'string') out['hex'] = v.hex;
  return out;
}

/** A color object as CSS text for math and color modifiers: its hex, with its alpha. */
export function colorObjectText(v: ColorObject): string | undefined {
  if (typeof v.hex !== 'string') return undefined;
  const a = typeof v.alpha === 'number' ? v.alpha : 1;
  return a === 1
    ? v.hex
    : `${v.hex}${Math.round(a * 255)
        .toString(16)
        .padStart(2, '0')}`;
}
