/**
 * `fontFamily` (format §8.3 "Font family"): one name, or a non-empty array of names, most preferred
 * first. The design file holds one string, so a stack becomes a CSS font list there.
 */
import type { FontFamily } from '../model/dtcg.js';
import { canon, enc, show } from './common.js';
import type { TypeModule } from './module.js';

/** A stack as one CSS list: names with spaces or commas quoted. */
export const fontList = (f: FontFamily): string => (typeof f === 'string' ? f : f.map((s) => (/[\s,]/.test(s) ? `"${s}"` : s)).join(', '));

/** One presentation object for every such variable (kinds are never mutated). */
const FAMILY = { type: 'fontFamily' } as const;

export const fontFamilyModule: TypeModule<'fontFamily'> = {
  type: 'fontFamily',
  composite: false,
  parse: (raw, ctx, path = []) => {
    if (typeof raw === 'string') return raw;
    if (Array.isArray(raw) && raw.length > 0 && raw.every((s) => typeof s === 'string')) return [...(raw as string[])];
    ctx.report(path, `a fontFamily token needs a string value, not ${show(raw)}`, 'Set "$value" to a string, e.g. "Inter", or an array of names, e.g. ["Inter", "sans-serif"].');
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
