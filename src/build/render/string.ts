/** string (not in the 2025.10 format; the design file's STRING variables). */
import type { TypeRender } from './context.js';
import { androidString, cLikeString, cssString } from './units.js';

export const stringRender: TypeRender<string> = {
  css: cssString,
  js: (s) => s,
  swift: (s) => cLikeString(s, 'swift'),
  android: (s) => [{ tag: 'string', suffix: [], value: androidString(s) }],
  compose: (s) => cLikeString(s, 'kotlin'),
};
