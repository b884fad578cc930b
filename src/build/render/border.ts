/** border (format §9.3): CSS `border` shorthand `width style color`. */
import type { RenderContext, Sub, TypeRender } from './context.js';

type Value = { color: Sub; width: Sub; style: Sub };

const android = (v: Value, ctx: RenderContext) => [
  { tag: 'color' as const, suffix: ['color'], value: ctx.sub(v.color, 'color') },
  { tag: 'dimen' as const, suffix: ['width'], value: ctx.sub(v.width, 'dimension') },
  { tag: 'string' as const, suffix: ['style'], value: typeof v.style.$lit === 'string' ? v.style.$lit : 'dashed' },
];

export const borderRender: TypeRender<Value> = {
  css: (v, ctx) => `${ctx.sub(v.width, 'dimension')} ${ctx.sub(v.style, 'strokeStyle')} ${ctx.sub(v.color, 'color')}`,
  js: (v, ctx) => ({ color: ctx.subJs(v.color, 'color'), width: ctx.subJs(v.width, 'dimension'), style: ctx.subJs(v.style, 'strokeStyle') }),
  swift: (v, ctx) => `BorderToken(color: ${ctx.sub(v.color, 'color')}, width: ${ctx.sub(v.width, 'dimension')}, style: ${ctx.sub(v.style, 'strokeStyle')})`,
  android,
  compose: (v, ctx) => `BorderToken(color = ${ctx.sub(v.color, 'color')}, width = ${ctx.sub(v.width, 'dimension')}, style = ${ctx.sub(v.style, 'strokeStyle')})`,
  docs: (css) => `<span class="box" style="border:${css}"></span>`,
  swiftType: 'public struct BorderToken: Equatable {\n    public let color: UIColor\n    public let width: CGFloat\n    public let style: StrokeStyleToken\n}',
  composeType: 'data class BorderToken(val color: Color, val width: Dp, val style: StrokeStyleToken)',
  tsType: '/** border: CSS `border` parts. */\nexport interface BorderToken {\n  readonly color: string;\n  readonly width: string;\n  readonly style: StrokeStyleToken;\n}',
};
