/**
 * `duration` (format §8.5 "Duration"): `{ "value": number, "unit": "ms" | "s" }`. As a variable it
 * is a FLOAT in ms (docs/architecture.md mapping table); seconds are converted both ways.
 */
import type { Duration } from '../model/dtcg.js';
import { roundFloat } from '../model/values.js';
import { canon, enc, num } from './common.js';
import { parseMeasure, round10 } from './dimension.js';
import type { TypeModule } from './module.js';

/** Shared presentation objects (kinds are never mutated). */
const MS = { type: 'duration', unit: 'ms' } as const;
const S = { type: 'duration', unit: 's' } as const;

export const durationModule: TypeModule<'duration'> = {
  type: 'duration',
  composite: false,
  parse: (raw, ctx, path = []) =>
    parseMeasure(raw, ctx, path, 'duration', ['ms', 's'] as const, '{ "value": 200, "unit": "ms" }'),
  canonical: (v) => canon(v, (d: Duration) => `${num(d.value)}${d.unit}`),
  encode: (v, ctx) =>
    enc(v, ctx, (d: Duration) => ({ value: d.unit === 's' ? round10(d.value) : roundFloat(d.value), unit: d.unit })),
  variable: {
    type: 'FLOAT',
    toLiteral: (d) =>
      d.unit === 's' ? { literal: roundFloat(d.value * 1000), kind: S } : { literal: d.value, kind: MS },
    fromLiteral: (l, kind) =>
      kind.type === 'duration' && kind.unit === 's'
        ? { value: round10((l as number) / 1000), unit: 's' }
        : { value: roundFloat(l as number), unit: 'ms' },
  },
};

// ---- render: what the build prints for this type on each platform (src/codegen prints it through these; contract in ./render/context.ts) ----
import type { TypeRender } from './render/context.js';
import { ms as rMs, num as rNum } from './render/units.js';

/** duration (format §8.5): ms or s. Web keeps the unit; Swift TimeInterval seconds; Android and Compose integer ms. */
const renderWeb = (d: Duration): string => `${rNum(d.value)}${d.unit}`;

export const durationRender: TypeRender<Duration> = {
  css: renderWeb,
  js: renderWeb,
  swift: (d) => `TimeInterval(${rNum(rMs(d) / 1000)})`,
  android: (d) => [{ tag: 'integer', suffix: [], value: rNum(rMs(d)) }],
  compose: (d) => rNum(rMs(d)),
};

durationModule.render = durationRender;
