/**
 * Names that do not come from Style Dictionary's name transforms: slugs for selectors and file
 * names, Pascal-case class names for Swift and Kotlin, and the repairs that make a transformed token
 * name a valid identifier in each language ("names valid identifiers in each language").
 */

// The same slugs as the token files' folder names (model/names.ts), so `{collection}` in a selector
// reads like the folder it came from.
import { slug } from '../model/names.js';
import type { Collection } from '../model/types.js';

export { slug };

/**
 * A collection as the build may see it: `namespace` is the name whose slug leads its tokens' paths
 * under `tokens.namespace: collection` when that is not `name` (a per-input copy named for its type,
 * `semantic for mode-dark`, keeps its tokens' names `semantic.…`: native-inputs.ts).
 */
export type BuildCollection = Collection & { namespace?: string };

/** The path segment a collection's tokens start with under `tokens.namespace: collection`. */
export const namespaceOf = (c: BuildCollection): string => slug(c.namespace ?? c.name);

/** `Theme`, `dark mode` -> `ThemeDarkMode`; a leading digit gets a `_` so the result is an identifier. */
export function pascal(...parts: string[]): string {
  const words = parts
    .filter((p) => p.trim() !== '')
    .flatMap((p) => slug(p).split('-'))
    .filter((w) => w !== '');
  const s = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return /^[0-9]/.test(s) ? `_${s}` : s;
}

export type Language = 'swift' | 'kotlin' | 'ts' | 'android';

// Reserved words that cannot be a bare property / constant name. Backticks would work in Swift and
// Kotlin but not in every place a name is used, so a trailing `_` is the one repair for all.
const KEYWORDS: Record<Language, ReadonlySet<string>> = {
  swift: new Set(
    'associatedtype class deinit enum extension fileprivate func import init inout internal let open operator private protocol public rethrows static struct subscript typealias var break case continue default defer do else fallthrough for guard if in repeat return switch where while as catch false is nil super self throw throws true try Type Self Any'.split(
      ' ',
    ),
  ),
  kotlin: new Set(
    'as break class continue do else false for fun if in interface is null object package return super this throw true try typealias typeof val var when while'.split(
      ' ',
    ),
  ),
  // Token names are object keys and string literals in the generated TypeScript, where keywords are legal.
  ts: new Set(),
  // Android resource names become Java fields of R.
  android: new Set(
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null'.split(
      ' ',
    ),
  ),
};

/** Makes a transformed name a valid identifier: `_` before a leading digit, `_` after a keyword. */
export function safeIdentifier(name: string, lang: Language): string {
  let s = name;
  const first = s.charCodeAt(0); // NaN for ''
  if (s === '' || (first >= 48 && first <= 57)) s = `_${s}`;
  if (KEYWORDS[lang].has(s)) s = `${s}_`;
  return s;
}
