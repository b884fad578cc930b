/**
 * fontFamily (format §8.3): one name or a list of fallbacks. CSS quotes a name with anything but
 * letters, digits and hyphens (a generic family like `sans-serif` stays bare); native platforms get
 * the list as one comma-separated string, their font lookup takes the first it has.
 */
import type { FontFamily } from '../../model/dtcg.js';
import type { TypeRender } from './context.js';
import { androidString, cLikeString } from './units.js';

const list = (f: FontFamily): string[] => (Array.isArray(f) ? f : [f]);
const quote = (name: string): string => (/^[A-Za-z-][A-Za-z0-9-]*$/.test(name) || name.includes(',') ? name : `'${name.replace(/'/g, "\\'")}'`);

export const cssFontFamily = (f: FontFamily): string => list(f).map(quote).join(', ');
const joined = (f: FontFamily): string => list(f).join(', ');

export const fontFamilyRender: TypeRender<FontFamily> = {
  css: cssFontFamily,
  js: (f) => cssFontFamily(f),
  swift: (f) => cLikeString(joined(f), 'swift'),
  android: (f) => [{ tag: 'string', suffix: [], value: androidString(joined(f)) }],
  compose: (f) => cLikeString(joined(f), 'kotlin'),
  docs: (css) => `<span class="spec" style="font-family:${css}">The quick brown fox</span>`,
};
