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
