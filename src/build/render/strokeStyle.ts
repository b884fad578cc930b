/**
 * strokeStyle (format §9.2): a keyword, or dashes with a line cap. CSS `border-style` has no dash
 * lengths, so a dashed object prints `dashed` there (as the spec suggests for CSS, §9.2 "fallback");
 * the dash lengths are kept on every other platform.
 */
import type { StrokeStyle } from '../../model/dtcg.js';
import type { RenderContext, Sub, TypeRender } from './context.js';

type Dashes = { dashArray: Sub[]; lineCap: string };
type Value = string | Dashes;

const dashes = (v: Value, ctx: RenderContext): string => (typeof v === 'string' ? '[]' : `[${v.dashArray.map((d) => ctx.sub(d, 'dimension')).join(', ')}]`);

export const strokeStyleRender: TypeRender<Value> = {
  css: (v) => (typeof v === 'string' ? v : 'dashed'),
  js: (v, ctx) => (typeof v === 'string' ? v : { dashArray: v.dashArray.map((d) => ctx.subJs(d, 'dimension')), lineCap: v.lineCap }),
  swift: (v, ctx) => (typeof v === 'string' ? `StrokeStyleToken(keyword: "${v}")` : `StrokeStyleToken(keyword: "dashed", dashArray: ${dashes(v, ctx)}, lineCap: "${v.lineCap}")`),
  android: (v, ctx) =>
    typeof v === 'string'
      ? [{ tag: 'string', suffix: [], value: v }]
      : [{ tag: 'string', suffix: ['line_cap'], value: v.lineCap }, ...v.dashArray.map((d, i) => ({ tag: 'dimen' as const, suffix: ['dash', String(i)], value: ctx.sub(d, 'dimension') }))],
  compose: (v, ctx) =>
    typeof v === 'string' ? `StrokeStyleToken(keyword = "${v}")` : `StrokeStyleToken(keyword = "dashed", dashArray = listOf(${v.dashArray.map((d) => ctx.sub(d, 'dimension')).join(', ')}), lineCap = "${v.lineCap}")`,
  docs: (css) => `<span class="box" style="border:3px ${css} #4f46e5"></span>`,
  swiftType:
    'public struct StrokeStyleToken: Equatable {\n    public let keyword: String\n    public var dashArray: [CGFloat] = []\n    public var lineCap: String = "butt"\n}',
  composeType: 'data class StrokeStyleToken(val keyword: String, val dashArray: List<Dp> = emptyList(), val lineCap: String = "butt")',
  tsType: "/** strokeStyle: a CSS border-style keyword, or dashes. */\nexport type StrokeStyleToken = string | { readonly dashArray: readonly string[]; readonly lineCap: 'round' | 'butt' | 'square' };",
};
export type { StrokeStyle };
