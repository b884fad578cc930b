/**
 * The conversions of src/model/color-spaces.ts against reference values: sRGB red, white and a
 * P3 red written in every DTCG color space (values from CSS Color 4's conversion sample code,
 * as the color.js and culori libraries print them).
 */
import { describe, expect, it } from 'vitest';
import { COLOR_SPACES, convertToSrgb, srgbToXyzD65, toSrgb } from '../../src/model/color-spaces.js';

const close = (actual: readonly number[] | undefined, expected: readonly number[], digits = 3): void => {
  expect(actual).toBeDefined();
  for (const [i, v] of actual!.entries()) {
    expect(v, `component ${i} of ${JSON.stringify(actual)}`).toBeCloseTo(expected[i]!, digits);
  }
};

describe('every DTCG color space to sRGB', () => {
  const red: [string, number[]][] = [
    ['srgb', [1, 0, 0]],
    ['srgb-linear', [1, 0, 0]],
    ['hsl', [0, 100, 50]],
    ['hwb', [0, 0, 0]],
    ['lab', [54.2905, 80.8049, 69.891]],
    ['lch', [54.2905, 106.839, 40.8526]],
    ['oklab', [0.627955, 0.224863, 0.125846]],
    ['oklch', [0.627955, 0.257683, 29.2339]],
    ['display-p3', [0.917488, 0.200287, 0.138561]],
    ['a98-rgb', [0.858807, 0, 0]],
    ['prophoto-rgb', [0.702253, 0.275713, 0.103546]],
    ['rec2020', [0.791977, 0.230976, 0.073761]],
    ['xyz-d65', [0.412391, 0.212639, 0.019331]],
    ['xyz-d50', [0.436075, 0.222504, 0.013932]],
  ];
  it.each(red)('%s red is sRGB red', (space, components) => {
    close(convertToSrgb(space, components), [1, 0, 0]);
  });

  it('covers every space of the spec table', () => {
    expect(red.map(([s]) => s).sort()).toEqual(Object.keys(COLOR_SPACES).sort());
  });

  it('maps white to white in every space', () => {
    const white: Record<string, number[]> = {
      hsl: [0, 0, 100],
      hwb: [0, 100, 0],
      lab: [100, 0, 0],
      lch: [100, 0, 0],
      oklab: [1, 0, 0],
      oklch: [1, 0, 0],
      'xyz-d65': [0.9504559, 1, 1.0890578],
      'xyz-d50': [0.9642956, 1, 0.8251046],
    };
    for (const space of Object.keys(COLOR_SPACES)) close(convertToSrgb(space, white[space] ?? [1, 1, 1]), [1, 1, 1]);
  });

  it('reads the "none" keyword as 0 and a gray hwb as gray', () => {
    close(convertToSrgb('hsl', ['none', 0, 100]), [1, 1, 1]);
    close(convertToSrgb('hwb', [120, 60, 60]), [0.5, 0.5, 0.5]);
    close(convertToSrgb('hsl', [330, 100, 50]), [1, 0, 0.5]);
  });

  it('clips a wide-gamut color and says so; an in-gamut one is exact', () => {
    close(convertToSrgb('display-p3', [1, 0, 0]), [1.093, -0.2267, -0.1501]);
    expect(toSrgb('display-p3', [1, 0, 0])).toMatchObject({ r: 1, g: 0, b: 0, clipped: true });
    expect(toSrgb('display-p3', [0.917488, 0.200287, 0.138561])!.clipped).toBe(false);
    expect(toSrgb('oklch', [0.7, 0.4, 150])!.clipped).toBe(true);
    expect(toSrgb('nope', [0, 0, 0])).toBeUndefined();
  });

  it('agrees with the forward sRGB -> XYZ matrix', () => {
    const xyz = srgbToXyzD65([0.2, 0.4, 0.6]);
    close(convertToSrgb('xyz-d65', xyz), [0.2, 0.4, 0.6], 6);
  });
});
