/**
 * The build fixture (issue 5 "Done when"): two collections, three modes, aliases within and across
 * collections, all four variable types and every FLOAT/STRING kind, plus values that need escaping.
 */
import type { BuildConfig } from '../../src/config/schema.js';
import { configSchema } from '../../src/config/schema.js';
import type { Color, TokenSet, Value, Variable } from '../../src/model/types.js';
import { hexToColor } from '../../src/model/values.js';

const c = (hex: string): Color => hexToColor(hex)!;
const a = (collection: string, name: string): Value => ({ alias: { collection, name } });

function v(collection: string, name: string, type: Variable['type'], values: Record<string, Value>, extra: Partial<Variable> = {}): Variable {
  return { collection, name, type, description: '', scopes: ['ALL_SCOPES'], values, ...extra };
}

const P = 'primitives';
const T = 'theme';

export function fixtureSet(): TokenSet {
  return {
    collections: [
      { name: P, modes: [{ name: 'value' }], defaultMode: 'value' },
      { name: T, modes: [{ name: 'light' }, { name: 'dark' }], defaultMode: 'light' },
    ],
    variables: [
      v(P, 'color/blue/500', 'COLOR', { value: c('#2563eb') }, { description: 'Brand blue' }),
      v(P, 'color/gray/50', 'COLOR', { value: c('#f9fafb') }),
      v(P, 'color/gray/900', 'COLOR', { value: c('#111827') }),
      v(P, 'color/black/50', 'COLOR', { value: c('#00000080') }),
      v(P, 'space/4', 'FLOAT', { value: 16 }, { kind: { type: 'dimension', unit: 'px' } }),
      v(P, 'radius/md', 'FLOAT', { value: 8 }, { kind: { type: 'dimension', unit: 'rem' } }),
      v(P, 'font/family/sans', 'STRING', { value: 'Inter, system-ui, sans-serif' }, { kind: { type: 'fontFamily' } }),
      v(P, 'font/size/body', 'FLOAT', { value: 16 }, { kind: { type: 'dimension', unit: 'px' }, scopes: ['FONT_SIZE'] }),
      v(P, 'font/weight/bold', 'FLOAT', { value: 700 }, { kind: { type: 'fontWeight' } }),
      v(P, 'opacity/disabled', 'FLOAT', { value: 0.4 }),
      v(P, 'motion/fast', 'FLOAT', { value: 150 }, { kind: { type: 'duration', unit: 'ms' } }),
      // Theme, deliberately listed out of name order: output must not depend on input order.
      v(T, 'color/link', 'COLOR', { light: a(T, 'color/accent'), dark: a(T, 'color/accent') }),
      v(T, 'color/bg', 'COLOR', { light: a(P, 'color/gray/50'), dark: a(P, 'color/gray/900') }, { description: 'Page background' }),
      v(T, 'color/fg', 'COLOR', { light: a(P, 'color/gray/900'), dark: a(P, 'color/gray/50') }),
      v(T, 'color/accent', 'COLOR', { light: a(P, 'color/blue/500'), dark: c('#60a5fa') }),
      v(T, 'color/scrim', 'COLOR', { light: a(P, 'color/black/50'), dark: c('#000000cc') }),
      v(T, 'space/gutter', 'FLOAT', { light: a(P, 'space/4'), dark: 24 }, { kind: { type: 'dimension', unit: 'px' } }),
      v(T, 'text/body', 'FLOAT', { light: a(P, 'font/size/body'), dark: 18 }, { kind: { type: 'dimension', unit: 'px' }, scopes: ['FONT_SIZE'] }),
      v(T, 'label/greeting', 'STRING', { light: `Say "hi" & it's $5 <now>`, dark: 'Good night' }),
      v(T, 'feature/rounded', 'BOOLEAN', { light: true, dark: false }),
      v(T, 'layer/overlay', 'FLOAT', { light: 10, dark: 20 }),
      v(T, 'emphasis', 'FLOAT', { light: 1, dark: 0.8 }),
    ],
  };
}

export function fixtureConfig(overrides: Record<string, unknown> = {}): BuildConfig {
  return configSchema.parse({
    build: {
      modes: { theme: { dark: { media: '(prefers-color-scheme: dark)' } } },
      ...overrides,
    },
  }).build;
}
