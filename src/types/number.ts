/** `number` (format §8.7 "Number"): a JSON number. A FLOAT variable. */
import { roundFloat } from '../model/values.js';
import { canon, enc, isNum, num, show } from './common.js';
import type { TypeModule } from './module.js';

/** One presentation object for every such variable (kinds are never mutated). */
const NUMBER = { type: 'number' } as const;

export const numberModule: TypeModule<'number'> = {
  type: 'number',
  composite: false,
  parse: (raw, ctx, path = []) => {
    if (isNum(raw)) return raw;
    ctx.report(path, `a number token needs a number, not ${show(raw)}`, 'Set "$value" to a number, e.g. 1.5.');
    return undefined;
  },
  canonical: (v) => canon(v, num),
  encode: (v, ctx) => enc(v, ctx, roundFloat),
  variable: {
    type: 'FLOAT',
    toLiteral: (n) => ({ literal: n, kind: NUMBER }),
    fromLiteral: (l) => roundFloat(l as number),
  },
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import { kFloat as rKFloat, num as rNum } from './render/units.js';

/** number (format §8.7). */
export const numberRender: TypeRender<number> = {
  css: (n) => rNum(n),
  js: (n) => Number(rNum(n)),
  swift: (n) => `CGFloat(${rNum(n)})`,
  android: (n) => [
    Number.isInteger(n) ? { tag: 'integer', suffix: [], value: rNum(n) } : { tag: 'float', suffix: [], value: rNum(n) },
  ],
  compose: (n) => rKFloat(n),
};

numberModule.render = numberRender;
