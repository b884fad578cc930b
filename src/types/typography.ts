/**
 * `typography` (format §9.7 "Typography"): `{ fontFamily, fontSize, fontWeight, letterSpacing,
 * lineHeight }`, each a value or a reference; `lineHeight` is a number (a multiplier of fontSize).
 */
import type { Typography } from '../model/dtcg.js';
import { canon, checkObject, enc, subValue } from './common.js';
import { dimensionModule } from './dimension.js';
import { fontFamilyModule } from './font-family.js';
import { fontWeightModule } from './font-weight.js';
import type { TypeModule } from './module.js';
import { numberModule } from './number.js';

const KEYS = ['fontFamily', 'fontSize', 'fontWeight', 'letterSpacing', 'lineHeight'] as const;
const EXAMPLE = '{ "fontFamily": "Inter", "fontSize": { "value": 16, "unit": "px" }, "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.5 }';

export const typographyModule: TypeModule<'typography'> = {
  type: 'typography',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (!checkObject(raw, ctx, path, 'a typography', KEYS, [], EXAMPLE)) return undefined;
    const fontFamily = subValue(fontFamilyModule, raw['fontFamily'], ctx, [...path, 'fontFamily']);
    const fontSize = subValue(dimensionModule, raw['fontSize'], ctx, [...path, 'fontSize']);
    const fontWeight = subValue(fontWeightModule, raw['fontWeight'], ctx, [...path, 'fontWeight']);
    const letterSpacing = subValue(dimensionModule, raw['letterSpacing'], ctx, [...path, 'letterSpacing']);
    const lineHeight = subValue(numberModule, raw['lineHeight'], ctx, [...path, 'lineHeight']);
    if (fontFamily === undefined || fontSize === undefined || fontWeight === undefined || letterSpacing === undefined || lineHeight === undefined) return undefined;
    return { fontFamily, fontSize, fontWeight, letterSpacing, lineHeight };
  },
  canonical: (v) =>
    canon(
      v,
      (t: Typography) =>
        `typography(${fontFamilyModule.canonical(t.fontFamily)};${dimensionModule.canonical(t.fontSize)};${fontWeightModule.canonical(t.fontWeight)};${dimensionModule.canonical(t.letterSpacing)};${numberModule.canonical(t.lineHeight)})`,
    ),
  encode: (v, ctx) =>
    enc(v, ctx, (t: Typography) => ({
      fontFamily: fontFamilyModule.encode(t.fontFamily, ctx),
      fontSize: dimensionModule.encode(t.fontSize, ctx),
      fontWeight: fontWeightModule.encode(t.fontWeight, ctx),
      letterSpacing: dimensionModule.encode(t.letterSpacing, ctx),
      lineHeight: numberModule.encode(t.lineHeight, ctx),
    })),
};
