/**
 * `cubicBezier` (format §8.6 "Cubic Bézier"): `[P1x, P1y, P2x, P2y]`, x in [0, 1], y any number.
 * Repository-owned: no design-file variable holds four numbers.
 */
import type { CubicBezier } from '../model/dtcg.js';
import { roundFloat } from '../model/values.js';
import { canon, enc, isNum, num, show } from './common.js';
import type { TypeModule } from './module.js';

export const cubicBezierModule: TypeModule<'cubicBezier'> = {
  type: 'cubicBezier',
  composite: false,
  parse: (raw, ctx, path = []) => {
    if (!Array.isArray(raw) || raw.length !== 4 || !raw.every(isNum)) {
      ctx.report(path, `a cubicBezier needs four numbers [P1x, P1y, P2x, P2y], not ${show(raw)}`, 'Write it as e.g. [0.5, 0, 1, 1].');
      return undefined;
    }
    for (const i of [0, 2]) {
      const x = raw[i] as number;
      if (x < 0 || x > 1) {
        ctx.report([...path, i], `the cubicBezier's ${i === 0 ? 'P1x' : 'P2x'} must be in [0, 1], not ${x}`, 'Keep both x coordinates between 0 and 1 (format §8.6); the y coordinates may be any number.');
        return undefined;
      }
    }
    return [...raw] as CubicBezier;
  },
  canonical: (v) => canon(v, (b: CubicBezier) => `cubic(${b.map(num).join(',')})`),
  encode: (v, ctx) => enc(v, ctx, (b: CubicBezier) => b.map(roundFloat)),
};
