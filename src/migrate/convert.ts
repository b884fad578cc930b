/**
 * One legacy token's value into its DTCG 2025.10 `$type` and `$value` (docs/migration.md "Types").
 * References stay references; a value with math or an embedded reference is computed by the
 * caller's `evaluate` (sd-transforms, see ./evaluate.ts) and marked, so the writer keeps the original.
 */
import { border, type Composite, letterSpacing, type Sub, shadow, typography } from './composites.js';
import { dtcgTypeOf, type Target } from './types-map.js';
import { color, type DtcgJson, dimension, fontFamily, fontWeight, isRef, number, ratio, refText } from './values.js';

export interface Converted {
  type: string;
  value: DtcgJson;
  /** The computed parts: original text -> what it became. */
  computed: [string, string][];
  extra?: Record<string, unknown>;
  notes: string[];
}

export interface ConvertContext {
  /** The literal an expression (math, or text around references) stands for; `undefined` when it cannot. */
  evaluate(text: string): unknown;
}

const MATH = /\d\s*[*/+]\s*[\d(.]|[\d)]\s+-\s+[\d(.]|\)\s*[*/+-]/;
/** A string that is more than one reference: math, or text around references. */
export function needsEvaluation(v: unknown): v is string {
  if (typeof v !== 'string' || refText(v)) return false;
  return v.includes('{') || MATH.test(v);
}

function duration(v: unknown): DtcgJson | undefined {
  if (typeof v === 'number') return { value: v, unit: 'ms' };
  const m = typeof v === 'string' ? /^\s*([\d.]+)\s*(ms|s)\s*$/.exec(v) : null;
  return m ? { value: Number(m[1]), unit: m[2]! } : undefined;
}

function cubicBezier(v: unknown): DtcgJson | undefined {
  const list = Array.isArray(v)
    ? v
    : typeof v === 'string'
      ? v.replace(/^\s*cubic-bezier\(|\)\s*$/g, '').split(',')
      : [];
  const nums = list.map(number);
  return nums.length === 4 && nums.every((n) => n !== undefined) ? (nums as number[]) : undefined;
}

const SCALAR: Partial<Record<Target, (v: unknown) => DtcgJson | undefined>> = {
  dimension,
  letterSpacing,
  fontFamily,
  fontWeight,
  number,
  opacity: ratio,
  color,
  duration,
  cubicBezier,
  string: (v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined),
  boolean: (v) => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined),
  lineHeight: (v) => (typeof v === 'string' && /px\s*$/.test(v) ? dimension(v) : ratio(v)),
};

const ITALIC = (v: unknown): string =>
  `font weight ${JSON.stringify(v)}: the italic style has no place in a DTCG fontWeight and is not carried over`;

const COMPOSITE: Partial<Record<Target, (v: unknown, sub: Sub) => Composite | undefined>> = {
  shadow,
  typography,
  border,
};

/** Converts the value; `undefined` when the target has no form for it (the caller keeps and reports it). */
export function convertValue(value: unknown, target: Target, ctx: ConvertContext): Converted | undefined {
  const computed: [string, string][] = [];
  const sub: Sub = (v, conv) => {
    if (isRef(v)) return v.trim();
    if (!needsEvaluation(v)) return conv(v);
    const result = ctx.evaluate(v);
    const out = result === undefined ? undefined : conv(result);
    if (out !== undefined) computed.push([v, typeof result === 'string' ? result : JSON.stringify(result)]);
    return out;
  };
  const scalar = SCALAR[target];
  if (scalar) {
    const out = sub(value, scalar, target);
    if (out === undefined) return undefined;
    const isDim = target === 'lineHeight' && typeof out === 'object' && out !== null && !Array.isArray(out);
    const notes = target === 'fontWeight' && /italic/i.test(String(value)) ? [ITALIC(value)] : [];
    return { type: isDim ? 'dimension' : dtcgTypeOf(target), value: out, computed, notes };
  }
  const composite = COMPOSITE[target];
  const out = composite?.(value, sub);
  if (out === undefined) return undefined;
  const converted: Converted = { type: target, value: out.value, computed, notes: out.notes };
  if (out.extra) converted.extra = out.extra;
  return converted;
}
