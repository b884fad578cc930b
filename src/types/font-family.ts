/**
 * `fontFamily` (format §8.3 "Font family"): one name, or a non-empty array of names, most preferred
 * first. The design file holds one string, so a stack becomes a CSS font list there.
 */
import type { FontFamily } from '../model/dtcg.js';
import { canon, enc, show } from './common.js';
import type { TypeModule } from './module.js';

/** A stack as one CSS list: names with spaces or commas quoted. */
export const fontList = (f: FontFamily): string =>
  typeof f === 'string' ? f : f.map((s) => (/[\s,]/.test(s) ? `"${s}"` : s)).join(', ');

/** One presentation object for every such variable (kinds are never mutated). */
const FAMILY = { type: 'fontFamily' } as const;

export const fontFamilyModule: TypeModule<'fontFamily'> = {
  type: 'fontFamily',
  composite: false,
  parse: (raw, ctx, path = []) => {
    if (typeof raw === 'string') return raw;
    if (Array.isArray(raw) && raw.length > 0 && raw.every((s) => typeof s === 'string')) return [...(raw as string[])];
    ctx.report(
      path,
      `a fontFamily token needs a string value, not ${show(raw)}`,
      'Set "$value" to a string, e.g. "Inter", or an array of names, e.g. ["Inter", "sans-serif"].',
    );
    return undefined;
  },
  canonical: (v) => canon(v, (f: FontFamily) => JSON.stringify(fontList(f))),
  encode: (v, ctx) => enc(v, ctx, (f: FontFamily) => (typeof f === 'string' ? f : [...f])),
  variable: {
    type: 'STRING',
    toLiteral: (f) => ({ literal: fontList(f), kind: FAMILY }),
    fromLiteral: (l) => String(l),
  },
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import { androidString as rAndroidString, cLikeString as rCLikeString } from './render/units.js';

/**
 * fontFamily (format §8.3): one name or a list of fallbacks. CSS quotes a name with anything but
 * letters, digits and hyphens (a generic family like `sans-serif` stays bare); native platforms get
 * the list as one comma-separated string, their font lookup takes the first it has.
 */
const renderList = (f: FontFamily): string[] => (Array.isArray(f) ? f : [f]);
const renderQuote = (name: string): string =>
  /^[A-Za-z-][A-Za-z0-9-]*$/.test(name) || name.includes(',') ? name : `"${name.replace(/"/g, '\\"')}"`;

export const cssFontFamily = (f: FontFamily): string => renderList(f).map(renderQuote).join(', ');
const renderJoined = (f: FontFamily): string => renderList(f).join(', ');

export const fontFamilyRender: TypeRender<FontFamily> = {
  css: cssFontFamily,
  js: (f) => cssFontFamily(f),
  swift: (f) => rCLikeString(renderJoined(f), 'swift'),
  android: (f) => [{ tag: 'string', suffix: [], value: rAndroidString(renderJoined(f)) }],
  compose: (f) => rCLikeString(renderJoined(f), 'kotlin'),
  docs: (css) => `<span class="spec" style="font-family:${css}">The quick brown fox</span>`,
};

fontFamilyModule.render = fontFamilyRender;
