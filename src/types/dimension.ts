/**
 * `dimension` (format §8.2 "Dimension"): `{ "value": number, "unit": "px" | "rem" }`; the unit is
 * required even for 0. As a variable it is a FLOAT in px (docs/architecture.md mapping table): a rem value is
 * multiplied by `tokens.remBase` and written back divided, with 10 decimals so the read-back float
 * equals the original at the 6 decimals floats are compared at.
 */
import type { Dimension } from '../model/dtcg.js';
import { roundFloat } from '../model/values.js';
import { canon, enc, isNum, num, show } from './common.js';
import type { ParseContext, SubPath, TypeModule } from './module.js';

/**
 * The fix for a pre-2025.10 draft value, spelled out for the value at hand: `"16px"` and a bare
 * number were the draft forms (format §8.2 "Dimension", §8.5 "Duration" now require the object, and
 * the unit even for 0); real published sets still carry them (test/realworld/README.md).
 */
function draftHint(raw: unknown, units: readonly string[], example: string): string {
  const object = (value: number, unit: string): string => `{ "value": ${value}, "unit": "${unit}" }`;
  if (isNum(raw))
    return `Write it as ${object(raw, units[0]!)}: DTCG 2025.10 requires the unit with every number, 0 included.`;
  const m = typeof raw === 'string' ? /^\s*(-?(?:\d+\.?\d*|\.\d+))\s*([a-z%]*)\s*$/i.exec(raw) : null;
  if (m) {
    const [, n, unit] = m;
    if (unit && units.includes(unit))
      return `Write it as ${object(Number(n), unit)}: DTCG 2025.10 no longer reads "${raw}" strings.`;
    return `Write it as an object with a unit of ${units.map((u) => `"${u}"`).join(' or ')}, e.g. ${object(Number(n), units[0]!)}${unit ? ` (convert from "${unit}")` : ''}: DTCG 2025.10 no longer reads "${raw}" strings.`;
  }
  return `Write the value as ${example} (DTCG 2025.10).`;
}

/** Shared by dimension and duration: `{ value, unit }` with one of `units`. */
export function parseMeasure<U extends string>(
  raw: unknown,
  ctx: ParseContext,
  path: SubPath,
  type: string,
  units: readonly U[],
  example: string,
): { value: number; unit: U } | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    ctx.report(path, `a ${type} token needs { "value", "unit" }, not ${show(raw)}`, draftHint(raw, units, example));
    return undefined;
  }
  const { value, unit } = raw as { value?: unknown; unit?: unknown };
  if (!isNum(value)) {
    ctx.report(
      [...path, 'value'],
      `the ${type}'s "value" must be a number, not ${show(value)}`,
      `Write the value as ${example}.`,
    );
    return undefined;
  }
  if (typeof unit !== 'string' || !(units as readonly string[]).includes(unit)) {
    ctx.report(
      [...path, 'unit'],
      `the ${type}'s unit must be ${units.map((u) => `"${u}"`).join(' or ')}, not ${show(unit)}`,
      `Use one of those units, e.g. ${example}.`,
    );
    return undefined;
  }
  for (const k in raw) {
    if (k !== 'value' && k !== 'unit') {
      ctx.report([...path, k], `a ${type} has only "value" and "unit", not "${k}"`, `Remove "${k}".`);
      return undefined;
    }
  }
  return { value, unit: unit as U };
}

/** Shared presentation objects (kinds are never mutated; fewer allocations at 10k tokens). */
const PX = { type: 'dimension', unit: 'px' } as const;
const REM = { type: 'dimension', unit: 'rem' } as const;

export const round10 = (n: number): number => {
  const r = Math.round(n * 1e10) / 1e10;
  return Object.is(r, -0) ? 0 : r;
};

export const dimensionModule: TypeModule<'dimension'> = {
  type: 'dimension',
  composite: false,
  parse: (raw, ctx, path = []) =>
    parseMeasure(raw, ctx, path, 'dimension', ['px', 'rem'] as const, '{ "value": 16, "unit": "px" }'),
  canonical: (v) => canon(v, (d: Dimension) => `${num(d.value)}${d.unit}`),
  encode: (v, ctx) =>
    enc(v, ctx, (d: Dimension) => ({ value: d.unit === 'rem' ? round10(d.value) : roundFloat(d.value), unit: d.unit })),
  variable: {
    type: 'FLOAT',
    toLiteral: (d, remBase) =>
      d.unit === 'rem' ? { literal: roundFloat(d.value * remBase), kind: REM } : { literal: d.value, kind: PX },
    fromLiteral: (l, kind, remBase) =>
      kind.type === 'dimension' && kind.unit === 'rem'
        ? { value: round10((l as number) / remBase), unit: 'rem' }
        : { value: roundFloat(l as number), unit: 'px' },
  },
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import { num as rNum, px as rPx } from './render/units.js';

/**
 * dimension (format §8.2): px or rem. The web keeps the unit as written; native platforms get
 * pixels 1:1 as points, dp and .dp (rem times `tokens.remBase`). A font size (`fontSizeRender`) is
 * sp on Android and Compose.
 */
const renderWeb = (d: Dimension): string => `${rNum(d.value)}${d.unit}`;

export const dimensionRender: TypeRender<Dimension> = {
  css: renderWeb,
  js: renderWeb,
  swift: (d, ctx) => `CGFloat(${rNum(rPx(d, ctx.remBase))})`,
  android: (d, ctx) => [{ tag: 'dimen', suffix: [], value: `${rNum(rPx(d, ctx.remBase))}dp` }],
  compose: (d, ctx) => `${rNum(rPx(d, ctx.remBase))}.dp`,
  docs: (css) => `<span class="bar" style="width:${css}"></span>`,
};

export const fontSizeRender: TypeRender<Dimension> = {
  ...dimensionRender,
  android: (d, ctx) => [{ tag: 'dimen', suffix: [], value: `${rNum(rPx(d, ctx.remBase))}sp` }],
  compose: (d, ctx) => `${rNum(rPx(d, ctx.remBase))}.sp`,
  docs: (css) => `<span class="spec" style="font-size:${css}">Aa Bb Cc</span>`,
};

dimensionModule.render = dimensionRender;
