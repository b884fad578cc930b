/**
 * `gradient` (format §9.6 "Gradient"): an array of stops `{ color, position }` and references to
 * gradient tokens (not flattened). A position outside [0, 1] is valid and read as clamped; the
 * model keeps it as written (the build clamps).
 */
import type { Gradient, GradientStop, Ref } from '../model/dtcg.js';
import { isAlias, type Alias } from '../model/types.js';
import { canon, canonicalRef, checkObject, enc, refText, show, subValue } from './common.js';
import { colorModule } from './color.js';
import type { EncodeContext, ParseContext, SubPath, TypeModule } from './module.js';
import { numberModule } from './number.js';

const EXAMPLE = '[{ "color": "{color.start}", "position": 0 }, { "color": "{color.end}", "position": 1 }]';

function parseStop(raw: unknown, ctx: ParseContext, path: SubPath): GradientStop | undefined {
  if (!checkObject(raw, ctx, path, 'a gradient stop', ['color', 'position'], [], '{ "color": "{color.start}", "position": 0 }')) return undefined;
  const color = subValue(colorModule, raw['color'], ctx, [...path, 'color']);
  const position = subValue(numberModule, raw['position'], ctx, [...path, 'position']);
  return color && position !== undefined ? { color, position } : undefined;
}

const canonStop = (s: Ref<GradientStop>): string =>
  isAlias(s as Alias) ? canonicalRef(s as Alias) : `${colorModule.canonical((s as GradientStop).color)}@${numberModule.canonical((s as GradientStop).position)}`;

const encodeStop = (s: Ref<GradientStop>, ctx: EncodeContext): unknown =>
  isAlias(s as Alias) ? ctx.ref(s as Alias) : { color: colorModule.encode((s as GradientStop).color, ctx), position: numberModule.encode((s as GradientStop).position, ctx) };

export const gradientModule: TypeModule<'gradient'> = {
  type: 'gradient',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (!Array.isArray(raw) || raw.length === 0) {
      ctx.report(path, `a gradient needs a non-empty array of stops, not ${show(raw)}`, `Write it as ${EXAMPLE} (format §9.6).`);
      return undefined;
    }
    const stops: Gradient = [];
    let ok = true;
    raw.forEach((item, i) => {
      const dotted = refText(item);
      const stop = dotted !== undefined ? ctx.ref(dotted, 'gradient', [...path, i]) : parseStop(item, ctx, [...path, i]);
      if (stop === undefined) ok = false;
      else stops.push(stop);
    });
    return ok ? stops : undefined;
  },
  canonical: (v) => canon(v, (g: Gradient) => `gradient(${g.map(canonStop).join(',')})`),
  encode: (v, ctx) => enc(v, ctx, (g: Gradient) => g.map((s) => encodeStop(s, ctx))),
};

// ---- render: what the build prints for this type on each platform (src/build owns it; issue 10) ----
import { isSub, type TypeRender, type RenderContext as BuildRenderContext, type Sub, type AndroidResource } from '../build/render/context.js';
import { kFloat as rKFloat, num as rNum } from '../build/render/units.js';

/**
 * gradient (format §9.6): color stops with a position in [0, 1]. The format has no angle or shape,
 * so CSS gets `linear-gradient(…)` in its default direction (top to bottom); a referenced position
 * prints `clamp(0%, var(--p) * 100%, 100%)`.
 */
type RenderStop = { color: Sub; position: Sub };

const renderCssPos = (p: Sub, ctx: BuildRenderContext): string => {
  const s = ctx.sub(p, 'number');
  // A referenced position is clamped by CSS too (format §9.6: outside [0, 1] counts as clamped).
  return p.$ref && ctx.refs !== 'resolve' ? `clamp(0%, ${s} * 100%, 100%)` : `${rNum((p.$lit as number) * 100)}%`;
};

/**
 * The stops, a referenced gradient's stops in its place (format §9 "Array aliasing"; a CSS
 * gradient cannot hold another gradient, so CSS gets them spliced too, their own references kept).
 */
const renderStops = (v: (RenderStop | Sub)[]): RenderStop[] => v.flatMap((s) => (isSub(s) ? renderStops(s.$lit as (RenderStop | Sub)[]) : [s]));

export const gradientRender: TypeRender<(RenderStop | Sub)[]> = {
  css: (v, ctx) => `linear-gradient(${renderStops(v).map((s) => `${ctx.sub(s.color, 'color')} ${renderCssPos(s.position, ctx)}`).join(', ')})`,
  js: (v, ctx) => renderStops(v).map((s) => ({ color: ctx.subJs(s.color, 'color'), position: ctx.subJs(s.position, 'number') })),
  swift: (v, ctx) => `GradientToken(stops: [${renderStops(v).map((s) => `GradientStop(color: ${ctx.sub(s.color, 'color')}, position: ${ctx.sub(s.position, 'number')})`).join(', ')}])`,
  // One resource per part of each stop, and how many stops this mode has (`x_count`).
  android: (v, ctx) => [
    { tag: 'integer' as const, suffix: ['count'], value: String(renderStops(v).length) },
    ...renderStops(v).flatMap((s, i): AndroidResource[] => [
      { tag: 'color', suffix: [String(i), 'color'], value: ctx.sub(s.color, 'color') },
      { tag: 'float', suffix: [String(i), 'position'], value: rNum(s.position.$lit as number) },
    ]),
  ],
  compose: (v, ctx) => `GradientToken(listOf(${renderStops(v).map((s) => `GradientStop(color = ${ctx.sub(s.color, 'color')}, position = ${rKFloat(s.position.$lit as number)})`).join(', ')}))`,
  docs: (css) => `<span class="chk wide"><span class="sw" style="background-image:${css}"></span></span>`,
  swiftType:
    'public struct GradientStop: Equatable {\n    public let color: UIColor\n    public let position: CGFloat\n}\n\npublic struct GradientToken: Equatable {\n    public let stops: [GradientStop]\n}',
  composeType: 'data class GradientStop(val color: Color, val position: Float)\n\ndata class GradientToken(val stops: List<GradientStop>)',
  tsType: '/** gradient: color stops, position 0..1. */\nexport type GradientToken = readonly { readonly color: string; readonly position: number }[];',
};

gradientModule.render = gradientRender;
