/**
 * dimension (format §8.2): px or rem. The web keeps the unit as written; native platforms get
 * pixels 1:1 as points, dp and .dp (rem times `tokens.remBase`). A font size (`fontSizeRender`) is
 * sp on Android and Compose.
 */
import type { Dimension } from '../../model/dtcg.js';
import type { TypeRender } from './context.js';
import { num, px } from './units.js';

const web = (d: Dimension): string => `${num(d.value)}${d.unit}`;

export const dimensionRender: TypeRender<Dimension> = {
  css: web,
  js: web,
  swift: (d, ctx) => `CGFloat(${num(px(d, ctx.remBase))})`,
  android: (d, ctx) => [{ tag: 'dimen', suffix: [], value: `${num(px(d, ctx.remBase))}dp` }],
  compose: (d, ctx) => `${num(px(d, ctx.remBase))}.dp`,
  docs: (css) => `<span class="bar" style="width:${css}"></span>`,
};

export const fontSizeRender: TypeRender<Dimension> = {
  ...dimensionRender,
  android: (d, ctx) => [{ tag: 'dimen', suffix: [], value: `${num(px(d, ctx.remBase))}sp` }],
  compose: (d, ctx) => `${num(px(d, ctx.remBase))}.sp`,
  docs: (css) => `<span class="spec" style="font-size:${css}">Aa Bb Cc</span>`,
};
