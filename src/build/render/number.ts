/** number (format §8.7). */
import type { TypeRender } from './context.js';
import { kFloat, num } from './units.js';

export const numberRender: TypeRender<number> = {
  css: (n) => num(n),
  js: (n) => Number(num(n)),
  swift: (n) => `CGFloat(${num(n)})`,
  android: (n) => [Number.isInteger(n) ? { tag: 'integer', suffix: [], value: num(n) } : { tag: 'float', suffix: [], value: num(n) }],
  compose: (n) => kFloat(n),
};
