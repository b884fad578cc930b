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
  if (!checkObject(raw, ctx, path, 'a shadow', ['color', 'offsetX', 'offsetY', 'blur', 'spread'], ['inset'], EXAMPLE)) return undefined;
  const color = subValue(colorModule, raw['color'], ctx, [...path, 'color']);
  const offsetX = subValue(dimensionModule, raw['offsetX'], ctx, [...path, 'offsetX']);
  const offsetY = subValue(dimensionModule, raw['offsetY'], ctx, [...path, 'offsetY']);
  const blur = subValue(dimensionModule, raw['blur'], ctx, [...path, 'blur']);
  const spread = subValue(dimensionModule, raw['spread'], ctx, [...path, 'spread']);
  const inset = raw['inset'];
  if (inset !== undefined && typeof inset !== 'boolean') {
    ctx.report([...path, 'inset'], `the shadow's "inset" must be true or false, not ${show(inset)}`, 'Set "inset": true for an inner shadow, or remove it.');
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
        `shadow(${colorModule.canonical(x.color)};${[x.offsetX, x.offsetY, x.blur, x.spread].map((d) => dimensionModule.canonical(d)).join(';')};${x.inset === true})`)(l as ShadowLayer);

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
      ctx.report(path, 'a shadow array needs at least one shadow', `Write one shadow object, e.g. ${EXAMPLE}, or remove the token.`);
      return undefined;
    }
    const layers: Ref<ShadowLayer>[] = [];
    let ok = true;
    raw.forEach((item, i) => {
      const dotted = refText(item);
      const layer = dotted !== undefined ? ctx.ref(dotted, 'shadow', [...path, i]) : parseLayer(item, ctx, [...path, i]);
      if (layer === undefined) ok = false;
      else layers.push(layer);
    });
    return ok ? layers : undefined;
  },
  canonical: (v) => canon(v, (s: Shadow) => (Array.isArray(s) ? `[${s.map(canonLayer).join(',')}]` : canonLayer(s))),
  encode: (v, ctx) => enc(v, ctx, (s: Shadow) => (Array.isArray(s) ? s.map((l) => encodeLayer(l, ctx)) : encodeLayer(s, ctx))),
};
