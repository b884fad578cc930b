/** `border` (format §9.3 "Border"): `{ color, width, style }`, each a value or a reference. */
import type { Border } from '../model/dtcg.js';
import { canon, checkObject, enc, subValue } from './common.js';
import { colorModule } from './color.js';
import { dimensionModule } from './dimension.js';
import type { TypeModule } from './module.js';
import { strokeStyleModule } from './stroke-style.js';

const EXAMPLE = '{ "color": "{color.border}", "width": { "value": 1, "unit": "px" }, "style": "solid" }';

export const borderModule: TypeModule<'border'> = {
  type: 'border',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (!checkObject(raw, ctx, path, 'a border', ['color', 'width', 'style'], [], EXAMPLE)) return undefined;
    const color = subValue(colorModule, raw['color'], ctx, [...path, 'color']);
    const width = subValue(dimensionModule, raw['width'], ctx, [...path, 'width']);
    const style = subValue(strokeStyleModule, raw['style'], ctx, [...path, 'style']);
    return color && width && style ? { color, width, style } : undefined;
  },
  canonical: (v) =>
    canon(
      v,
      (b: Border) =>
        `border(${colorModule.canonical(b.color)};${dimensionModule.canonical(b.width)};${strokeStyleModule.canonical(b.style)})`,
    ),
  encode: (v, ctx) =>
    enc(v, ctx, (b: Border) => ({
      color: colorModule.encode(b.color, ctx),
      width: dimensionModule.encode(b.width, ctx),
      style: strokeStyleModule.encode(b.style, ctx),
    })),
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender, RenderContext as BuildRenderContext, Sub } from './render/context.js';

/** border (format §9.3): CSS `border` shorthand `width style color`. */
type RenderValue = { color: Sub; width: Sub; style: Sub };

const renderAndroid = (v: RenderValue, ctx: BuildRenderContext) => [
  { tag: 'color' as const, suffix: ['color'], value: ctx.sub(v.color, 'color') },
  { tag: 'dimen' as const, suffix: ['width'], value: ctx.sub(v.width, 'dimension') },
  { tag: 'string' as const, suffix: ['style'], value: typeof v.style.$lit === 'string' ? v.style.$lit : 'dashed' },
];

export const borderRender: TypeRender<RenderValue> = {
  css: (v, ctx) => `${ctx.sub(v.width, 'dimension')} ${ctx.sub(v.style, 'strokeStyle')} ${ctx.sub(v.color, 'color')}`,
  js: (v, ctx) => ({
    color: ctx.subJs(v.color, 'color'),
    width: ctx.subJs(v.width, 'dimension'),
    style: ctx.subJs(v.style, 'strokeStyle'),
  }),
  swift: (v, ctx) =>
    `BorderToken(color: ${ctx.sub(v.color, 'color')}, width: ${ctx.sub(v.width, 'dimension')}, style: ${ctx.sub(v.style, 'strokeStyle')})`,
  android: renderAndroid,
  compose: (v, ctx) =>
    `BorderToken(color = ${ctx.sub(v.color, 'color')}, width = ${ctx.sub(v.width, 'dimension')}, style = ${ctx.sub(v.style, 'strokeStyle')})`,
  docs: (css) => `<span class="box" style="border:${css}"></span>`,
  swiftType:
    'public struct BorderToken: Equatable {\n    public let color: UIColor\n    public let width: CGFloat\n    public let style: StrokeStyleToken\n}',
  composeType: 'data class BorderToken(val color: Color, val width: Dp, val style: StrokeStyleToken)',
  tsType:
    '/** border: CSS `border` parts. */\nexport interface BorderToken {\n  readonly color: string;\n  readonly width: string;\n  readonly style: StrokeStyleToken;\n}',
};

borderModule.render = borderRender;
