/**
 * Our Style Dictionary transforms, only where its own are missing or wrong (issue 5):
 * - names: Style Dictionary's own name transforms, applied to the path without the view key
 *   (views.ts), then repaired into valid identifiers per language (naming.ts);
 * - sizes: Style Dictionary 5's native size transforms assume every dimension is rem and multiply
 *   by 16 (16px became 256dp). Model floats are pixels (config `tokens.remBase`), so native
 *   platforms get them 1:1 as points, dp, sp, .dp and .sp; a rem token is scaled back by remBase;
 * - strings: quoted and escaped for each language (Style Dictionary only quotes `content` tokens);
 * - durations and plain numbers, which Style Dictionary leaves alone or gets wrong natively.
 */
import StyleDictionary from 'style-dictionary';
import type { PlatformConfig, TransformedToken } from 'style-dictionary/types';
import type { Transform } from 'style-dictionary/types';
import { roundFloat } from '../model/values.js';
import { safeIdentifier, type Language } from './naming.js';
import { EXT, type TokenMeta } from './tree.js';

export function metaOf(token: TransformedToken): TokenMeta {
  return (token['$extensions'] as Record<string, TokenMeta>)[EXT]!;
}

const typeOf = (token: TransformedToken): string => String(token['$type'] ?? token['type'] ?? '');
const valueOf = (token: TransformedToken): unknown => token['$value'] ?? token['value'];
const is =
  (...types: string[]) =>
  (token: TransformedToken): boolean =>
    types.includes(typeOf(token));

interface Dim {
  value: number;
  unit: string;
}
function dim(token: TransformedToken): Dim {
  const v = valueOf(token) as Dim;
  return { value: Number(v.value), unit: String(v.unit) };
}
const num = (n: number): string => String(roundFloat(n));

/** Pixels of a dimension (model floats are pixels; rem tokens were divided by the remBase in tree.ts). */
function px(token: TransformedToken, config: PlatformConfig): number {
  const d = dim(token);
  const base = typeof config['basePxFontSize'] === 'number' ? config['basePxFontSize'] : 16;
  return d.unit === 'rem' ? roundFloat(d.value * base) : d.value;
}

function ms(token: TransformedToken): number {
  const d = dim(token);
  return d.unit === 's' ? roundFloat(d.value * 1000) : d.value;
}

/**
 * The printed name of a token. Every mode of a token has the same name. (Until our platforms left
 * Style Dictionary's pipeline, direct.ts, the name carried its view as an invisible suffix to dodge
 * the quadratic duplicate-name check of Style Dictionary's formatFile, which no longer runs for them.)
 */
export const cleanName = (token: TransformedToken): string => token.name;

/**
 * A name transform that runs Style Dictionary's own `builtin` on the path without the view key.
 * Every mode of a token has the same path there, so the name is computed once per path and
 * platform config (change-case was a tenth of the build's time at 10k x 2, once per mode).
 */
function nameTransform(builtin: string, lang: Language | undefined): Omit<Transform, 'name'> {
  const base = StyleDictionary.hooks.transforms[builtin];
  if (!base || base.type !== 'name') throw new Error(`Style Dictionary has no name transform ${builtin}`);
  const caches = new WeakMap<PlatformConfig, Map<string, string>>();
  return {
    type: 'name',
    transform: (token, config, options) => {
      // codeSyntax.WEB, when build.webNamesFromCodeSyntax asks for it (tree.ts; kebab names only).
      const web = builtin === 'name/kebab' ? (token['$extensions'] as Record<string, TokenMeta> | undefined)?.[EXT]?.webName : undefined;
      if (web !== undefined) return web;
      let cache = caches.get(config);
      if (cache === undefined) caches.set(config, (cache = new Map()));
      const path = token.path.slice(1);
      const key = path.join('\u0000');
      let name = cache.get(key);
      if (name === undefined) {
        name = base.transform({ ...token, path }, config, options) as string;
        if (lang) name = safeIdentifier(name, lang);
        cache.set(key, name);
      }
      return name;
    },
  };
}

const cssString = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ')}"`;

/** A Swift or Kotlin string literal; Kotlin also escapes `$` (string templates). */
function cLikeString(s: string, lang: 'swift' | 'kotlin'): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '$' && lang === 'kotlin') out += '\\$';
    else if (c < 0x20 || c === 0x7f) out += lang === 'swift' ? `\\u{${c.toString(16)}}` : `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `"${out}"`;
}

/**
 * Android string resources: XML escapes plus aapt's own (`'`, `"`, `\`, a leading `@` or `?`),
 * https://developer.android.com/guide/topics/resources/string-resource#escaping_quotes
 */
function androidString(s: string): string {
  let out = s
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, "\\'")
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n');
  if (out.startsWith('@') || out.startsWith('?')) out = `\\${out}`;
  return out;
}

const value = (filter: (t: TransformedToken) => boolean, fn: (t: TransformedToken, c: PlatformConfig) => unknown): Omit<Transform, 'name'> => ({
  type: 'value',
  filter,
  transform: (token, config) => fn(token, config),
});

/** Every transform of ours, by name; registered on each Style Dictionary instance (not globally).
 * The name transforms are internal (they expect the view key, views.ts); the value transforms are
 * also offered to the user's own platforms (`valueTransforms`). */
export const transforms: Record<string, Omit<Transform, 'name'>> = {
  'tokensync/name/kebab': nameTransform('name/kebab', undefined),
  'tokensync/name/ts': nameTransform('name/camel', 'ts'),
  'tokensync/name/swift': nameTransform('name/camel', 'swift'),
  'tokensync/name/kotlin': nameTransform('name/camel', 'kotlin'),
  'tokensync/name/android': nameTransform('name/snake', 'android'),

  // Web: the unit stays as written (px stays px, rem stays rem).
  'tokensync/web/dimension': value(is('dimension', 'fontSize'), (t) => `${num(dim(t).value)}${dim(t).unit}`),
  'tokensync/web/duration': value(is('duration'), (t) => `${num(dim(t).value)}${dim(t).unit}`),
  'tokensync/css/string': value(is('string'), (t) => cssString(String(valueOf(t)))),

  // iOS: points are pixels at 1x; durations are TimeInterval seconds.
  'tokensync/swift/size': value(is('dimension', 'fontSize'), (t, c) => `CGFloat(${num(px(t, c))})`),
  'tokensync/swift/number': value(is('number', 'fontWeight'), (t) => `CGFloat(${num(Number(valueOf(t)))})`),
  'tokensync/swift/duration': value(is('duration'), (t) => `TimeInterval(${num(ms(t) / 1000)})`),
  'tokensync/swift/string': value(is('string', 'fontFamily'), (t) => cLikeString(String(valueOf(t)), 'swift')),

  // Android resources: dp for sizes, sp for font sizes, integer milliseconds.
  'tokensync/android/size': value(is('dimension', 'fontSize'), (t, c) => `${num(px(t, c))}${typeOf(t) === 'fontSize' ? 'sp' : 'dp'}`),
  'tokensync/android/duration': value(is('duration'), (t) => num(ms(t))),
  'tokensync/android/string': value(is('string', 'fontFamily'), (t) => androidString(String(valueOf(t)))),

  // Compose: .dp / .sp extension properties, Float numbers, Int milliseconds.
  'tokensync/compose/size': value(is('dimension', 'fontSize'), (t, c) => `${num(px(t, c))}.${typeOf(t) === 'fontSize' ? 'sp' : 'dp'}`),
  'tokensync/compose/number': value(is('number'), (t) => `${num(Number(valueOf(t)))}f`),
  'tokensync/compose/duration': value(is('duration'), (t) => num(ms(t))),
  'tokensync/kotlin/string': value(is('string', 'fontFamily'), (t) => cLikeString(String(valueOf(t)), 'kotlin')),
};

export const valueTransforms: Record<string, Omit<Transform, 'name'>> = Object.fromEntries(
  Object.entries(transforms).filter(([name]) => !name.startsWith('tokensync/name/')),
);
