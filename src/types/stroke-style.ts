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
      ctx.report(
        path,
        `"${raw}" is not a stroke style`,
        `Use one of ${STROKE_KEYWORDS.join(', ')}, or { "dashArray": [...], "lineCap": "round" } (format §9.2).`,
      );
      return undefined;
    }
    if (
      !checkObject(
        raw,
        ctx,
        path,
        'a strokeStyle',
        ['dashArray', 'lineCap'],
        [],
        '{ "dashArray": [{ "value": 4, "unit": "px" }], "lineCap": "round" }',
      )
    )
      return undefined;
    const { dashArray, lineCap } = raw;
    let ok = true;
    if (typeof lineCap !== 'string' || !LINE_CAPS.includes(lineCap)) {
      ctx.report(
        [...path, 'lineCap'],
        `the strokeStyle's lineCap must be "round", "butt" or "square", not ${show(lineCap)}`,
        'Use one of those three (format §9.2).',
      );
      ok = false;
    }
    if (!Array.isArray(dashArray) || dashArray.length === 0) {
      ctx.report(
        [...path, 'dashArray'],
        `the strokeStyle's dashArray must be a non-empty array of dimensions, not ${show(dashArray)}`,
        'Write e.g. "dashArray": [{ "value": 4, "unit": "px" }, { "value": 2, "unit": "px" }].',
      );
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
    canon(v, (s: StrokeStyle) =>
      typeof s === 'string'
        ? s
        : `dash(${s.dashArray.map((d) => dimensionModule.canonical(d)).join(',')};${s.lineCap})`,
    ),
  encode: (v, ctx) =>
    enc(v, ctx, (s: StrokeStyle) =>
      typeof s === 'string'
        ? s
        : { dashArray: s.dashArray.map((d) => dimensionModule.encode(d, ctx)), lineCap: s.lineCap },
    ),
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender, RenderContext as BuildRenderContext, Sub } from './render/context.js';

/**
 * strokeStyle (format §9.2): a keyword, or dashes with a line cap. CSS `border-style` has no dash
 * lengths, so a dashed object prints `dashed` there (as the spec suggests for CSS, §9.2 "fallback");
 * the dash lengths are kept on every other platform.
 */
type RenderDashes = { dashArray: Sub[]; lineCap: string };
type RenderValue = string | RenderDashes;

const renderDashes = (v: RenderValue, ctx: BuildRenderContext): string =>
  typeof v === 'string' ? '[]' : `[${v.dashArray.map((d) => ctx.sub(d, 'dimension')).join(', ')}]`;

export const strokeStyleRender: TypeRender<RenderValue> = {
  css: (v) => (typeof v === 'string' ? v : 'dashed'),
  js: (v, ctx) =>
    typeof v === 'string' ? v : { dashArray: v.dashArray.map((d) => ctx.subJs(d, 'dimension')), lineCap: v.lineCap },
  swift: (v, ctx) =>
    typeof v === 'string'
      ? `StrokeStyleToken(keyword: "${v}")`
      : `StrokeStyleToken(keyword: "dashed", dashArray: ${renderDashes(v, ctx)}, lineCap: "${v.lineCap}")`,
  android: (v, ctx) =>
    typeof v === 'string'
      ? [{ tag: 'string', suffix: [], value: v }]
      : [
          { tag: 'string', suffix: ['line_cap'], value: v.lineCap },
          ...v.dashArray.map((d, i) => ({
            tag: 'dimen' as const,
            suffix: ['dash', String(i)],
            value: ctx.sub(d, 'dimension'),
          })),
        ],
  compose: (v, ctx) =>
    typeof v === 'string'
      ? `StrokeStyleToken(keyword = "${v}")`
      : `StrokeStyleToken(keyword = "dashed", dashArray = listOf(${v.dashArray.map((d) => ctx.sub(d, 'dimension')).join(', ')}), lineCap = "${v.lineCap}")`,
  docs: (css) => `<span class="box" style="border:3px ${css} #4f46e5"></span>`,
  swiftType:
    'public struct StrokeStyleToken: Equatable {\n    public let keyword: String\n    public var dashArray: [CGFloat] = []\n    public var lineCap: String = "butt"\n}',
  composeType:
    'data class StrokeStyleToken(val keyword: String, val dashArray: List<Dp> = emptyList(), val lineCap: String = "butt")',
  tsType:
    "/** strokeStyle: a CSS border-style keyword, or dashes. */\nexport type StrokeStyleToken = string | { readonly dashArray: readonly string[]; readonly lineCap: 'round' | 'butt' | 'square' };",
};

strokeStyleModule.render = strokeStyleRender;
