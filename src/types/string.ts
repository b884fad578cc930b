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
    ctx.report(
      path,
      `a string token needs a string value, not ${show(raw)}`,
      'Set "$value" to a string, e.g. "Inter".',
    );
    return undefined;
  },
  canonical: (v) => canon(v, (s: string) => JSON.stringify(s)),
  encode: (v, ctx) => enc(v, ctx, (s: string) => s),
  variable: { type: 'STRING', toLiteral: (s) => ({ literal: s, kind: STRING_KIND }), fromLiteral: (l) => String(l) },
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import {
  androidString as rAndroidString,
  cLikeString as rCLikeString,
  cssString as rCssString,
} from './render/units.js';

/** string (not in the 2025.10 format; the design file's STRING variables). */
export const stringRender: TypeRender<string> = {
  css: rCssString,
  js: (s) => s,
  swift: (s) => rCLikeString(s, 'swift'),
  android: (s) => [{ tag: 'string', suffix: [], value: rAndroidString(s) }],
  compose: (s) => rCLikeString(s, 'kotlin'),
};

stringModule.render = stringRender;
