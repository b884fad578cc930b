/** transition (format §9.4): CSS `transition` shorthand `duration timing-function delay` (all properties). */
import type { Sub, TypeRender } from './context.js';

type Value = { duration: Sub; delay: Sub; timingFunction: Sub };

export const transitionRender: TypeRender<Value> = {
  css: (v, ctx) => `${ctx.sub(v.duration, 'duration')} ${ctx.sub(v.timingFunction, 'cubicBezier')} ${ctx.sub(v.delay, 'duration')}`,
  js: (v, ctx) => ({ duration: ctx.subJs(v.duration, 'duration'), delay: ctx.subJs(v.delay, 'duration'), timingFunction: ctx.subJs(v.timingFunction, 'cubicBezier') }),
  swift: (v, ctx) => `TransitionToken(duration: ${ctx.sub(v.duration, 'duration')}, delay: ${ctx.sub(v.delay, 'duration')}, timingFunction: ${ctx.sub(v.timingFunction, 'cubicBezier')})`,
  android: (v, ctx) => [
    { tag: 'integer', suffix: ['duration'], value: ctx.sub(v.duration, 'duration') },
    { tag: 'integer', suffix: ['delay'], value: ctx.sub(v.delay, 'duration') },
    ...['x1', 'y1', 'x2', 'y2'].map((s, i) => ({ tag: 'float' as const, suffix: ['timing', s], value: String((v.timingFunction.$lit as number[])[i]) })),
  ],
  compose: (v, ctx) => `TransitionToken(durationMillis = ${ctx.sub(v.duration, 'duration')}, delayMillis = ${ctx.sub(v.delay, 'duration')}, easing = ${ctx.sub(v.timingFunction, 'cubicBezier')})`,
  docs: (css) => `<code class="tr">transition: ${css}</code>`,
  swiftType:
    'public struct TransitionToken: Equatable {\n    public let duration: TimeInterval\n    public let delay: TimeInterval\n    public let timingFunction: CubicBezierToken\n}',
  composeType: 'data class TransitionToken(val durationMillis: Int, val delayMillis: Int, val easing: CubicBezierEasing)',
  tsType: '/** transition: CSS `transition` parts. */\nexport interface TransitionToken {\n  readonly duration: string;\n  readonly delay: string;\n  readonly timingFunction: CubicBezierToken;\n}',
};
