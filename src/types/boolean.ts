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

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';

/** boolean (not in the 2025.10 format; the design file's BOOLEAN variables). */
export const booleanRender: TypeRender<boolean> = {
  css: (b) => String(b),
  js: (b) => b,
  swift: (b) => String(b),
  android: (b) => [{ tag: 'bool', suffix: [], value: String(b) }],
  compose: (b) => String(b),
  docs: (css) => (css === 'true' ? '✔ true' : '✘ false'),
};

booleanModule.render = booleanRender;
