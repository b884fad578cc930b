/**
 * How a token path becomes a name on each platform (`build.names`, docs/build.md "Names"):
 * - `kebab`, `camel`, `snake`: what Style Dictionary's name/kebab, name/camel and name/snake give,
 *   through the library they call (change-case over the path), without loading Style Dictionary
 *   (docs/architecture.md "Build"; test/build/native-formats.test.ts compares the two);
 * - `keep`: each segment as the design system writes it, joined by the platform's separator
 *   (`focus/outlineColor` -> `--focus-outlineColor`, `focus_outlineColor`), so names that differ
 *   only in case or punctuation stay apart. Only characters the platform cannot hold are replaced.
 *
 * Platforms that must agree on names share one family: `web` is css, scss, tailwind and the docs
 * page (Tailwind and the docs page point at the CSS custom properties); `ts` is the TypeScript module.
 */
import { camelCase, kebabCase, snakeCase } from 'change-case';
import type { PlatformConfig } from 'style-dictionary/types';

import { NAME_STYLES } from '../config/lists.js';
import { keepName } from '../model/names.js';

export { NAME_STYLES };
export type NameStyle = (typeof NAME_STYLES)[number];

export const NAME_FAMILIES = ['web', 'ts', 'ios', 'android', 'compose'] as const;
export type NameFamily = (typeof NAME_FAMILIES)[number];

/** What each family gets when `build.names` does not say: the names tokensync always gave. */
export const DEFAULT_NAME_STYLES: Readonly<Record<NameFamily, NameStyle>> = {
  web: 'kebab',
  ts: 'camel',
  ios: 'camel',
  android: 'snake',
  compose: 'camel',
};

/** The platform config keys that carry the family and its style to the name transforms (transforms.ts) and clash checks. */
export const STYLE_KEY = 'tokensyncNameStyle';
export const FAMILY_KEY = 'tokensyncNameFamily';

export function styleOf(config: PlatformConfig, family: NameFamily): NameStyle {
  const s = config[STYLE_KEY];
  return typeof s === 'string' && (NAME_STYLES as readonly string[]).includes(s)
    ? (s as NameStyle)
    : DEFAULT_NAME_STYLES[family];
}

/**
 * A path of lower-case ASCII letters, digits, spaces, `-` and `_` only: change-case's words are then
 * just its runs of letters and digits (it splits at case changes and at anything else, which such
 * input has none of), so they are cut here without its Unicode regexes, in one pass over the parts'
 * characters, and joined as change-case joins them (camel: each later word capitalized; kebab `-`;
 * snake `_`). Undefined for any other path, which change-case names (`CASES`).
 * test/build/native-formats.test.ts compares both ways with Style Dictionary's. (The cold names of
 * 10k paths in three styles: docs/benchmarks.md "Full build", third and sixth rounds.)
 */
function plainName(style: Exclude<NameStyle, 'keep'>, parts: readonly string[]): string | undefined {
  const sep = style === 'kebab' ? '-' : style === 'snake' ? '_' : '';
  let out = '';
  let words = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    let start = -1;
    for (let i = 0; i <= part.length; i++) {
      const c = i < part.length ? part.charCodeAt(i) : 32;
      const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
      if (word) {
        if (start < 0) start = i;
        continue;
      }
      // Only a space, `_` or `-` may stand between words.
      if (c !== 32 && c !== 95 && c !== 45) return undefined;
      if (start < 0) continue;
      if (words > 0 && sep === '') out += `${part[start]!.toUpperCase()}${part.slice(start + 1, i)}`;
      else out += words > 0 ? `${sep}${part.slice(start, i)}` : part.slice(start, i);
      words++;
      start = -1;
    }
  }
  return out;
}

/**
 * Style Dictionary's name/kebab, name/camel and name/snake: change-case over the path joined by
 * spaces after the platform's prefix, which is empty here (the prefix is part of `parts`), so the
 * input starts with a space as theirs does.
 */
const CASES: Record<Exclude<NameStyle, 'keep'>, (input: string) => string> = {
  kebab: (input) => kebabCase(input),
  camel: (input) => camelCase(input, { mergeAmbiguousCharacters: true }),
  snake: (input) => snakeCase(input),
};

/**
 * A path's name in a style, before the per-language identifier repairs (naming.ts `safeIdentifier`).
 * CSS custom properties may hold any letter, digit, `-` and `_`; identifiers of the other platforms
 * only ASCII letters, digits and `_`. Anything else becomes the separator.
 */
export function nameIn(style: NameStyle, family: NameFamily, path: readonly string[], prefix = ''): string {
  const parts = prefix === '' ? path : [prefix, ...path];
  if (style !== 'keep') return plainName(style, parts) ?? CASES[style](` ${parts.join(' ')}`);
  return keepName(parts, family === 'web');
}

/**
 * The styles other than `current` under which two paths get different names: what a clash error
 * offers as the fix (formats/common.ts).
 */
export function separatingStyles(
  current: NameStyle,
  family: NameFamily,
  a: readonly string[],
  b: readonly string[],
): NameStyle[] {
  return NAME_STYLES.filter((s) => s !== current && nameIn(s, family, a) !== nameIn(s, family, b));
}
