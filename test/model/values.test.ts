import { describe, expect, it } from 'vitest';
import { canonicalValue, colorToHex8, hexToColor, valuesEqual } from '../../src/model/values.js';

describe('values', () => {
  it('treats colors equal at 8-bit hex with alpha, so float noise never flaps', () => {
    expect(valuesEqual({ r: 0.2, g: 0.4, b: 0.6, a: 1 }, { r: 0.2000001, g: 0.39999, b: 0.6, a: 1 })).toBe(true);
    expect(valuesEqual({ r: 0.2, g: 0.4, b: 0.6, a: 1 }, { r: 0.2, g: 0.4, b: 0.6, a: 0.5 })).toBe(false);
    expect(colorToHex8({ r: 1, g: 0, b: 0.5, a: 0.5 })).toBe('#ff008080');
  });

  it('parses every hex form', () => {
    expect(hexToColor('#f00')).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(colorToHex8(hexToColor('#11223344')!)).toBe('#11223344');
    expect(hexToColor('red')).toBeUndefined();
  });

  it('compares floats after rounding to 6 decimals and keeps aliases by name', () => {
    expect(valuesEqual(0.1 + 0.2, 0.3)).toBe(true);
    expect(valuesEqual(1.000001, 1.000002)).toBe(false);
    expect(canonicalValue({ alias: { collection: 'Primitives', name: 'color/blue/500' } })).toBe(
      '{Primitives/color/blue/500}',
    );
  });
});
