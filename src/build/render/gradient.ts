/**
 * gradient (format §9.6): color stops with a position in [0, 1]. The format has no angle or shape,
 * so CSS gets `linear-gradient(…)` in its default direction (top to bottom); a referenced position
 * prints `calc(var(--p) * 100%)`.
 */
import type { AndroidResource, RenderContext, Sub, TypeRender } from './context.js';
import { kFloat, num } from './units.js';

type Stop = { color: Sub; position: Sub };

const cssPos = (p: Sub, ctx: RenderContext): string => {
  const s = ctx.sub(p, 'number');
  return p.$ref && ctx.refs !== 'resolve' ? `calc(${s} * 100%)` : `${num((p.$lit as number) * 100)}%`;
};

export const gradientRender: TypeRender<Stop[]> = {
  css: (v, ctx) => `linear-gradient(${v.map((s) => `${ctx.sub(s.color, 'color')} ${cssPos(s.position, ctx)}`).join(', ')})`,
  js: (v, ctx) => v.map((s) => ({ color: ctx.subJs(s.color, 'color'), position: ctx.subJs(s.position, 'number') })),
  swift: (v, ctx) => `GradientToken(stops: [${v.map((s) => `GradientStop(color: ${ctx.sub(s.color, 'color')}, position: ${ctx.sub(s.position, 'number')})`).join(', ')}])`,
  android: (v, ctx) =>
    v.flatMap((s, i): AndroidResource[] => [
      { tag: 'color', suffix: [String(i), 'color'], value: ctx.sub(s.color, 'color') },
      { tag: 'float', suffix: [String(i), 'position'], value: num(s.position.$lit as number) },
    ]),
  compose: (v, ctx) => `GradientToken(listOf(${v.map((s) => `GradientStop(color = ${ctx.sub(s.color, 'color')}, position = ${kFloat(s.position.$lit as number)})`).join(', ')}))`,
  docs: (css) => `<span class="chk wide"><span class="sw" style="background-image:${css}"></span></span>`,
  swiftType:
    'public struct GradientStop: Equatable {\n    public let color: UIColor\n    public let position: CGFloat\n}\n\npublic struct GradientToken: Equatable {\n    public let stops: [GradientStop]\n}',
  composeType: 'data class GradientStop(val color: Color, val position: Float)\n\ndata class GradientToken(val stops: List<GradientStop>)',
  tsType: '/** gradient: color stops, position 0..1. */\nexport type GradientToken = readonly { readonly color: string; readonly position: number }[];',
};
