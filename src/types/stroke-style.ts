/**
 * `strokeStyle` (format §9.2 "Stroke style"): one of the CSS line-style keywords, or
 * `{ dashArray: (dimension | reference)[], lineCap: "round" | "butt" | "square" }`.
 */
import type { Dimension, Ref, StrokeStyle } from '../model/dtcg.js';
import { canon, checkObject, enc, show, subValue } from './common.js';
import { dimensionModule } from './dimension.js';
import type { TypeModule } from './module.js';

export const STROKE_KEYWORDS = ['solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'outset', 'inset'] as const;
const LINE_CAPS = ['round', 'butt', 'square'];

export const strokeStyleModule: TypeModule<'strokeStyle'> = {
  type: 'strokeStyle',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (typeof raw === 'string') {
      if ((STROKE_KEYWORDS as readonly string[]).includes(raw)) return raw as StrokeStyle;
      ctx.report(path, `"${raw}" is not a stroke style`, `Use one of ${STROKE_KEYWORDS.join(', ')}, or { "dashArray": [...], "lineCap": "round" } (format §9.2).`);
      return undefined;
    }
    if (!checkObject(raw, ctx, path, 'a strokeStyle', ['dashArray', 'lineCap'], [], '{ "dashArray": [{ "value": 4, "unit": "px" }], "lineCap": "round" }')) return undefined;
    const { dashArray, lineCap } = raw;
    let ok = true;
    if (typeof lineCap !== 'string' || !LINE_CAPS.includes(lineCap)) {
      ctx.report([...path, 'lineCap'], `the strokeStyle's lineCap must be "round", "butt" or "square", not ${show(lineCap)}`, 'Use one of those three (format §9.2).');
      ok = false;
    }
    if (!Array.isArray(dashArray) || dashArray.length === 0) {
      ctx.report([...path, 'dashArray'], `the strokeStyle's dashArray must be a non-empty array of dimensions, not ${show(dashArray)}`, 'Write e.g. "dashArray": [{ "value": 4, "unit": "px" }, { "value": 2, "unit": "px" }].');
      return undefined;
    }
    const dashes: Ref<Dimension>[] = [];
    dashArray.forEach((d, i) => {
      const v = subValue(dimensionModule, d, ctx, [...path, 'dashArray', i]);
      if (v === undefined) ok = false;
      else dashes.push(v);
    });
    return ok ? { dashArray: dashes, lineCap: lineCap as 'round' | 'butt' | 'square' } : undefined;
  },
  canonical: (v) =>
    canon(v, (s: StrokeStyle) => (typeof s === 'string' ? s : `dash(${s.dashArray.map((d) => dimensionModule.canonical(d)).join(',')};${s.lineCap})`)),
  encode: (v, ctx) =>
    enc(v, ctx, (s: StrokeStyle) => (typeof s === 'string' ? s : { dashArray: s.dashArray.map((d) => dimensionModule.encode(d, ctx)), lineCap: s.lineCap })),
};
