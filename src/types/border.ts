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
  canonical: (v) => canon(v, (b: Border) => `border(${colorModule.canonical(b.color)};${dimensionModule.canonical(b.width)};${strokeStyleModule.canonical(b.style)})`),
  encode: (v, ctx) =>
    enc(v, ctx, (b: Border) => ({ color: colorModule.encode(b.color, ctx), width: dimensionModule.encode(b.width, ctx), style: strokeStyleModule.encode(b.style, ctx) })),
};
