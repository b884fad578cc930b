/**
 * The build fixture: two collections, three modes, aliases within and across collections, all four
 * variable types and every FLOAT/STRING kind, plus values that need escaping. Besides them, repository
 * tokens of every DTCG type (composites with sub-value references into both collections and to moded
 * variables, whole-token aliases of composites, several shadow layers and an inset one, a dashed
 * strokeStyle) and wide-gamut colors (display-p3, oklch) that change with the mode.
 */
import { generateTokenSet } from '../../bench/generate.mjs';
import type { BuildConfig } from '../../src/config/schema.js';
import { configSchema } from '../../src/config/schema.js';
import type { DtcgType, RepoToken } from '../../src/model/dtcg.js';
import type { Color, TokenSet, Value, Variable } from '../../src/model/types.js';
import { hexToColor } from '../../src/model/values.js';

const c = (hex: string): Color => hexToColor(hex)!;
const a = (collection: string, name: string): Value => ({ alias: { collection, name } });

function v(
  collection: string,
  name: string,
  type: Variable['type'],
  values: Record<string, Value>,
  extra: Partial<Variable> = {},
): Variable {
  return { collection, name, type, description: '', scopes: ['ALL_SCOPES'], values, ...extra };
}

function r(
  collection: string,
  name: string,
  type: DtcgType,
  values: Record<string, unknown>,
  description = '',
): RepoToken {
  return { collection, name, type, description, values: values as RepoToken['values'], owner: 'repository' };
}
const px = (value: number) => ({ value, unit: 'px' as const });
/** A display-p3 color; r/g/b is its sRGB conversion (clipped), as the reader gives it. */
const p3 = (src: [number, number, number], srgb: [number, number, number], a = 1): Color => ({
  r: srgb[0],
  g: srgb[1],
  b: srgb[2],
  a,
  source: { colorSpace: 'display-p3', components: src, ...(a < 1 ? { alpha: a } : {}) },
});

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
      v(
        P,
        'font/size/body',
        'FLOAT',
        { value: 16 },
        { kind: { type: 'dimension', unit: 'px' }, scopes: ['FONT_SIZE'] },
      ),
      v(P, 'font/weight/bold', 'FLOAT', { value: 700 }, { kind: { type: 'fontWeight' } }),
      v(P, 'opacity/disabled', 'FLOAT', { value: 0.4 }),
      v(P, 'motion/fast', 'FLOAT', { value: 150 }, { kind: { type: 'duration', unit: 'ms' } }),
      // Theme, deliberately listed out of name order: output must not depend on input order.
      v(T, 'color/link', 'COLOR', { light: a(T, 'color/accent'), dark: a(T, 'color/accent') }),
      v(
        T,
        'color/bg',
        'COLOR',
        { light: a(P, 'color/gray/50'), dark: a(P, 'color/gray/900') },
        { description: 'Page background' },
      ),
      v(T, 'color/fg', 'COLOR', { light: a(P, 'color/gray/900'), dark: a(P, 'color/gray/50') }),
      v(T, 'color/accent', 'COLOR', { light: a(P, 'color/blue/500'), dark: c('#60a5fa') }),
      v(T, 'color/scrim', 'COLOR', { light: a(P, 'color/black/50'), dark: c('#000000cc') }),
      v(T, 'space/gutter', 'FLOAT', { light: a(P, 'space/4'), dark: 24 }, { kind: { type: 'dimension', unit: 'px' } }),
      v(
        T,
        'text/body',
        'FLOAT',
        { light: a(P, 'font/size/body'), dark: 18 },
        { kind: { type: 'dimension', unit: 'px' }, scopes: ['FONT_SIZE'] },
      ),
      v(T, 'label/greeting', 'STRING', { light: `Say "hi" & it's $5 <now>`, dark: 'Good night' }),
      v(T, 'feature/rounded', 'BOOLEAN', { light: true, dark: false }),
      v(T, 'layer/overlay', 'FLOAT', { light: 10, dark: 20 }),
      v(T, 'emphasis', 'FLOAT', { light: 1, dark: 0.8 }),
    ],
    tokens: [
      r(P, 'color/p3/red', 'color', { value: p3([1, 0, 0], [1, 0, 0]) }, 'Display P3 red, clipped to #ff0000 in sRGB'),
      r(P, 'color/p3/mint', 'color', { value: p3([0, 0.6, 0.4], [0, 0.6113, 0.3824], 0.5) }),
      r(P, 'ease/standard', 'cubicBezier', { value: [0.2, 0, 0, 1] }),
      r(P, 'stroke/dashed', 'strokeStyle', { value: { dashArray: [px(4), a(P, 'space/4')], lineCap: 'round' } }),
      r(P, 'font/family/serif', 'fontFamily', { value: ['Source Serif 4', 'Georgia', 'serif'] }),
      r(P, 'font/weight/regular', 'fontWeight', { value: 'regular' }),
      r(P, 'tracking/wide', 'dimension', { value: { value: 0.05, unit: 'rem' } }),
      r(P, 'duration/none', 'duration', { value: { value: 0, unit: 'ms' } }),
      r(P, 'ratio/third', 'number', { value: 0.33 }),
      // Theme: composites whose parts follow the mode.
      r(T, 'color/vivid', 'color', {
        light: p3([0.2, 0.4, 1], [0.1041, 0.4059, 1]),
        dark: { r: 0.2946, g: 0.6395, b: 0.9697, a: 1, source: { colorSpace: 'oklch', components: [0.7, 0.15, 250] } },
      }),
      r(T, 'color/vivid-link', 'color', { light: a(T, 'color/vivid'), dark: a(T, 'color/vivid') }),
      r(
        T,
        'type/body',
        'typography',
        {
          light: {
            fontFamily: a(P, 'font/family/sans'),
            fontSize: a(T, 'text/body'),
            fontWeight: a(P, 'font/weight/regular'),
            letterSpacing: px(0),
            lineHeight: 1.5,
          },
          dark: {
            fontFamily: a(P, 'font/family/sans'),
            fontSize: a(T, 'text/body'),
            fontWeight: 300,
            letterSpacing: px(0.2),
            lineHeight: 1.6,
          },
        },
        'Running text',
      ),
      r(T, 'type/heading', 'typography', {
        light: {
          fontFamily: a(P, 'font/family/serif'),
          fontSize: { value: 2, unit: 'rem' },
          fontWeight: a(P, 'font/weight/bold'),
          letterSpacing: a(P, 'tracking/wide'),
          lineHeight: 1.2,
        },
        dark: {
          fontFamily: a(P, 'font/family/serif'),
          fontSize: { value: 2, unit: 'rem' },
          fontWeight: a(P, 'font/weight/bold'),
          letterSpacing: a(P, 'tracking/wide'),
          lineHeight: 1.2,
        },
      }),
      r(T, 'type/lead', 'typography', { light: a(T, 'type/body'), dark: a(T, 'type/heading') }),
      r(T, 'shadow/card', 'shadow', {
        light: [
          { color: a(T, 'color/scrim'), offsetX: px(0), offsetY: px(1), blur: px(2), spread: px(0) },
          { color: c('#0000001a'), offsetX: px(0), offsetY: px(4), blur: px(8), spread: px(-2) },
        ],
        dark: { color: a(T, 'color/scrim'), offsetX: px(0), offsetY: px(2), blur: px(6), spread: px(0) },
      }),
      r(T, 'shadow/well', 'shadow', {
        light: {
          color: a(P, 'color/black/50'),
          offsetX: px(0),
          offsetY: px(2),
          blur: a(P, 'space/4'),
          spread: px(0),
          inset: true,
        },
        dark: {
          color: a(P, 'color/black/50'),
          offsetX: px(0),
          offsetY: px(2),
          blur: a(P, 'space/4'),
          spread: px(0),
          inset: true,
        },
      }),
      // Array aliasing (format §9): a layer that references another shadow token.
      r(T, 'shadow/raised', 'shadow', {
        light: [
          a(T, 'shadow/card'),
          { color: c('#00000033'), offsetX: px(0), offsetY: px(12), blur: px(24), spread: px(0) },
        ],
        dark: [
          a(T, 'shadow/card'),
          { color: c('#00000033'), offsetX: px(0), offsetY: px(12), blur: px(24), spread: px(0) },
        ],
      }),
      r(T, 'border/focus', 'border', {
        light: { color: a(T, 'color/accent'), width: px(2), style: a(P, 'stroke/dashed') },
        dark: { color: a(T, 'color/accent'), width: px(2), style: a(P, 'stroke/dashed') },
      }),
      r(T, 'border/subtle', 'border', {
        light: { color: a(P, 'color/p3/mint'), width: px(1), style: 'solid' },
        dark: { color: p3([0.2, 0.4, 1], [0.1041, 0.4059, 1]), width: px(1), style: 'solid' },
      }),
      r(T, 'gradient/brand', 'gradient', {
        light: [
          { color: a(T, 'color/accent'), position: 0 },
          { color: a(P, 'color/p3/red'), position: a(P, 'ratio/third') },
          { color: c('#ffffff'), position: 1 },
        ],
        dark: [
          { color: a(T, 'color/accent'), position: 0 },
          { color: a(T, 'color/vivid'), position: 1 },
        ],
      }),
      // A pulled paint style's kind and angle (the model's `shape`, from $extensions; docs/styles.md).
      r(T, 'gradient/sweep', 'gradient', {
        light: Object.assign(
          [
            { color: a(T, 'color/accent'), position: 0 },
            { color: c('#ffffff'), position: 1 },
          ],
          { shape: { type: 'linear', angle: 90 } },
        ),
        dark: Object.assign(
          [
            { color: a(T, 'color/accent'), position: 0 },
            { color: c('#000000'), position: 1 },
          ],
          { shape: { type: 'linear', angle: 90 } },
        ),
      }),
      r(T, 'gradient/glow', 'gradient', {
        light: Object.assign(
          [
            { color: c('#ffffffcc'), position: 0 },
            { color: c('#ffffff00'), position: 1 },
          ],
          { shape: { type: 'radial', center: [0.5, 0.25], radii: [0.5, 0.75] } },
        ),
        dark: Object.assign(
          [
            { color: c('#ffffffcc'), position: 0 },
            { color: c('#ffffff00'), position: 1 },
          ],
          { shape: { type: 'radial' } },
        ),
      }),
      r(T, 'transition/fade', 'transition', {
        light: { duration: a(P, 'motion/fast'), delay: a(P, 'duration/none'), timingFunction: a(P, 'ease/standard') },
        dark: {
          duration: { value: 0.3, unit: 's' },
          delay: { value: 50, unit: 'ms' },
          timingFunction: [0.4, 0, 0.2, 1],
        },
      }),
    ],
  };
}

/**
 * The fixture's variables only: what the token files written by src/tokens round-trip today (the
 * command test builds from files on disk).
 */
export function fixtureVariables(): TokenSet {
  const { collections, variables } = fixtureSet();
  return { collections, variables };
}

export function fixtureConfig(overrides: Record<string, unknown> = {}): BuildConfig {
  return configSchema.parse({
    build: {
      modes: { theme: { dark: { media: '(prefers-color-scheme: dark)' } } },
      ...overrides,
    },
  }).build;
}

/** The differential tests' bulk sets: 600 generated variables (seed 11) in 2, then 3 modes, with repository composites. */
export function generatedSets(): TokenSet[] {
  return ([2, 3] as const).map((modes) => generateTokenSet({ variables: 600, modes, seed: 11 }) as TokenSet);
}
