/** duration (format §8.5): ms or s. Web keeps the unit; Swift TimeInterval seconds; Android and Compose integer ms. */
import type { Duration } from '../../model/dtcg.js';
import type { TypeRender } from './context.js';
import { ms, num } from './units.js';

const web = (d: Duration): string => `${num(d.value)}${d.unit}`;

export const durationRender: TypeRender<Duration> = {
  css: web,
  js: web,
  swift: (d) => `TimeInterval(${num(ms(d) / 1000)})`,
  android: (d) => [{ tag: 'integer', suffix: [], value: num(ms(d)) }],
  compose: (d) => num(ms(d)),
};
