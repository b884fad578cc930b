/**
 * Resolver documents with overrides, written for the differential and rule-by-rule tests (files by
 * path under tokens/, JSON values). Colors are sRGB hex objects; dimensions px or rem.
 */
const c = (hex: string) => ({
  $type: 'color',
  $value: {
    colorSpace: 'srgb',
    components: [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255),
    hex,
  },
});
const px = (n: number) => ({ $type: 'dimension', $value: { value: n, unit: 'px' } });
const R = 'tokens.resolver.json';
const doc = (rest: Record<string, unknown>) => ({ version: '2025.10', ...rest });
const mode = { default: 'light', contexts: { light: [], dark: [{ $ref: 'mode/dark.tokens.json' }] } };
const brand = { default: 'base', contexts: { base: [], acme: [{ $ref: 'brand/acme.tokens.json' }], zen: [] } };
const contrast = { default: 'normal', contexts: { normal: [], high: [{ $ref: 'contrast/high.tokens.json' }] } };

const base = {
  color: {
    blue: c('#0000ff'),
    white: c('#ffffff'),
    black: c('#000000'),
    bg: { $type: 'color', $value: '{color.white}' },
    fg: { $type: 'color', $value: '{color.black}' },
    accent: { $type: 'color', $value: '{color.blue}' },
    link: { $type: 'color', $value: '{color.accent}' },
  },
  size: { gap: px(8), radius: { $type: 'number', $value: 2 } },
};
const dark = { color: { bg: { $type: 'color', $value: '{color.black}' }, fg: c('#eeeeee'), blue: c('#6666ff') } };
const acme = { color: { accent: c('#ff0000') }, size: { radius: { $type: 'number', $value: 0 } } };
const high = { color: { fg: c('#111111'), accent: c('#0000aa') } };

export const DOCUMENTS: Record<string, Record<string, unknown>> = {
  'one set, one overriding modifier with an empty default': {
    [R]: doc({
      sets: { tokens: { sources: [{ $ref: 'tokens.tokens.json' }] } },
      modifiers: { mode },
      resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/mode' }],
    }),
    'tokens.tokens.json': base,
    'mode/dark.tokens.json': dark,
  },
  'two axes: mode then brand (an empty context too)': {
    [R]: doc({
      sets: { tokens: { sources: [{ $ref: 'tokens.tokens.json' }] } },
      modifiers: { mode, brand },
      resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/mode' }, { $ref: '#/modifiers/brand' }],
    }),
    'tokens.tokens.json': base,
    'mode/dark.tokens.json': dark,
    'brand/acme.tokens.json': acme,
  },
  'three axes: mode, brand, contrast': {
    [R]: doc({
      sets: { tokens: { sources: [{ $ref: 'tokens.tokens.json' }] } },
      modifiers: { mode, brand, contrast },
      resolutionOrder: [
        { $ref: '#/sets/tokens' },
        { $ref: '#/modifiers/mode' },
        { $ref: '#/modifiers/brand' },
        { $ref: '#/modifiers/contrast' },
      ],
    }),
    'tokens.tokens.json': base,
    'mode/dark.tokens.json': dark,
    'brand/acme.tokens.json': acme,
    'contrast/high.tokens.json': high,
  },
  'a modifier between two sets': {
    [R]: doc({
      sets: {
        tokens: { sources: [{ $ref: 'tokens.tokens.json' }] },
        late: { sources: [{ $ref: 'late.tokens.json' }] },
      },
      modifiers: { mode },
      resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/mode' }, { $ref: '#/sets/late' }],
    }),
    'tokens.tokens.json': base,
    'mode/dark.tokens.json': dark,
    'late.tokens.json': { color: { fg: c('#123456') }, extra: { $type: 'color', $value: '{color.bg}' } },
  },
  'inline modifier, inline context tokens': {
    [R]: doc({
      sets: { tokens: { sources: [{ $ref: 'tokens.tokens.json' }] } },
      resolutionOrder: [
        { $ref: '#/sets/tokens' },
        {
          type: 'modifier',
          name: 'theme',
          default: 'day',
          contexts: {
            day: [],
            night: [{ $ref: 'mode/dark.tokens.json' }],
            dusk: [{ color: { bg: { $type: 'color', $value: '{color.blue}' } } }],
          },
        },
      ],
    }),
    'tokens.tokens.json': base,
    'mode/dark.tokens.json': dark,
  },
  'a modifier overriding two sets': {
    [R]: doc({
      sets: {
        primitives: { sources: [{ $ref: 'primitives.tokens.json' }] },
        semantic: { sources: [{ $ref: 'semantic.tokens.json' }] },
      },
      modifiers: { mode },
      resolutionOrder: [{ $ref: '#/sets/primitives' }, { $ref: '#/sets/semantic' }, { $ref: '#/modifiers/mode' }],
    }),
    'primitives.tokens.json': { color: { blue: c('#0000ff'), white: c('#ffffff'), black: c('#000000') } },
    'semantic.tokens.json': {
      surface: { $type: 'color', $value: '{color.white}' },
      ink: { $type: 'color', $value: '{color.blue}' },
    },
    'mode/dark.tokens.json': { color: { blue: c('#8888ff') }, surface: { $type: 'color', $value: '{color.black}' } },
  },
  // As GitHub Primer's `size` (control.minTarget.auto): tokens only some contexts define.
  'a modifier that defines tokens in some contexts only': {
    [R]: doc({
      sets: { tokens: { sources: [{ $ref: 'tokens.tokens.json' }] } },
      modifiers: {
        density: {
          default: 'regular',
          contexts: {
            regular: [],
            compact: [{ $ref: 'density/compact.tokens.json' }],
            touch: [{ $ref: 'density/touch.tokens.json' }],
          },
        },
      },
      resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/density' }],
    }),
    'tokens.tokens.json': base,
    'density/compact.tokens.json': {
      size: { gap: px(4) },
      control: { target: { ...px(24), $description: 'Smallest target for a mouse' } },
    },
    'density/touch.tokens.json': {
      size: { gap: px(12) },
      control: {
        target: { ...px(44), $description: 'Smallest target for a finger' },
        hit: { $type: 'dimension', $value: '{size.gap}' },
      },
    },
  },
};
