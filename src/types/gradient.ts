/**
 * `gradient` (format §9.6 "Gradient"): an array of stops `{ color, position }` and references to
 * gradient tokens (not flattened). A position outside [0, 1] is valid and read as clamped; the
 * model keeps it as written (the build clamps).
 */
import type { Gradient, GradientShape, GradientStop, Ref } from '../model/dtcg.js';
import { isAlias, type Alias } from '../model/types.js';
import { canon, canonicalRef, checkObject, enc, refText, show, subValue } from './common.js';
import { colorModule } from './color.js';
import type { EncodeContext, ParseContext, SubPath, TypeModule } from './module.js';
import { numberModule } from './number.js';

const EXAMPLE = '[{ "color": "{color.start}", "position": 0 }, { "color": "{color.end}", "position": 1 }]';

function parseStop(raw: unknown, ctx: ParseContext, path: SubPath): GradientStop | undefined {
  if (
    !checkObject(
      raw,
      ctx,
      path,
      'a gradient stop',
      ['color', 'position'],
      [],
      '{ "color": "{color.start}", "position": 0 }',
    )
  )
    return undefined;
  const color = subValue(colorModule, raw['color'], ctx, [...path, 'color']);
  const position = subValue(numberModule, raw['position'], ctx, [...path, 'position']);
  return color && position !== undefined ? { color, position } : undefined;
}

const canonStop = (s: Ref<GradientStop>): string =>
  isAlias(s as Alias)
    ? canonicalRef(s as Alias)
    : `${colorModule.canonical((s as GradientStop).color)}@${numberModule.canonical((s as GradientStop).position)}`;

const encodeStop = (s: Ref<GradientStop>, ctx: EncodeContext): unknown =>
  isAlias(s as Alias)
    ? ctx.ref(s as Alias)
    : {
        color: colorModule.encode((s as GradientStop).color, ctx),
        position: numberModule.encode((s as GradientStop).position, ctx),
      };

const isPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

/**
 * `$extensions["dev.tokensync"].gradient` (`{ "type": "linear", "angle": 90 }` or
 * `{ "type": "radial" }`, optionally with `"center": [x, y]` and `"radii": [rx, ry]` as fractions of
 * the box, written by a pulled paint style: docs/styles.md) as the model's shape;
 * anything else is no shape (the gradient builds as DTCG's, linear top to bottom).
 */
export function gradientShape(ours: Record<string, unknown>): GradientShape | undefined {
  const g = ours['gradient'];
  if (typeof g !== 'object' || g === null) return undefined;
  const { type, angle, center, radii } = g as Record<string, unknown>;
  if (type === 'radial') {
    const shape: GradientShape = { type };
    if (isPair(center)) shape.center = center;
    if (isPair(radii) && radii[0] > 0 && radii[1] > 0) shape.radii = radii;
    return shape;
  }
  if (type !== 'linear') return undefined;
  return typeof angle === 'number' && Number.isFinite(angle) ? { type, angle } : { type };
}

/**
 * The shape's part of the canonical form: nothing for DTCG's default (no shape, or linear at 180deg,
 * top to bottom), so a gradient without a shape compares as it always did; otherwise its kind and
 * angle, so editing only those is a change diff reports.
 */
const canonShape = (shape: GradientShape | undefined): string =>
  shape?.type === 'radial'
    ? ` radial${shape.center ? ` at ${shape.center.map(numberModule.canonical).join(' ')}` : ''}${shape.radii ? ` r ${shape.radii.map(numberModule.canonical).join(' ')}` : ''}`
    : shape?.angle !== undefined && shape.angle !== 180
      ? ` linear ${numberModule.canonical(shape.angle)}deg`
      : '';

export const gradientModule: TypeModule<'gradient'> = {
  type: 'gradient',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (!Array.isArray(raw) || raw.length === 0) {
      ctx.report(
        path,
        `a gradient needs a non-empty array of stops, not ${show(raw)}`,
        `Write it as ${EXAMPLE} (format §9.6).`,
      );
      return undefined;
    }
    const stops: Gradient = [];
    let ok = true;
    raw.forEach((item, i) => {
      const dotted = refText(item);
      const stop =
        dotted !== undefined ? ctx.ref(dotted, 'gradient', [...path, i]) : parseStop(item, ctx, [...path, i]);
      if (stop === undefined) ok = false;
      else stops.push(stop);
    });
    return ok ? stops : undefined;
  },
  canonical: (v) => canon(v, (g: Gradient) => `gradient(${g.map(canonStop).join(',')})${canonShape(g.shape)}`),
  encode: (v, ctx) => enc(v, ctx, (g: Gradient) => g.map((s) => encodeStop(s, ctx))),
  extension: (v, ours) => {
    const shape = gradientShape(ours);
    if (shape !== undefined) v.shape = shape;
    return v;
  },
  extensionOf: (v) =>
    v.shape
      ? {
          gradient:
            v.shape.type === 'radial'
              ? {
                  type: 'radial',
                  ...(v.shape.center ? { center: v.shape.center } : {}),
                  ...(v.shape.radii ? { radii: v.shape.radii } : {}),
                }
              : { type: 'linear', ...(v.shape.angle !== undefined ? { angle: v.shape.angle } : {}) },
        }
      : undefined,
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import {
  isSub,
  type TypeRender,
  type RenderContext as BuildRenderContext,
  type Sub,
  type AndroidResource,
} from './render/context.js';
import { kFloat as rKFloat, num as rNum } from './render/units.js';

/**
 * gradient (format §9.6): color stops with a position in [0, 1]. The format has no angle or shape:
 * a gradient with none builds as CSS `linear-gradient(…)` in its default direction (top to
 * bottom); one pulled from a paint style carries its kind and angle (`$extensions`, the model's
 * `shape`, tree.ts), so CSS prints `radial-gradient(…)` or `linear-gradient(<angle>deg, …)` and
 * Swift, Compose and Android say the kind and angle too. A referenced position prints
 * `clamp(0%, var(--p) * 100%, 100%)`.
 */
type RenderStop = { color: Sub; position: Sub };
/** What tree.ts hands the renderer: the stops and, when known, the gradient's shape. */
export interface RenderGradient {
  stops: (RenderStop | Sub)[];
  shape?: GradientShape;
}

const renderCssPos = (p: Sub, ctx: BuildRenderContext): string => {
  const s = ctx.sub(p, 'number');
  // A referenced position is clamped by CSS too (format §9.6: outside [0, 1] counts as clamped).
  return p.$ref && ctx.refs !== 'resolve' ? `clamp(0%, ${s} * 100%, 100%)` : `${rNum((p.$lit as number) * 100)}%`;
};

/**
 * The stops, a referenced gradient's stops in its place (format §9 "Array aliasing"; a CSS
 * gradient cannot hold another gradient, so CSS gets them spliced too, their own references kept).
 */
const renderStops = (v: RenderGradient): RenderStop[] =>
  v.stops.flatMap((s) => (isSub(s) ? renderStops(s.$lit as RenderGradient) : [s]));

/** `50%`: a fraction of the box as a CSS percentage. */
const pct = (f: number): string => `${rNum(f * 100)}%`;

/**
 * `radial-gradient(` (CSS's centred ellipse), with a known size and centre
 * `radial-gradient(40% 25% at 30% 50%, `; `linear-gradient(90deg, ` or (no shape, or the default
 * 180deg) `linear-gradient(`.
 */
const cssHead = (shape: GradientShape | undefined): string =>
  shape?.type === 'radial'
    ? shape.center || shape.radii
      ? `radial-gradient(${[shape.radii?.map(pct).join(' '), shape.center ? `at ${shape.center.map(pct).join(' ')}` : undefined].filter(Boolean).join(' ')}, `
      : 'radial-gradient('
    : shape?.angle !== undefined && shape.angle !== 180
      ? `linear-gradient(${rNum(shape.angle)}deg, `
      : 'linear-gradient(';

/**
 * Swift/Compose arguments after the stops: only what differs from the type's defaults (linear, 180;
 * a radial one centred, reaching the farthest corner as CSS's does). A radial gradient keeps its
 * centre and radii as the style gives them (fractions of the box, docs/build.md "Every DTCG 2025.10 type").
 */
const nativeShape = (shape: GradientShape | undefined, lang: 'swift' | 'compose'): string => {
  const sep = lang === 'swift' ? ': ' : ' = ';
  const float = lang === 'swift' ? rNum : rKFloat;
  if (shape?.type === 'radial') {
    const [cx, cy] = shape.center ?? [0.5, 0.5];
    const center =
      cx === 0.5 && cy === 0.5
        ? ''
        : lang === 'swift'
          ? `, center: CGPoint(x: ${rNum(cx)}, y: ${rNum(cy)})`
          : `, centerX = ${rKFloat(cx)}, centerY = ${rKFloat(cy)}`;
    const radii = !shape.radii
      ? ''
      : lang === 'swift'
        ? `, radii: CGSize(width: ${rNum(shape.radii[0])}, height: ${rNum(shape.radii[1])})`
        : `, radiusX = ${rKFloat(shape.radii[0])}, radiusY = ${rKFloat(shape.radii[1])}`;
    return `, radial${sep}true${center}${radii}`;
  }
  return shape?.angle !== undefined && shape.angle !== 180 ? `, angle${sep}${float(shape.angle)}` : '';
};

/** Android: a radial gradient's centre and radii as float resources beside its `type`. */
const androidRadial = (shape: GradientShape | undefined): AndroidResource[] => {
  if (shape?.type !== 'radial') return [];
  const out: AndroidResource[] = [];
  if (shape.center) {
    out.push({ tag: 'float', suffix: ['center', 'x'], value: rNum(shape.center[0]) });
    out.push({ tag: 'float', suffix: ['center', 'y'], value: rNum(shape.center[1]) });
  }
  if (shape.radii) {
    out.push({ tag: 'float', suffix: ['radius', 'x'], value: rNum(shape.radii[0]) });
    out.push({ tag: 'float', suffix: ['radius', 'y'], value: rNum(shape.radii[1]) });
  }
  return out;
};

export const gradientRender: TypeRender<RenderGradient> = {
  css: (v, ctx) =>
    `${cssHead(v.shape)}${renderStops(v)
      .map((s) => `${ctx.sub(s.color, 'color')} ${renderCssPos(s.position, ctx)}`)
      .join(', ')})`,
  // TS and JSON keep the DTCG shape (an array of stops), as the token files write it.
  js: (v, ctx) =>
    renderStops(v).map((s) => ({ color: ctx.subJs(s.color, 'color'), position: ctx.subJs(s.position, 'number') })),
  swift: (v, ctx) =>
    `GradientToken(stops: [${renderStops(v)
      .map((s) => `GradientStop(color: ${ctx.sub(s.color, 'color')}, position: ${ctx.sub(s.position, 'number')})`)
      .join(', ')}]${nativeShape(v.shape, 'swift')})`,
  // One resource per part of each stop, how many stops this mode has (`x_count`), and the kind and angle when known.
  android: (v, ctx) => [
    { tag: 'integer' as const, suffix: ['count'], value: String(renderStops(v).length) },
    ...renderStops(v).flatMap((s, i): AndroidResource[] => [
      { tag: 'color', suffix: [String(i), 'color'], value: ctx.sub(s.color, 'color') },
      { tag: 'float', suffix: [String(i), 'position'], value: rNum(s.position.$lit as number) },
    ]),
    ...(v.shape ? [{ tag: 'string' as const, suffix: ['type'], value: v.shape.type }] : []),
    ...(v.shape?.angle !== undefined ? [{ tag: 'float' as const, suffix: ['angle'], value: rNum(v.shape.angle) }] : []),
    ...androidRadial(v.shape),
  ],
  compose: (v, ctx) =>
    `GradientToken(listOf(${renderStops(v)
      .map(
        (s) => `GradientStop(color = ${ctx.sub(s.color, 'color')}, position = ${rKFloat(s.position.$lit as number)})`,
      )
      .join(', ')})${nativeShape(v.shape, 'compose')})`,
  docs: (css) => `<span class="chk wide"><span class="sw" style="background-image:${css}"></span></span>`,
  swiftType:
    "public struct GradientStop: Equatable {\n    public let color: UIColor\n    public let position: CGFloat\n}\n\n/// `radial` or linear at `angle` degrees (CSS: 0 points up, 90 right; 180, top to bottom, is DTCG's default).\n/// A radial one's `center` and `radii` are fractions of the box; `radii` nil reaches the farthest corner, as CSS's.\npublic struct GradientToken: Equatable {\n    public let stops: [GradientStop]\n    public var radial: Bool = false\n    public var angle: CGFloat = 180\n    public var center: CGPoint = CGPoint(x: 0.5, y: 0.5)\n    public var radii: CGSize? = nil\n}",
  composeType:
    "data class GradientStop(val color: Color, val position: Float)\n\n/**\n * `radial`, or linear at `angle` degrees (CSS: 0 points up, 90 right; 180, top to bottom, is DTCG's default).\n * A radial one's centre and radii are fractions of the box; no radii reaches the farthest corner, as CSS's.\n */\ndata class GradientToken(\n  val stops: List<GradientStop>,\n  val radial: Boolean = false,\n  val angle: Float = 180f,\n  val centerX: Float = 0.5f,\n  val centerY: Float = 0.5f,\n  val radiusX: Float? = null,\n  val radiusY: Float? = null,\n)",
  tsType:
    '/** gradient: color stops, position 0..1. */\nexport type GradientToken = readonly { readonly color: string; readonly position: number }[];',
};

gradientModule.render = gradientRender;
