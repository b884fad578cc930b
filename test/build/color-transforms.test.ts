/**
 * The Android and Compose color transforms are ours (transforms.ts `tokensync/android/color`,
 * `tokensync/compose/color`), read from the tree's hex instead of parsing it again with
 * tinycolor per token and platform (docs/architecture.md "Build"). This holds them to Style
 * Dictionary's own color/hex8android and color/composeColor over every color form the tree writes
 * (tree.ts: `#rrggbb` when opaque, `#rrggbbaa` otherwise): opaque, transparent, every alpha byte
 * and edge channel values.
 */
import StyleDictionary from 'style-dictionary';
import type { PlatformConfig, TransformedToken } from 'style-dictionary/types';
import { describe, expect, test } from 'vitest';
import { transforms } from '../../src/codegen/transforms.js';
import { colorToHex, colorToHex8 } from '../../src/model/values.js';

/** Hex values as tree.ts writes them: a spread of channels, and every alpha byte. */
function treeHexes(): string[] {
  const out = new Set<string>();
  const channels = [0, 1, 15, 16, 127, 128, 200, 254, 255];
  for (const r of channels)
    for (const g of [0, 128, 255])
      for (const b of [0, 77, 255]) {
        const c = { r: r / 255, g: g / 255, b: b / 255, a: 1 };
        out.add(colorToHex(c));
      }
  for (let a = 0; a < 255; a++) out.add(colorToHex8({ r: 0.2, g: 0.4, b: 0.6, a: a / 255 }));
  out.add(colorToHex8({ r: 1, g: 0, b: 0.5, a: 0.5 }));
  return [...out];
}

const token = (hex: string): TransformedToken =>
  ({ $type: 'color', $value: hex, name: 'c', path: ['v', 'c'], original: { $value: hex } }) as TransformedToken;

describe("our Android and Compose colors equal Style Dictionary's", () => {
  const hexes = treeHexes();
  const pairs = [
    ['tokensync/android/color', 'color/hex8android'],
    ['tokensync/compose/color', 'color/composeColor'],
  ] as const;
  for (const [ours, theirs] of pairs) {
    test(`${ours} = ${theirs} over ${hexes.length} colors`, () => {
      const own = transforms[ours]!;
      const sd = StyleDictionary.hooks.transforms[theirs]!;
      const options = { usesDtcg: true };
      for (const hex of hexes) {
        const t = token(hex);
        expect(own.filter?.(t, options), hex).toBe(sd.filter?.(t, options));
        expect(own.transform(t, {} as PlatformConfig, options), hex).toBe(
          sd.transform(t, {} as PlatformConfig, options),
        );
      }
      // An opaque and a translucent one, spelled out.
      expect(own.transform(token('#1a2b3c'), {} as PlatformConfig, options)).toBe(
        ours === 'tokensync/android/color' ? '#ff1a2b3c' : 'Color(0xff1a2b3c)',
      );
      expect(own.transform(token('#1a2b3c80'), {} as PlatformConfig, options)).toBe(
        ours === 'tokensync/android/color' ? '#801a2b3c' : 'Color(0x801a2b3c)',
      );
    });
  }
});
