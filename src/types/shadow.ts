/**
 * `shadow` (format §9.5 "Shadow"): one shadow object, or an array of shadow objects and references
 * to shadow tokens (not flattened: format §9 "Array aliasing in composite types").
 */
import type { Ref, Shadow, ShadowLayer } from '../model/dtcg.js';
import { isAlias, type Alias } from '../model/types.js';
import { canon, canonicalRef, checkObject, enc, refText, show, subValue } from './common.js';
import { colorModule } from './color.js';
import { dimensionModule } from './dimension.js';
import type { EncodeContext, ParseContext, SubPath, TypeModule } from './module.js';

const EXAMPLE =
  '{ "color": "{color.shadow}", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 4, "unit": "px" }, "blur": { "value": 8, "unit": "px" }, "spread": { "value": 0, "unit": "px" } }';

function parseLayer(raw: unknown, ctx: ParseContext, path: SubPath): ShadowLayer | undefined {
  if (!checkObject(raw, ctx, path, 'a shadow', ['color', 'offsetX', 'offsetY', 'blur', 'spread'], ['inset'], EXAMPLE))
    return undefined;
  const color = subValue(colorModule, raw['color'], ctx, [...path, 'color']);
  const offsetX = subValue(dimensionModule, raw['offsetX'], ctx, [...path, 'offsetX']);
  const offsetY = subValue(dimensionModule, raw['offsetY'], ctx, [...path, 'offsetY']);
  const blur = subValue(dimensionModule, raw['blur'], ctx, [...path, 'blur']);
  const spread = subValue(dimensionModule, raw['spread'], ctx, [...path, 'spread']);
  const inset = raw['inset'];
  if (inset !== undefined && typeof inset !== 'boolean') {
    ctx.report(
      [...path, 'inset'],
      `the shadow's "inset" must be true or false, not ${show(inset)}`,
      'Set "inset": true for an inner shadow, or remove it.',
    );
    return undefined;
  }
  if (!(color && offsetX && offsetY && blur && spread)) return undefined;
  const layer: ShadowLayer = { color, offsetX, offsetY, blur, spread };
  if (inset !== undefined) layer.inset = inset;
  return layer;
}

const canonLayer = (l: Ref<ShadowLayer>): string =>
  isAlias(l as Alias)
    ? canonicalRef(l as Alias)
    : ((x: ShadowLayer) =>
        `shadow(${colorModule.canonical(x.color)};${[x.offsetX, x.offsetY, x.blur, x.spread].map((d) => dimensionModule.canonical(d)).join(';')};${x.inset === true})`)(
        l as ShadowLayer,
      );

function encodeLayer(l: Ref<ShadowLayer>, ctx: EncodeContext): unknown {
  if (isAlias(l as Alias)) return ctx.ref(l as Alias);
  const x = l as ShadowLayer;
  const out: Record<string, unknown> = {
    color: colorModule.encode(x.color, ctx),
    offsetX: dimensionModule.encode(x.offsetX, ctx),
    offsetY: dimensionModule.encode(x.offsetY, ctx),
    blur: dimensionModule.encode(x.blur, ctx),
    spread: dimensionModule.encode(x.spread, ctx),
  };
  if (x.inset !== undefined) out['inset'] = x.inset;
  return out;
}

export const shadowModule: TypeModule<'shadow'> = {
  type: 'shadow',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (!Array.isArray(raw)) return parseLayer(raw, ctx, path);
    if (raw.length === 0) {
      ctx.report(
        path,
        'a shadow array needs at least one shadow',
        `Write one shadow object, e.g. ${EXAMPLE}, or remove the token.`,
      );
      return undefined;
    }
    const layers: Ref<ShadowLayer>[] = [];
    let ok = true;
    raw.forEach((item, i) => {
      const dotted = refText(item);
      const layer =
        dotted !== undefined ? ctx.ref(dotted, 'shadow', [...path, i]) : parseLayer(item, ctx, [...path, i]);
      if (layer === undefined) ok = false;
      else layers.push(layer);
    });
    return ok ? layers : undefined;
  },
  canonical: (v) => canon(v, (s: Shadow) => (Array.isArray(s) ? `[${s.map(canonLayer).join(',')}]` : canonLayer(s))),
  encode: (v, ctx) =>
    enc(v, ctx, (s: Shadow) => (Array.isArray(s) ? s.map((l) => encodeLayer(l, ctx)) : encodeLayer(s, ctx))),
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import {
  isSub,
  type TypeRender,
  type RenderContext as BuildRenderContext,
  type Sub,
  type AndroidResource,
} from './render/context.js';

/**
 * shadow (format §9.5): one layer or several, CSS `box-shadow` (`inset x y blur spread color`,
 * layers comma-separated, top first as in CSS).
 */
type RenderLayer = { color: Sub; offsetX: Sub; offsetY: Sub; blur: Sub; spread: Sub; inset?: boolean };
/** An array item may be a reference to another shadow token (format §9 "Array aliasing"): a `Sub`. */
type RenderValue = RenderLayer | (RenderLayer | Sub)[];
/** The layers, a referenced shadow's layers in its place (static platforms have no references). */
const renderLayers = (v: RenderValue): RenderLayer[] =>
  (Array.isArray(v) ? v : [v]).flatMap((l) => (isSub(l) ? renderLayers(l.$lit as RenderValue) : [l]));

const renderCssLayer = (l: RenderLayer, ctx: BuildRenderContext): string =>
  `${l.inset === true ? 'inset ' : ''}${ctx.sub(l.offsetX, 'dimension')} ${ctx.sub(l.offsetY, 'dimension')} ${ctx.sub(l.blur, 'dimension')} ${ctx.sub(l.spread, 'dimension')} ${ctx.sub(l.color, 'color')}`;

const renderJsLayer = (l: RenderLayer, ctx: BuildRenderContext): Record<string, unknown> => ({
  color: ctx.subJs(l.color, 'color'),
  offsetX: ctx.subJs(l.offsetX, 'dimension'),
  offsetY: ctx.subJs(l.offsetY, 'dimension'),
  blur: ctx.subJs(l.blur, 'dimension'),
  spread: ctx.subJs(l.spread, 'dimension'),
  inset: l.inset === true,
});

const renderArgs = (l: RenderLayer, ctx: BuildRenderContext, eq: string): string =>
  `${['color', 'offsetX', 'offsetY', 'blur', 'spread']
    .map((k) => `${k}${eq}${ctx.sub(l[k as keyof RenderLayer] as Sub, k === 'color' ? 'color' : 'dimension')}`)
    .join(', ')}, inset${eq}${l.inset === true}`;

export const shadowRender: TypeRender<RenderValue> = {
  // A referenced shadow stays `var(--…)` in the list: box-shadow takes a var() that holds layers.
  css: (v, ctx) =>
    (Array.isArray(v) ? v : [v]).map((l) => (isSub(l) ? ctx.sub(l, 'shadow') : renderCssLayer(l, ctx))).join(', '),
  js: (v, ctx) => renderLayers(v).map((l) => renderJsLayer(l, ctx)),
  swift: (v, ctx) =>
    `ShadowToken(layers: [${renderLayers(v)
      .map((l) => `ShadowLayer(${renderArgs(l, ctx, ': ')})`)
      .join(', ')}])`,
  // One resource per part of each layer, and how many layers this mode has (`x_count`).
  android: (v, ctx) => [
    { tag: 'integer' as const, suffix: ['count'], value: String(renderLayers(v).length) },
    ...renderLayers(v).flatMap((l, i): AndroidResource[] => {
      const at = [String(i)];
      return [
        { tag: 'color', suffix: [...at, 'color'], value: ctx.sub(l.color, 'color') },
        { tag: 'dimen', suffix: [...at, 'offset_x'], value: ctx.sub(l.offsetX, 'dimension') },
        { tag: 'dimen', suffix: [...at, 'offset_y'], value: ctx.sub(l.offsetY, 'dimension') },
        { tag: 'dimen', suffix: [...at, 'blur'], value: ctx.sub(l.blur, 'dimension') },
        { tag: 'dimen', suffix: [...at, 'spread'], value: ctx.sub(l.spread, 'dimension') },
        { tag: 'bool', suffix: [...at, 'inset'], value: String(l.inset === true) },
      ];
    }),
  ],
  compose: (v, ctx) =>
    `ShadowToken(listOf(${renderLayers(v)
      .map((l) => `ShadowLayer(${renderArgs(l, ctx, ' = ')})`)
      .join(', ')}))`,
  docs: (css) => `<span class="box" style="box-shadow:${css}"></span>`,
  swiftType:
    'public struct ShadowLayer: Equatable {\n    public let color: UIColor\n    public let offsetX: CGFloat\n    public let offsetY: CGFloat\n    public let blur: CGFloat\n    public let spread: CGFloat\n    public let inset: Bool\n}\n\n/** Layers top first, as CSS lists them. */\npublic struct ShadowToken: Equatable {\n    public let layers: [ShadowLayer]\n}',
  composeType:
    'data class ShadowLayer(val color: Color, val offsetX: Dp, val offsetY: Dp, val blur: Dp, val spread: Dp, val inset: Boolean)\n\n/** Layers top first, as CSS lists them. */\ndata class ShadowToken(val layers: List<ShadowLayer>)',
  tsType:
    '/** One layer of a shadow: CSS `box-shadow` parts. */\nexport interface ShadowLayer {\n  readonly color: string;\n  readonly offsetX: string;\n  readonly offsetY: string;\n  readonly blur: string;\n  readonly spread: string;\n  readonly inset: boolean;\n}\n/** shadow: layers top first, as CSS lists them. */\nexport type ShadowToken = readonly ShadowLayer[];',
};

shadowModule.render = shadowRender;
