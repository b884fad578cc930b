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
const EXAMPLE =
  '{ "fontFamily": "Inter", "fontSize": { "value": 16, "unit": "px" }, "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.5 }';

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
    if (
      fontFamily === undefined ||
      fontSize === undefined ||
      fontWeight === undefined ||
      letterSpacing === undefined ||
      lineHeight === undefined
    )
      return undefined;
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

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender, RenderContext as BuildRenderContext, Sub } from './render/context.js';
import { androidString as rAndroidString, num as rNum, px as rPx } from './render/units.js';
import type { Dimension, FontFamily, FontWeight } from '../model/dtcg.js';
import { weightNumber } from './font-weight.js';

/**
 * typography (format §9.7). CSS: the token is the `font` shorthand (`weight size/line-height
 * family`) and formats/css.ts adds one custom property per part (`--x-font-family`, `--x-font-size`,
 * `--x-font-weight`, `--x-letter-spacing`, `--x-line-height`), since `letter-spacing` is not part of
 * `font`. Android gets a TextAppearance `<style>`; Swift and Compose a struct.
 */
type RenderValue = { fontFamily: Sub; fontSize: Sub; fontWeight: Sub; letterSpacing: Sub; lineHeight: Sub };

/**
 * `size/line-height`. In SCSS `$a/1.5` is a division, so with a `$reference` on either side both
 * are interpolated (`#{$a}/#{1.5}` stays a slash); two literals stay a slash by themselves.
 */
function renderSizeSlash(v: RenderValue, ctx: BuildRenderContext): string {
  const size = ctx.sub(v.fontSize, 'dimension');
  const lh = ctx.sub(v.lineHeight, 'number');
  return ctx.refs === 'scss' && (v.fontSize.$ref || v.lineHeight.$ref) ? `#{${size}}/#{${lh}}` : `${size}/${lh}`;
}

/** The CSS part properties, in `font` order; formats/css.ts prints them. */
export function typographyParts(v: RenderValue, ctx: BuildRenderContext): [string, string][] {
  return [
    ['font-family', ctx.sub(v.fontFamily, 'fontFamily')],
    ['font-size', ctx.sub(v.fontSize, 'dimension')],
    ['font-weight', ctx.sub(v.fontWeight, 'fontWeight')],
    ['letter-spacing', ctx.sub(v.letterSpacing, 'dimension')],
    ['line-height', ctx.sub(v.lineHeight, 'number')],
  ];
}

/** Android's `fontFamily` takes one family (a font resource or a system family), so the first of the list. */
const renderFamily = (v: RenderValue): string => {
  const f = v.fontFamily.$lit as FontFamily;
  return (Array.isArray(f) ? f[0]! : f.split(',')[0]!).trim().replace(/^['"]|['"]$/g, '');
};

export const typographyRender: TypeRender<RenderValue> = {
  css: (v, ctx) =>
    `${ctx.sub(v.fontWeight, 'fontWeight')} ${renderSizeSlash(v, ctx)} ${ctx.sub(v.fontFamily, 'fontFamily')}`,
  js: (v, ctx) => ({
    fontFamily: ctx.subJs(v.fontFamily, 'fontFamily'),
    fontSize: ctx.subJs(v.fontSize, 'dimension'),
    fontWeight: ctx.subJs(v.fontWeight, 'fontWeight'),
    letterSpacing: ctx.subJs(v.letterSpacing, 'dimension'),
    lineHeight: ctx.subJs(v.lineHeight, 'number'),
  }),
  swift: (v, ctx) =>
    `TypographyToken(fontFamily: ${ctx.sub(v.fontFamily, 'fontFamily')}, fontSize: ${ctx.sub(v.fontSize, 'dimension')}, fontWeight: ${ctx.sub(v.fontWeight, 'fontWeight')}, letterSpacing: ${ctx.sub(v.letterSpacing, 'dimension')}, lineHeight: ${ctx.sub(v.lineHeight, 'number')})`,
  // A TextAppearance: letterSpacing in em (of the text size), lineHeight (API 28) in sp.
  android: (v, ctx) => {
    const size = rPx(v.fontSize.$lit as Dimension, ctx.remBase);
    const spacing = rPx(v.letterSpacing.$lit as Dimension, ctx.remBase);
    return [
      {
        tag: 'style',
        suffix: [],
        value: '',
        items: [
          ['android:fontFamily', rAndroidString(renderFamily(v))],
          ['android:textSize', `${rNum(size)}sp`],
          ['android:textFontWeight', rNum(weightNumber(v.fontWeight.$lit as FontWeight))],
          ['android:letterSpacing', rNum(size === 0 ? 0 : spacing / size)],
          ['android:lineHeight', `${rNum(size * (v.lineHeight.$lit as number))}sp`],
        ],
      },
    ];
  },
  compose: (v, ctx) =>
    `TypographyToken(fontFamily = ${ctx.sub(v.fontFamily, 'fontFamily')}, fontSize = ${ctx.sub(v.fontSize, 'fontSize')}, fontWeight = ${ctx.sub(v.fontWeight, 'fontWeight')}, letterSpacing = ${ctx.sub(v.letterSpacing, 'fontSize')}, lineHeight = ${rNum(v.lineHeight.$lit as number)}f)`,
  docs: (css) => `<span class="spec" style="font:${css}">The quick brown fox</span>`,
  swiftType:
    '/** Sizes in points; lineHeight a multiple of fontSize; fontWeight 1...1000. */\npublic struct TypographyToken: Equatable {\n    public let fontFamily: String\n    public let fontSize: CGFloat\n    public let fontWeight: CGFloat\n    public let letterSpacing: CGFloat\n    public let lineHeight: CGFloat\n}',
  composeType:
    '/** lineHeight is a multiple of fontSize; fontWeight 1..1000 (FontWeight(fontWeight)). */\ndata class TypographyToken(val fontFamily: String, val fontSize: TextUnit, val fontWeight: Int, val letterSpacing: TextUnit, val lineHeight: Float)',
  tsType:
    '/** typography: CSS values; lineHeight is a multiple of fontSize. */\nexport interface TypographyToken {\n  readonly fontFamily: string;\n  readonly fontSize: string;\n  readonly fontWeight: number;\n  readonly letterSpacing: string;\n  readonly lineHeight: number;\n}',
};

typographyModule.render = typographyRender;
