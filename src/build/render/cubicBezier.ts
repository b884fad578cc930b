/** cubicBezier (format §8.6): `cubic-bezier()` in CSS, Compose's CubicBezierEasing, a struct in Swift. */
import type { CubicBezier } from '../../model/dtcg.js';
import type { TypeRender } from './context.js';
import { kFloat, num } from './units.js';

export const cubicBezierRender: TypeRender<CubicBezier> = {
  css: (b) => `cubic-bezier(${b.map(num).join(', ')})`,
  js: (b) => b.map((n) => Number(num(n))),
  swift: (b) => `CubicBezierToken(x1: ${num(b[0])}, y1: ${num(b[1])}, x2: ${num(b[2])}, y2: ${num(b[3])})`,
  android: (b) => ['x1', 'y1', 'x2', 'y2'].map((s, i) => ({ tag: 'float' as const, suffix: [s], value: num(b[i]!) })),
  compose: (b) => `CubicBezierEasing(${b.map(kFloat).join(', ')})`,
  docs: (css) => `<span class="ease"><span style="transition-timing-function:${css}"></span></span>`,
  swiftType: 'public struct CubicBezierToken: Equatable {\n    public let x1: Double, y1: Double, x2: Double, y2: Double\n}',
  tsType: '/** cubicBezier: P1x, P1y, P2x, P2y. */\nexport type CubicBezierToken = readonly [number, number, number, number];',
};
