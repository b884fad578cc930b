/** `transition` (format §9.4 "Transition"): `{ duration, delay, timingFunction }`. */
import type { Transition } from '../model/dtcg.js';
import { canon, checkObject, enc, subValue } from './common.js';
import { cubicBezierModule } from './cubic-bezier.js';
import { durationModule } from './duration.js';
import type { TypeModule } from './module.js';

const EXAMPLE =
  '{ "duration": { "value": 200, "unit": "ms" }, "delay": { "value": 0, "unit": "ms" }, "timingFunction": [0.5, 0, 1, 1] }';

export const transitionModule: TypeModule<'transition'> = {
  type: 'transition',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (!checkObject(raw, ctx, path, 'a transition', ['duration', 'delay', 'timingFunction'], [], EXAMPLE))
      return undefined;
    const duration = subValue(durationModule, raw['duration'], ctx, [...path, 'duration']);
    const delay = subValue(durationModule, raw['delay'], ctx, [...path, 'delay']);
    const timingFunction = subValue(cubicBezierModule, raw['timingFunction'], ctx, [...path, 'timingFunction']);
    return duration && delay && timingFunction ? { duration, delay, timingFunction } : undefined;
  },
  canonical: (v) =>
    canon(
      v,
      (t: Transition) =>
        `transition(${durationModule.canonical(t.duration)};${durationModule.canonical(t.delay)};${cubicBezierModule.canonical(t.timingFunction)})`,
    ),
  encode: (v, ctx) =>
    enc(v, ctx, (t: Transition) => ({
      duration: durationModule.encode(t.duration, ctx),
      delay: durationModule.encode(t.delay, ctx),
      timingFunction: cubicBezierModule.encode(t.timingFunction, ctx),
    })),
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender, Sub } from './render/context.js';

/** transition (format §9.4): CSS `transition` shorthand `duration timing-function delay` (all properties). */
type RenderValue = { duration: Sub; delay: Sub; timingFunction: Sub };

export const transitionRender: TypeRender<RenderValue> = {
  css: (v, ctx) =>
    `${ctx.sub(v.duration, 'duration')} ${ctx.sub(v.timingFunction, 'cubicBezier')} ${ctx.sub(v.delay, 'duration')}`,
  js: (v, ctx) => ({
    duration: ctx.subJs(v.duration, 'duration'),
    delay: ctx.subJs(v.delay, 'duration'),
    timingFunction: ctx.subJs(v.timingFunction, 'cubicBezier'),
  }),
  swift: (v, ctx) =>
    `TransitionToken(duration: ${ctx.sub(v.duration, 'duration')}, delay: ${ctx.sub(v.delay, 'duration')}, timingFunction: ${ctx.sub(v.timingFunction, 'cubicBezier')})`,
  android: (v, ctx) => [
    { tag: 'integer', suffix: ['duration'], value: ctx.sub(v.duration, 'duration') },
    { tag: 'integer', suffix: ['delay'], value: ctx.sub(v.delay, 'duration') },
    ...['x1', 'y1', 'x2', 'y2'].map((s, i) => ({
      tag: 'float' as const,
      suffix: ['timing', s],
      value: String((v.timingFunction.$lit as number[])[i]),
    })),
  ],
  compose: (v, ctx) =>
    `TransitionToken(durationMillis = ${ctx.sub(v.duration, 'duration')}, delayMillis = ${ctx.sub(v.delay, 'duration')}, easing = ${ctx.sub(v.timingFunction, 'cubicBezier')})`,
  docs: (css) => `<code class="tr">transition: ${css}</code>`,
  swiftType:
    'public struct TransitionToken: Equatable {\n    public let duration: TimeInterval\n    public let delay: TimeInterval\n    public let timingFunction: CubicBezierToken\n}',
  composeType:
    'data class TransitionToken(val durationMillis: Int, val delayMillis: Int, val easing: CubicBezierEasing)',
  tsType:
    '/** transition: CSS `transition` parts. */\nexport interface TransitionToken {\n  readonly duration: string;\n  readonly delay: string;\n  readonly timingFunction: CubicBezierToken;\n}',
};

transitionModule.render = transitionRender;
