/**
 * fontWeight (format §8.4): 1..1000 or one of the spec's names. CSS takes both (a name as its
 * number, since CSS has only `normal` and `bold`); native platforms get the number.
 */
import type { FontWeight } from '../../model/dtcg.js';
import type { TypeRender } from './context.js';
import { num } from './units.js';

/** §8.4's table of names. */
const NAMES: Record<string, number> = {
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

export const weightNumber = (w: FontWeight): number => (typeof w === 'number' ? w : (NAMES[w] ?? 400));

export const fontWeightRender: TypeRender<FontWeight> = {
  css: (w) => num(weightNumber(w)),
  js: (w) => weightNumber(w),
  swift: (w) => `CGFloat(${num(weightNumber(w))})`,
  android: (w) => [{ tag: 'integer', suffix: [], value: num(weightNumber(w)) }],
  compose: (w) => num(weightNumber(w)),
  docs: (css) => `<span class="spec" style="font-weight:${css}">The quick brown fox</span>`,
};
