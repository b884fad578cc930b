/** `boolean` (not in DTCG 2025.10; read and written as Terrazzo does): a BOOLEAN variable. */
import { canon, enc, show } from './common.js';
import type { TypeModule } from './module.js';

/** One presentation object for every such variable (kinds are never mutated). */
const BOOLEAN_KIND = { type: 'boolean' } as const;

export const booleanModule: TypeModule<'boolean'> = {
  type: 'boolean',
  composite: false,
  parse: (raw, ctx, path = []) => {
    if (typeof raw === 'boolean') return raw;
    ctx.report(path, `a boolean token needs true or false, not ${show(raw)}`, 'Set "$value" to true or false.');
    return undefined;
  },
  canonical: (v) => canon(v, (b: boolean) => String(b)),
  encode: (v, ctx) => enc(v, ctx, (b: boolean) => b),
  variable: { type: 'BOOLEAN', toLiteral: (b) => ({ literal: b, kind: BOOLEAN_KIND }), fromLiteral: (l) => Boolean(l) },
};
