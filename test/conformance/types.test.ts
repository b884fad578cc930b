/**
 * DTCG 2025.10 Format §8 "Types" and §9 "Composite types", and the Color module: each rule of the
 * spec text with a value it accepts and one it refuses (the refusal's message as an inline snapshot).
 */
import { describe, expect, it } from 'vitest';
import { TYPE_MODULES } from '../../src/types/index.js';
import { DTCG_TYPE_NAMES } from '../../src/model/dtcg.js';
import { parseAs } from './harness.js';

const px = (value: number) => ({ value, unit: 'px' });
const ms = (value: number) => ({ value, unit: 'ms' });
const black = { colorSpace: 'srgb', components: [0, 0, 0], alpha: 0.5, hex: '#000000' };

const ok = (type: string, raw: unknown) => {
  const p = parseAs(type, raw);
  expect(p.errors, JSON.stringify(raw)).toEqual([]);
  return p;
};
const refused = (type: string, raw: unknown) => {
  const p = parseAs(type, raw);
  expect(p.errors.length, JSON.stringify(raw)).toBeGreaterThan(0);
  return p.errors.join('\n');
};

describe('the registry', () => {
  it('has one module per DTCG type, keyed by its $type, with render left to the build', () => {
    expect(Object.keys(TYPE_MODULES).sort()).toEqual([...DTCG_TYPE_NAMES].sort());
    for (const [k, m] of Object.entries(TYPE_MODULES)) expect(m.type).toBe(k);
    // The types a design-file variable can hold (docs/architecture.md "The model"); the rest are repository-owned.
    expect(
      Object.values(TYPE_MODULES)
        .filter((m) => m.variable)
        .map((m) => m.type),
    ).toEqual(['color', 'dimension', 'fontFamily', 'fontWeight', 'duration', 'number', 'string', 'boolean']);
  });
});

describe('§8.1 Color (Color module "Format", "Supported Color spaces")', () => {
  it('accepts every color space with components in range, "none", alpha and hex', () => {
    ok('color', { colorSpace: 'srgb', components: [1, 0, 1], alpha: 1, hex: '#ff00ff' });
    ok('color', { colorSpace: 'hsl', components: ['none', 0, 100], alpha: 1, hex: '#ffffff' });
    ok('color', { colorSpace: 'hsl', components: [330, 100, 50], alpha: 1, hex: '#ff00ff' }); // the spec's own example: hex is only a fallback
    ok('color', { colorSpace: 'lab', components: [50, -160, 160] });
    ok('color', { colorSpace: 'oklch', components: [0.7, 0.1, 359.9] });
    for (const space of ['srgb-linear', 'display-p3', 'a98-rgb', 'prophoto-rgb', 'rec2020', 'xyz-d65', 'xyz-d50'])
      ok('color', { colorSpace: space, components: [0.5, 0.5, 0.5] });
  });

  it('keeps the written space beside the sRGB value, and warns when it had to clip', () => {
    const p3 = ok('color', { colorSpace: 'display-p3', components: [1, 0, 0] });
    expect(p3.value).toMatchObject({
      r: 1,
      g: 0,
      b: 0,
      a: 1,
      source: { colorSpace: 'display-p3', components: [1, 0, 0] },
    });
    expect(p3.warnings).toMatchInlineSnapshot(`
      [
        ": this display-p3 color lies outside sRGB; the design file gets it clipped to #ff0000",
      ]
    `);
    expect(ok('color', { colorSpace: 'srgb', components: [1, 0, 0] }).value).not.toHaveProperty('source');
  });

  it('refuses unknown spaces, out-of-range components, 360 as a hue, a bad alpha or hex, extra keys', () => {
    expect(
      [
        refused('color', { colorSpace: 'oklhc', components: [0.5, 0.1, 10] }),
        refused('color', { colorSpace: 'hsl', components: [360, 50, 50] }),
        refused('color', { colorSpace: 'lch', components: [50, -1, 10] }),
        refused('color', { colorSpace: 'oklab', components: [0.5, 0.1] }),
        refused('color', { colorSpace: 'srgb', components: [1, 0, 0], alpha: 2 }),
        refused('color', { colorSpace: 'display-p3', components: [1, 0, 0], hex: 'red' }),
        refused('color', { colorSpace: 'srgb', components: [1, 0, 0], hex: '#00ff00' }),
        refused('color', { colorSpace: 'srgb', components: [1, 0, 0], alpah: 1 }),
      ].join('\n'),
    ).toMatchInlineSnapshot(`
      "colorSpace: color space "oklhc" is not one of DTCG 2025.10's (did you mean "oklch"?)
      components/0: the hue of a hsl color must be a number from 0 to 360 (not included) or "none", not 360
      components/1: the chroma of a lch color must be a number from 0 to Infinity or "none", not -1
      components: the color's "components" must be 3 numbers (lightness, a, b) in oklab, not [0.5,0.1]
      alpha: the color's alpha must be a number in 0..1, not 2
      hex: the color's "hex" must be "#" and 6 hex digits (0-9, a-f), not "red"
      hex: the color's "hex" #00ff00 does not match its components (#ff0000)
      alpah: a color has no property "alpah" (did you mean "alpha"?)"
    `);
  });
});

describe('Color module "Format": the hex member', () => {
  it('accepts "#" and 6 hex digits in either case, and hex strings in CSS form (3, 4, 6, 8 digits)', () => {
    ok('color', { colorSpace: 'srgb', components: [1, 0, 1], hex: '#FF00ff' });
    ok('color', { colorSpace: 'oklch', components: [0.7, 0.1, 200], hex: '#00aabb' });
    for (const css of ['#f0f', '#f0f8', '#ff00ff', '#ff00ff80']) ok('color', css);
  });
  it('refuses a hex member of 3 or 8 digits, without "#", or with other characters, naming the fix', () => {
    const srgb = (hex: unknown) => refused('color', { colorSpace: 'srgb', components: [1, 0, 1], hex });
    expect(
      [
        srgb('#f0f'),
        srgb('#ff00ff80'),
        srgb('ff00ff'),
        srgb('#ff00fg'),
        srgb(16711935),
        refused('color', { colorSpace: 'display-p3', components: [1, 0, 1], hex: '#ff00ff8' }),
        refused('color', '#ff00f'),
      ].join('\n'),
    ).toMatchInlineSnapshot(`
      "hex: the color's "hex" must have 6 digits, not 3: "#f0f"
      hex: the color's "hex" must be 6 digits "#rrggbb" without alpha, not "#ff00ff80"
      hex: the color's "hex" must be "#" and 6 hex digits (0-9, a-f), not "ff00ff"
      hex: the color's "hex" must be "#" and 6 hex digits (0-9, a-f), not "#ff00fg"
      hex: the color's "hex" must be "#" and 6 hex digits (0-9, a-f), not 16711935
      hex: the color's "hex" must be "#" and 6 hex digits (0-9, a-f), not "#ff00ff8"
      : "#ff00f" is not a hex color"
    `);
  });
});

describe('§8.2 Dimension, §8.5 Duration, §8.7 Number, §8.3 Font family, §8.4 Font weight', () => {
  it('accepts the spec examples', () => {
    ok('dimension', { value: 0, unit: 'px' });
    ok('dimension', { value: 0.5, unit: 'rem' });
    ok('duration', { value: 1.5, unit: 's' });
    ok('number', 2.3);
    ok('fontFamily', 'Comic Sans MS');
    ok('fontFamily', ['Helvetica', 'Arial', 'sans-serif']);
    ok('fontWeight', 350);
    ok('fontWeight', 'extra-bold');
  });

  it('refuses a missing unit (even for 0), other units, names differing in case, weights out of range', () => {
    expect(
      [
        refused('dimension', { value: 0 }),
        refused('dimension', { value: 4, unit: 'em' }),
        refused('duration', { value: 1, unit: 'min' }),
        refused('number', '1'),
        refused('fontFamily', []),
        refused('fontWeight', 'Bold'),
        refused('fontWeight', 1001),
      ].join('\n'),
    ).toMatchInlineSnapshot(`
      "unit: the dimension's unit must be "px" or "rem", not nothing
      unit: the dimension's unit must be "px" or "rem", not "em"
      unit: the duration's unit must be "ms" or "s", not "min"
      : a number token needs a number, not "1"
      : a fontFamily token needs a string value, not []
      : "Bold" is not a DTCG font weight
      : font weight 1001 is outside 1..1000"
    `);
  });
});

describe('§8.6 Cubic Bézier', () => {
  it('accepts any y, x in [0, 1]; refuses x outside it and other shapes', () => {
    ok('cubicBezier', [0.5, -3, 1, 12]);
    expect(
      [refused('cubicBezier', [1.5, 0, 1, 1]), refused('cubicBezier', [0, 0, 1])].join('\n'),
    ).toMatchInlineSnapshot(`
      "0: the cubicBezier's P1x must be in [0, 1], not 1.5
      : a cubicBezier needs four numbers [P1x, P1y, P2x, P2y], not [0,0,1]"
    `);
  });
});

describe('§9.2 Stroke style', () => {
  it('accepts the keywords and dashes with references', () => {
    ok('strokeStyle', 'dashed');
    const p = ok('strokeStyle', { dashArray: ['{dash-length-medium}', { value: 0.25, unit: 'rem' }], lineCap: 'butt' });
    expect(p.refs).toEqual([{ dotted: 'dash-length-medium', type: 'dimension', path: ['dashArray', 0] }]);
  });
  it('refuses other keywords and line caps', () => {
    expect(
      [refused('strokeStyle', 'wavy'), refused('strokeStyle', { dashArray: [px(1)], lineCap: 'flat' })].join('\n'),
    ).toMatchInlineSnapshot(`
      ": "wavy" is not a stroke style
      lineCap: the strokeStyle's lineCap must be "round", "butt" or "square", not "flat""
    `);
  });
});

describe('§9.3 Border, §9.4 Transition', () => {
  it('accepts values and sub-value references of the right types', () => {
    const b = ok('border', {
      color: '{color.focusring}',
      width: px(1),
      style: { dashArray: [{ value: 0.5, unit: 'rem' }], lineCap: 'round' },
    });
    expect(b.refs.map((r) => r.type)).toEqual(['color']);
    const t = ok('transition', { duration: ms(200), delay: '{motion.delay}', timingFunction: [0.5, 0, 1, 1] });
    expect(t.refs).toEqual([{ dotted: 'motion.delay', type: 'duration', path: ['delay'] }]);
  });
  it('refuses missing and extra sub-values', () => {
    expect(
      [
        refused('border', { color: black, width: px(1) }),
        refused('transition', { duration: ms(1), delay: ms(0), timingFunction: [0, 0, 1, 1], easing: 'x' }),
      ].join('\n'),
    ).toMatchInlineSnapshot(`
        ": a border is missing "style"
        easing: a transition has no property "easing""
      `);
  });
});

describe('§9.5 Shadow', () => {
  const layer = { color: black, offsetX: px(0), offsetY: px(4), blur: px(8), spread: px(0) };
  it('accepts one shadow, an inset one, and an array mixing shadows and references', () => {
    ok('shadow', layer);
    ok('shadow', { ...layer, inset: true });
    const p = ok('shadow', ['{base.shadow}', { ...layer, color: '{brand.accent}' }, '{highlight.shadow}']);
    expect(p.refs.map((r) => `${r.dotted}:${r.type}@${r.path.join('/')}`)).toEqual([
      'base.shadow:shadow@0',
      'brand.accent:color@1/color',
      'highlight.shadow:shadow@2',
    ]);
  });
  it('refuses a shadow without blur, a non-boolean inset, an empty array', () => {
    const { blur: _blur, ...noBlur } = layer;
    expect(
      [refused('shadow', noBlur), refused('shadow', { ...layer, inset: 'yes' }), refused('shadow', [])].join('\n'),
    ).toMatchInlineSnapshot(`
      ": a shadow is missing "blur"
      inset: the shadow's "inset" must be true or false, not "yes"
      : a shadow array needs at least one shadow"
    `);
  });
});

describe('§9.6 Gradient', () => {
  it('accepts stops, referenced positions and colors, references to gradients, positions outside [0, 1]', () => {
    const p = ok('gradient', [
      '{gradient.start-stop}',
      { color: '{brand.secondary}', position: 0.333 },
      { color: black, position: '{position-end}' },
      { color: black, position: 42 },
    ]);
    expect(p.refs.map((r) => r.type)).toEqual(['gradient', 'color', 'number']);
  });
  it('refuses a stop without position, and a non-array', () => {
    expect(
      [refused('gradient', [{ color: black }]), refused('gradient', { color: black, position: 0 })].join('\n'),
    ).toMatchInlineSnapshot(`
      "0: a gradient stop is missing "position"
      : a gradient needs a non-empty array of stops, not {"color":{"colorSpace":"srgb","components":[0,0,0],"alpha..."
    `);
  });
});

describe('§9.7 Typography', () => {
  it('accepts literal and referenced sub-values', () => {
    ok('typography', {
      fontFamily: 'Roboto',
      fontSize: px(42),
      fontWeight: 700,
      letterSpacing: px(0.1),
      lineHeight: 1.2,
    });
    const p = ok('typography', {
      fontFamily: '{font.serif}',
      fontSize: '{font.size.smallest}',
      fontWeight: '{font.weight.normal}',
      letterSpacing: px(0),
      lineHeight: 1,
    });
    expect(p.refs.map((r) => r.type)).toEqual(['fontFamily', 'dimension', 'fontWeight']);
  });
  it('refuses a lineHeight that is a dimension, and a typo', () => {
    expect(
      [
        refused('typography', {
          fontFamily: 'Roboto',
          fontSize: px(42),
          fontWeight: 700,
          letterSpacing: px(0),
          lineHeight: px(20),
        }),
        refused('typography', {
          fontFamily: 'Roboto',
          fontSize: px(42),
          fontWieght: 700,
          letterSpacing: px(0),
          lineHeight: 1,
        }),
      ].join('\n'),
    ).toMatchInlineSnapshot(`
      "lineHeight: a number token needs a number, not {"value":20,"unit":"px"}
      fontWieght: a typography has no property "fontWieght" (did you mean "fontWeight"?)
      : a typography is missing "fontWeight""
    `);
  });
});

describe('canonical forms and encoding', () => {
  it('compares colors by 8-bit hex whatever their space, and encodes each as written', () => {
    const m = TYPE_MODULES.color;
    const p3 = parseAs('color', { colorSpace: 'display-p3', components: [0.917488, 0.200287, 0.138561] })
      .value as never;
    const srgb = parseAs('color', { colorSpace: 'srgb', components: [1, 0, 0] }).value as never;
    expect(m.canonical(p3)).toBe(m.canonical(srgb));
    const ctx = { ref: () => '{x}' };
    expect(m.encode(p3, ctx)).toEqual({ colorSpace: 'display-p3', components: [0.917488, 0.200287, 0.138561] });
    expect(m.encode({ alias: { collection: 'C', name: 'a/b' } }, ctx)).toBe('{x}');
  });

  it("counts a gradient's kind and angle, with no shape the same as linear at the default 180deg", () => {
    const m = TYPE_MODULES.gradient;
    const stops = () =>
      parseAs('gradient', [
        { color: black, position: 0 },
        { color: black, position: 1 },
      ]).value as object;
    const shaped = (shape?: object) => Object.assign(stops(), shape ? { shape } : {}) as never;
    const plain = m.canonical(shaped());
    expect(m.canonical(shaped({ type: 'linear' }))).toBe(plain);
    expect(m.canonical(shaped({ type: 'linear', angle: 180 }))).toBe(plain);
    expect(m.canonical(shaped({ type: 'linear', angle: 90 }))).not.toBe(plain);
    expect(m.canonical(shaped({ type: 'linear', angle: 90 }))).not.toBe(
      m.canonical(shaped({ type: 'linear', angle: 45 })),
    );
    expect(m.canonical(shaped({ type: 'radial' }))).not.toBe(plain);
    expect(m.canonical(shaped({ type: 'radial' }))).not.toBe(m.canonical(shaped({ type: 'linear', angle: 90 })));
    // A radial gradient's centre and radii count, and survive the extension both ways.
    const spot = { type: 'radial', center: [0.5, 0.25], radii: [0.5, 0.75] };
    expect(m.canonical(shaped(spot))).not.toBe(m.canonical(shaped({ type: 'radial' })));
    const read = m.extension!(stops() as never, { gradient: spot }) as { shape?: unknown };
    expect(read.shape).toEqual(spot);
    expect(m.extensionOf!(read as never)).toEqual({ gradient: spot });
    expect(m.extension!(stops() as never, { gradient: { type: 'radial', radii: [0, 1] } })).toMatchObject({
      shape: { type: 'radial' },
    });
  });

  it('round-trips every composite through encode and parse', () => {
    const values: [string, unknown][] = [
      ['shadow', [{ color: black, offsetX: px(0), offsetY: px(4), blur: px(8), spread: px(0), inset: true }]],
      [
        'typography',
        {
          fontFamily: ['Inter', 'sans-serif'],
          fontSize: { value: 1, unit: 'rem' },
          fontWeight: 'bold',
          letterSpacing: px(0),
          lineHeight: 1.5,
        },
      ],
      [
        'gradient',
        [
          { color: black, position: 0 },
          { color: { colorSpace: 'oklch', components: [0.7, 0.1, 200] }, position: 1 },
        ],
      ],
      ['border', { color: black, width: px(1), style: 'solid' }],
      ['transition', { duration: ms(200), delay: ms(0), timingFunction: [0.5, 0, 1, 1] }],
      ['strokeStyle', { dashArray: [px(4), px(2)], lineCap: 'round' }],
      ['cubicBezier', [0, 0, 0.58, 1]],
    ];
    for (const [type, raw] of values) {
      const m = TYPE_MODULES[type as 'shadow'];
      const encoded = m.encode(parseAs(type, raw).value as never, { ref: () => '' });
      expect(JSON.parse(JSON.stringify(encoded)), type).toEqual(JSON.parse(JSON.stringify(raw)));
    }
  });
});
