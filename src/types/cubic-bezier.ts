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
      ctx.report(
        path,
        `a cubicBezier needs four numbers [P1x, P1y, P2x, P2y], not ${show(raw)}`,
        'Write it as e.g. [0.5, 0, 1, 1].',
      );
      return undefined;
    }
    for (const i of [0, 2]) {
      const x = raw[i] as number;
      if (x < 0 || x > 1) {
        ctx.report(
          [...path, i],
          `the cubicBezier's ${i === 0 ? 'P1x' : 'P2x'} must be in [0, 1], not ${x}`,
          'Keep both x coordinates between 0 and 1 (format §8.6); the y coordinates may be any number.',
        );
        return undefined;
      }
    }
    return [...raw] as CubicBezier;
  },
  canonical: (v) => canon(v, (b: CubicBezier) => `cubic(${b.map(num).join(',')})`),
  encode: (v, ctx) => enc(v, ctx, (b: CubicBezier) => b.map(roundFloat)),
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import { kFloat as rKFloat, num as rNum } from './render/units.js';

/** cubicBezier (format §8.6): `cubic-bezier()` in CSS, Compose's CubicBezierEasing, a struct in Swift. */
export const cubicBezierRender: TypeRender<CubicBezier> = {
  css: (b) => `cubic-bezier(${b.map(rNum).join(', ')})`,
  js: (b) => b.map((n) => Number(rNum(n))),
  swift: (b) => `CubicBezierToken(x1: ${rNum(b[0])}, y1: ${rNum(b[1])}, x2: ${rNum(b[2])}, y2: ${rNum(b[3])})`,
  android: (b) => ['x1', 'y1', 'x2', 'y2'].map((s, i) => ({ tag: 'float' as const, suffix: [s], value: rNum(b[i]!) })),
  compose: (b) => `CubicBezierEasing(${b.map(rKFloat).join(', ')})`,
  docs: (css) => `<span class="ease"><span style="transition-timing-function:${css}"></span></span>`,
  swiftType:
    'public struct CubicBezierToken: Equatable {\n    public let x1: Double, y1: Double, x2: Double, y2: Double\n}',
  tsType:
    '/** cubicBezier: P1x, P1y, P2x, P2y. */\nexport type CubicBezierToken = readonly [number, number, number, number];',
};

cubicBezierModule.render = cubicBezierRender;
