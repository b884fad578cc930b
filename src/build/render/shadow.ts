/**
 * shadow (format §9.5): one layer or several, CSS `box-shadow` (`inset x y blur spread color`,
 * layers comma-separated, top first as in CSS).
 */
import type { AndroidResource, RenderContext, Sub, TypeRender } from './context.js';

type Layer = { color: Sub; offsetX: Sub; offsetY: Sub; blur: Sub; spread: Sub; inset?: boolean };
type Value = Layer | Layer[];
const layers = (v: Value): Layer[] => (Array.isArray(v) ? v : [v]);

const cssLayer = (l: Layer, ctx: RenderContext): string =>
  `${l.inset === true ? 'inset ' : ''}${ctx.sub(l.offsetX, 'dimension')} ${ctx.sub(l.offsetY, 'dimension')} ${ctx.sub(l.blur, 'dimension')} ${ctx.sub(l.spread, 'dimension')} ${ctx.sub(l.color, 'color')}`;

const jsLayer = (l: Layer, ctx: RenderContext): Record<string, unknown> => ({
  color: ctx.subJs(l.color, 'color'),
  offsetX: ctx.subJs(l.offsetX, 'dimension'),
  offsetY: ctx.subJs(l.offsetY, 'dimension'),
  blur: ctx.subJs(l.blur, 'dimension'),
  spread: ctx.subJs(l.spread, 'dimension'),
  inset: l.inset === true,
});

const args = (l: Layer, ctx: RenderContext, eq: string): string =>
  ['color', 'offsetX', 'offsetY', 'blur', 'spread'].map((k) => `${k}${eq}${ctx.sub(l[k as keyof Layer] as Sub, k === 'color' ? 'color' : 'dimension')}`).join(', ') + `, inset${eq}${l.inset === true}`;

export const shadowRender: TypeRender<Value> = {
  css: (v, ctx) => layers(v).map((l) => cssLayer(l, ctx)).join(', '),
  js: (v, ctx) => layers(v).map((l) => jsLayer(l, ctx)),
  swift: (v, ctx) => `ShadowToken(layers: [${layers(v).map((l) => `ShadowLayer(${args(l, ctx, ': ')})`).join(', ')}])`,
  android: (v, ctx) =>
    layers(v).flatMap((l, i): AndroidResource[] => {
      const at = layers(v).length === 1 ? [] : [String(i)];
      return [
        { tag: 'color', suffix: [...at, 'color'], value: ctx.sub(l.color, 'color') },
        { tag: 'dimen', suffix: [...at, 'offset_x'], value: ctx.sub(l.offsetX, 'dimension') },
        { tag: 'dimen', suffix: [...at, 'offset_y'], value: ctx.sub(l.offsetY, 'dimension') },
        { tag: 'dimen', suffix: [...at, 'blur'], value: ctx.sub(l.blur, 'dimension') },
        { tag: 'dimen', suffix: [...at, 'spread'], value: ctx.sub(l.spread, 'dimension') },
        { tag: 'bool', suffix: [...at, 'inset'], value: String(l.inset === true) },
      ];
    }),
  compose: (v, ctx) => `ShadowToken(listOf(${layers(v).map((l) => `ShadowLayer(${args(l, ctx, ' = ')})`).join(', ')}))`,
  docs: (css) => `<span class="box" style="box-shadow:${css}"></span>`,
  swiftType:
    'public struct ShadowLayer: Equatable {\n    public let color: UIColor\n    public let offsetX: CGFloat\n    public let offsetY: CGFloat\n    public let blur: CGFloat\n    public let spread: CGFloat\n    public let inset: Bool\n}\n\n/** Layers top first, as CSS lists them. */\npublic struct ShadowToken: Equatable {\n    public let layers: [ShadowLayer]\n}',
  composeType:
    'data class ShadowLayer(val color: Color, val offsetX: Dp, val offsetY: Dp, val blur: Dp, val spread: Dp, val inset: Boolean)\n\n/** Layers top first, as CSS lists them. */\ndata class ShadowToken(val layers: List<ShadowLayer>)',
  tsType:
    '/** One layer of a shadow: CSS `box-shadow` parts. */\nexport interface ShadowLayer {\n  readonly color: string;\n  readonly offsetX: string;\n  readonly offsetY: string;\n  readonly blur: string;\n  readonly spread: string;\n  readonly inset: boolean;\n}\n/** shadow: layers top first, as CSS lists them. */\nexport type ShadowToken = readonly ShadowLayer[];',
};
