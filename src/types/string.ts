/** `string` (not in DTCG 2025.10; read and written as Terrazzo does): a STRING variable. */
import { canon, enc, show } from './common.js';
import type { TypeModule } from './module.js';

/** One presentation object for every such variable (kinds are never mutated). */
const STRING_KIND = { type: 'string' } as const;

export const stringModule: TypeModule<'string'> = {
  type: 'string',
  composite: false,
  parse: (raw, ctx, path = []) => {
    if (typeof raw === 'string') return raw;
    ctx.report(path, `a string token needs a string value, not ${show(raw)}`, 'Set "$value" to a string, e.g. "Inter".');
    return undefined;
  },
  canonical: (v) => canon(v, (s: string) => JSON.stringify(s)),
  encode: (v, ctx) => enc(v, ctx, (s: string) => s),
  variable: { type: 'STRING', toLiteral: (s) => ({ literal: s, kind: STRING_KIND }), fromLiteral: (l) => String(l) },
};
