/** boolean (not in the 2025.10 format; the design file's BOOLEAN variables). */
import type { TypeRender } from './context.js';

export const booleanRender: TypeRender<boolean> = {
  css: (b) => String(b),
  js: (b) => b,
  swift: (b) => String(b),
  android: (b) => [{ tag: 'bool', suffix: [], value: String(b) }],
  compose: (b) => String(b),
  docs: (css) => (css === 'true' ? '✔ true' : '✘ false'),
};
