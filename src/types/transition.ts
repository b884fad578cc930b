/** `transition` (format §9.4 "Transition"): `{ duration, delay, timingFunction }`. */
import type { Transition } from '../model/dtcg.js';
import { canon, checkObject, enc, subValue } from './common.js';
import { cubicBezierModule } from './cubic-bezier.js';
import { durationModule } from './duration.js';
import type { TypeModule } from './module.js';

const EXAMPLE = '{ "duration": { "value": 200, "unit": "ms" }, "delay": { "value": 0, "unit": "ms" }, "timingFunction": [0.5, 0, 1, 1] }';

export const transitionModule: TypeModule<'transition'> = {
  type: 'transition',
  composite: true,
  parse: (raw, ctx, path = []) => {
    if (!checkObject(raw, ctx, path, 'a transition', ['duration', 'delay', 'timingFunction'], [], EXAMPLE)) return undefined;
    const duration = subValue(durationModule, raw['duration'], ctx, [...path, 'duration']);
    const delay = subValue(durationModule, raw['delay'], ctx, [...path, 'delay']);
    const timingFunction = subValue(cubicBezierModule, raw['timingFunction'], ctx, [...path, 'timingFunction']);
    return duration && delay && timingFunction ? { duration, delay, timingFunction } : undefined;
  },
  canonical: (v) =>
    canon(v, (t: Transition) => `transition(${durationModule.canonical(t.duration)};${durationModule.canonical(t.delay)};${cubicBezierModule.canonical(t.timingFunction)})`),
  encode: (v, ctx) =>
    enc(v, ctx, (t: Transition) => ({
      duration: durationModule.encode(t.duration, ctx),
      delay: durationModule.encode(t.delay, ctx),
      timingFunction: cubicBezierModule.encode(t.timingFunction, ctx),
    })),
};
