/**
 * typography (format §9.7). CSS: the token is the `font` shorthand (`weight size/line-height
 * family`) and formats/css.ts adds one custom property per part (`--x-font-family`, `--x-font-size`,
 * `--x-font-weight`, `--x-letter-spacing`, `--x-line-height`), since `letter-spacing` is not part of
 * `font`. Android gets a TextAppearance `<style>`; Swift and Compose a struct.
 */
import type { RenderContext, Sub, TypeRender } from './context.js';
import { num, px } from './units.js';
import { weightNumber } from './fontWeight.js';
import type { Dimension, FontFamily, FontWeight } from '../../model/dtcg.js';
import { androidString } from './units.js';

type Value = { fontFamily: Sub; fontSize: Sub; fontWeight: Sub; letterSpacing: Sub; lineHeight: Sub };

/** The CSS part properties, in `font` order; formats/css.ts prints them. */
export function typographyParts(v: Value, ctx: RenderContext): [string, string][] {
  return [
    ['font-family', ctx.sub(v.fontFamily, 'fontFamily')],
    ['font-size', ctx.sub(v.fontSize, 'dimension')],
    ['font-weight', ctx.sub(v.fontWeight, 'fontWeight')],
    ['letter-spacing', ctx.sub(v.letterSpacing, 'dimension')],
    ['line-height', ctx.sub(v.lineHeight, 'number')],
  ];
}

const family = (v: Value): string => {
  const f = v.fontFamily.$lit as FontFamily;
  return Array.isArray(f) ? f.join(', ') : f;
};

export const typographyRender: TypeRender<Value> = {
  css: (v, ctx) => `${ctx.sub(v.fontWeight, 'fontWeight')} ${ctx.sub(v.fontSize, 'dimension')}/${ctx.sub(v.lineHeight, 'number')} ${ctx.sub(v.fontFamily, 'fontFamily')}`,
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
    const size = px(v.fontSize.$lit as Dimension, ctx.remBase);
    const spacing = px(v.letterSpacing.$lit as Dimension, ctx.remBase);
    return [
      {
        tag: 'style',
        suffix: [],
        value: '',
        items: [
          ['android:fontFamily', androidString(family(v))],
          ['android:textSize', `${num(size)}sp`],
          ['android:textFontWeight', num(weightNumber(v.fontWeight.$lit as FontWeight))],
          ['android:letterSpacing', num(size === 0 ? 0 : spacing / size)],
          ['android:lineHeight', `${num(size * (v.lineHeight.$lit as number))}sp`],
        ],
      },
    ];
  },
  compose: (v, ctx) =>
    `TypographyToken(fontFamily = ${ctx.sub(v.fontFamily, 'fontFamily')}, fontSize = ${ctx.sub(v.fontSize, 'fontSize')}, fontWeight = ${ctx.sub(v.fontWeight, 'fontWeight')}, letterSpacing = ${ctx.sub(v.letterSpacing, 'fontSize')}, lineHeight = ${num(v.lineHeight.$lit as number)}f)`,
  docs: (css) => `<span class="spec" style="font:${css}">The quick brown fox</span>`,
  swiftType:
    '/** Sizes in points; lineHeight a multiple of fontSize; fontWeight 1...1000. */\npublic struct TypographyToken: Equatable {\n    public let fontFamily: String\n    public let fontSize: CGFloat\n    public let fontWeight: CGFloat\n    public let letterSpacing: CGFloat\n    public let lineHeight: CGFloat\n}',
  composeType:
    '/** lineHeight is a multiple of fontSize; fontWeight 1..1000 (FontWeight(fontWeight)). */\ndata class TypographyToken(val fontFamily: String, val fontSize: TextUnit, val fontWeight: Int, val letterSpacing: TextUnit, val lineHeight: Float)',
  tsType:
    '/** typography: CSS values; lineHeight is a multiple of fontSize. */\nexport interface TypographyToken {\n  readonly fontFamily: string;\n  readonly fontSize: string;\n  readonly fontWeight: number;\n  readonly letterSpacing: string;\n  readonly lineHeight: number;\n}',
};
