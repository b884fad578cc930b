/**
 * A color written with both components and `hex` is read only when the two name the same 8-bit color
 * (docs/architecture.md "The model": colors are equal when their hex is). decodeColor compares bytes
 * rather than building both hex strings for every color (for speed); it must agree with comparing
 * colorToHex strings.
 */
import { describe, expect, it } from 'vitest';
import { colorToHex, hexToColor } from '../../src/model/values.js';
import { decodeValue } from '../../src/tokens/codec.js';

/** Deterministic pseudo-random numbers (no flaky seeds). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('color components against "hex"', () => {
  it('accepts exactly the colors whose #rrggbb equals the hex, at byte boundaries too', () => {
    const next = rng(6);
    const hexes = ['#000000', '#ffffff', '#808080', '#7f7f7f', '#fff', '#0f08', '#12345678', '#ABCDEF'];
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      // Components near byte boundaries (k +- 0.5) / 255 and anywhere in 0..1.
      const comp = (): number =>
        i % 2 === 0
          ? Math.min(
              1,
              Math.max(0, (Math.floor(next() * 256) + (next() < 0.5 ? -0.5 : 0.5) + (next() - 0.5) * 1e-6) / 255),
            )
          : next();
      const components = [comp(), comp(), comp()];
      const color = { r: components[0]!, g: components[1]!, b: components[2]!, a: 1 };
      const hex =
        i % 3 === 0
          ? colorToHex(color)
          : i % 3 === 1
            ? colorToHex({ ...color, g: Math.min(1, color.g + 1 / 255) })
            : hexes[i % hexes.length]!;
      const decoded = decodeValue({ colorSpace: 'srgb', components, hex }, 'color', 'COLOR', 16);
      const same = colorToHex(hexToColor(hex)!) === colorToHex(color);
      expect(decoded.ok, `${JSON.stringify(components)} ${hex}`).toBe(same);
      if (same) accepted++;
    }
    expect(accepted).toBeGreaterThan(1000);
  });
});
