/**
 * `fontWeight` (format §8.4 "Font weight"): a number in [1, 1000] or one of the spec's names
 * (case-sensitive). The model keeps what was written; the variable holds the number.
 */
import type { FontWeight } from '../model/dtcg.js';
import { roundFloat } from '../model/values.js';
import { canon, enc, isNum, num, show } from './common.js';
import type { TypeModule } from './module.js';

/** The table of §8.4. */
export const FONT_WEIGHT_NAMES: Record<string, number> = {
  thin: 100,
  hairline: 100,
  'extra-light': 200,
  'ultra-light': 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  'semi-bold': 600,
  'demi-bold': 600,
  bold: 700,
  'extra-bold': 800,
  'ultra-bold': 800,
  black: 900,
  heavy: 900,
  'extra-black': 950,
  'ultra-black': 950,
};

/** The numeric weight of a model value. */
export const weightNumber = (w: FontWeight): number => (typeof w === 'number' ? w : (FONT_WEIGHT_NAMES[w] ?? 400));

/** One presentation object for every such variable (kinds are never mutated). */
const WEIGHT = { type: 'fontWeight' } as const;

export const fontWeightModule: TypeModule<'fontWeight'> = {
  type: 'fontWeight',
  composite: false,
  parse: (raw, ctx, path = []) => {
    if (typeof raw === 'string') {
      if (Object.hasOwn(FONT_WEIGHT_NAMES, raw)) return raw;
      ctx.report(
        path,
        `"${raw}" is not a DTCG font weight`,
        `Use a number from 1 to 1000, or one of ${Object.keys(FONT_WEIGHT_NAMES).join(', ')}.`,
      );
      return undefined;
    }
    if (!isNum(raw)) {
      ctx.report(path, `a fontWeight token needs a number, not ${show(raw)}`, 'Set "$value" to a number, e.g. 1.5.');
      return undefined;
    }
    if (raw < 1 || raw > 1000) {
      ctx.report(
        path,
        `font weight ${raw} is outside 1..1000`,
        'Use a number from 1 to 1000 (400 is regular, 700 bold).',
      );
      return undefined;
    }
    return raw;
  },
  canonical: (v) => canon(v, (w: FontWeight) => num(weightNumber(w))),
  encode: (v, ctx) => enc(v, ctx, (w: FontWeight) => (typeof w === 'number' ? roundFloat(w) : w)),
  variable: {
    type: 'FLOAT',
    toLiteral: (w) => ({ literal: weightNumber(w), kind: WEIGHT }),
    fromLiteral: (l) => roundFloat(l as number),
  },
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import { num as rNum } from './render/units.js';

/**
 * fontWeight (format §8.4): 1..1000 or one of the spec's names. CSS takes both (a name as its
 * number, since CSS has only `normal` and `bold`); native platforms get the number.
 */
export const fontWeightRender: TypeRender<FontWeight> = {
  css: (w) => rNum(weightNumber(w)),
  js: (w) => weightNumber(w),
  swift: (w) => `CGFloat(${rNum(weightNumber(w))})`,
  android: (w) => [{ tag: 'integer', suffix: [], value: rNum(weightNumber(w)) }],
  compose: (w) => rNum(weightNumber(w)),
  docs: (css) => `<span class="spec" style="font-weight:${css}">The quick brown fox</span>`,
};

fontWeightModule.render = fontWeightRender;
