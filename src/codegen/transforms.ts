/**
 * Our Style Dictionary transforms, only where its own are missing or wrong:
 * - names: Style Dictionary's own name transforms, applied to the path without the view key
 *   (views.ts), then repaired into valid identifiers per language (naming.ts);
 * - sizes: Style Dictionary 5's native size transforms assume every dimension is rem and multiply
 *   by 16 (16px became 256dp). Model floats are pixels (config `tokens.remBase`), so native
 *   platforms get them 1:1 as points, dp, sp, .dp and .sp; a rem token is scaled back by remBase;
 * - strings: quoted and escaped for each language (Style Dictionary only quotes `content` tokens);
 * - durations and plain numbers, which Style Dictionary leaves alone or gets wrong natively.
 */
import type { PlatformConfig, TransformedToken } from 'style-dictionary/types';
import type { Transform } from 'style-dictionary/types';
import { hexToColor, roundFloat } from '../model/values.js';
import { safeIdentifier, type Language } from './naming.js';
import { nameIn, styleOf, type NameFamily, type NameStyle } from './name-styles.js';
import { cssSrgb, cssWide, swiftColor } from '../types/color.js';
import type { FontFamily } from '../model/dtcg.js';
import { cssFontFamily } from '../types/font-family.js';
import type { RenderTarget, SubRef } from '../types/render/context.js';
import { COMPOSITE_TYPES, renderContext, renders } from './render/index.js';
import { typographyParts } from '../types/typography.js';
import { androidString, cLikeString, cssString } from '../types/render/units.js';
import { ALIAS_KEY, EXT, type TokenMeta } from './tree.js';

export function metaOf(token: TransformedToken): TokenMeta {
  return (token['$extensions'] as Record<string, TokenMeta>)[EXT]!;
}

/**
 * The Style Dictionary key (`{<view>.<path>}`) of the token an alias points at, kept on its meta
 * under a symbol (no format or JSON output sees it): the docs page, the css parts, the scss order
 * and direct.ts all ask for it, per platform. The multi-mode tree sets it as it writes the alias's
 * value, the same string (tree.ts); otherwise it is joined here once per alias.
 */
export function aliasKeyOf(a: NonNullable<TokenMeta['alias']>): string {
  let k = a[ALIAS_KEY];
  if (k === undefined) a[ALIAS_KEY] = k = `{${[a.view, ...a.path].join('.')}}`;
  return k;
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
 * A name transform in the family's style (name-styles.ts; `build.names`, carried in the platform
 * config), on the path without the view key. Every mode of a token has the same path there, so the
 * name is computed once per path and platform config (change-case was a tenth of the build's time at
 * 10k x 2, once per mode).
 */
function nameTransform(family: NameFamily, lang: Language | undefined): Omit<Transform, 'name'> {
  const caches = new WeakMap<PlatformConfig, NameCache>();
  // The platform being transformed asks for every token in a row: its cache without a lookup.
  let lastConfig: PlatformConfig | undefined;
  let last: NameCache | undefined;
  const cacheOf = (config: PlatformConfig): NameCache => {
    if (config === lastConfig && last !== undefined) return last;
    let cache = caches.get(config);
    if (cache === undefined) {
      const prefix = typeof config.prefix === 'string' ? config.prefix : '';
      const style = styleOf(config, family);
      cache = { byKey: new Map(), byPath: new Map(), style, prefix, styled: styledIn(style, family, prefix) };
      caches.set(config, cache);
    }
    lastConfig = config;
    last = cache;
    return cache;
  };
  return {
    type: 'name',
    transform: (token, config) => {
      const meta = (token['$extensions'] as Record<string, TokenMeta> | undefined)?.[EXT];
      // codeSyntax.WEB, when build.webNamesFromCodeSyntax asks for it (tree.ts; web names only).
      const web = family === 'web' ? meta?.webName : undefined;
      if (web !== undefined) return web;
      const cache = cacheOf(config);
      // Every view of a token shares its meta's path array (tree-model.ts `pathOf`), the token's
      // path without the view key: one lookup by that array, no key joined, per mode after the first.
      const own = meta?.path;
      let name = own === undefined ? undefined : cache.byPath.get(own);
      if (name !== undefined) return name;
      const key = viewlessKey(token.path);
      name = cache.byKey.get(key);
      if (name === undefined) {
        name = styledName(cache.styled, cache.style, family, token.path, key, cache.prefix);
        if (lang) name = safeIdentifier(name, lang);
        cache.byKey.set(key, name);
      }
      if (own !== undefined) cache.byPath.set(own, name);
      return name;
    },
  };
}

/** One platform config's names: by path key and by path array, and its style's names (`styled`). */
interface NameCache {
  byKey: Map<string, string>;
  byPath: Map<readonly string[], string>;
  style: NameStyle;
  prefix: string;
  styled: Map<string, string>;
}

/**
 * A path's name in a style (name-styles.ts `nameIn`), computed once per style for every platform
 * that uses it (ts, Swift and Kotlin are all camel by default) and kept between the builds of a
 * watch session: it depends on nothing else. Emptied when it grows past a bound, so a long session
 * of renames does not keep every old name. `path` starts with the view key, cut off only when the
 * name is computed (most platforms find it made: no copy of the path per token and platform).
 */
const styled = new Map<string, Map<string, string>>();
const STYLED_BOUND = 200_000;

/** The names of one style, family and prefix (`styled`), found once per platform config. */
function styledIn(style: NameStyle, family: NameFamily, prefix: string): Map<string, string> {
  // Only `keep` differs between web and the other families (name-styles.ts).
  const k = `${style}\u0001${style === 'keep' && family === 'web' ? 'w' : ''}\u0001${prefix}`;
  let names = styled.get(k);
  if (names === undefined) styled.set(k, (names = new Map()));
  return names;
}

function styledName(
  names: Map<string, string>,
  style: NameStyle,
  family: NameFamily,
  path: string[],
  key: string,
  prefix: string,
): string {
  let name = names.get(key);
  if (name === undefined) {
    if (names.size >= STYLED_BOUND) names.clear();
    name = nameIn(style, family, path.slice(1), prefix);
    names.set(key, name);
  }
  return name;
}

/**
 * A token's path without its view key, joined: the key of its name. Every platform's copy of a
 * token shares the path array (direct.ts), so it is joined once per token, not once per platform.
 */
const VIEWLESS = Symbol('viewless path key');
function viewlessKey(path: string[] & { [VIEWLESS]?: string }): string {
  // Kept on the array itself (a symbol key no format sees): a WeakMap lookup cost as much as the join.
  let key = path[VIEWLESS];
  if (key === undefined) path[VIEWLESS] = key = path.slice(1).join('\u0000');
  return key;
}

const webName = nameTransform('web', undefined);

/** The CSS name (without `--`) of the token a sub-value references, as the web name transform gives it. */
function cssNameOf(ref: SubRef, config: PlatformConfig): string {
  return webName.transform({ path: [ref.view, ...ref.path] } as TransformedToken, config, { usesDtcg: true }) as string;
}

/** The color of a color token: the model's (with its wide-gamut source) or the tree's hex. */
const colorOf = (t: TransformedToken) => metaOf(t).color ?? hexToColor(String(valueOf(t)))!;

const isComposite = (t: TransformedToken): boolean => COMPOSITE_TYPES.has(typeOf(t));
const COMPOSITES: readonly string[] = [...COMPOSITE_TYPES];
const remBaseOf = (c: PlatformConfig): number => (typeof c['basePxFontSize'] === 'number' ? c['basePxFontSize'] : 16);

/** A composite's whole value through its type's renderer (render/*.ts); CSS keeps sub-value references as `var(--…)`. */
function composite(target: RenderTarget): OwnTransform {
  return {
    type: 'value',
    types: COMPOSITES,
    filter: isComposite,
    transform: (t, config) => {
      const ctx = renderContext({
        target,
        remBase: remBaseOf(config),
        refs: 'var',
        refName: (r) => cssNameOf(r, config),
      });
      return renders[typeOf(t) as keyof typeof renders][target](valueOf(t), ctx);
    },
  };
}

/**
 * The other forms of a web value, for the formats that need them (formats/css.ts, scss, docs):
 * `wide` the CSS with wide-gamut colors (when it differs), `scss` with `$name` references,
 * `resolved` with every reference resolved, `parts` a typography's part properties.
 */
const webVariants: Omit<Transform, 'name'> = {
  type: 'attribute',
  filter: (t) => metaOf(t).alias === undefined && (isComposite(t) || metaOf(t).color !== undefined),
  transform: (t, config) => {
    if (typeOf(t) === 'color') {
      const wide = cssWide(colorOf(t));
      return wide === undefined ? {} : { wide };
    }
    const type = typeOf(t) as keyof typeof renders;
    const make = (refs: 'var' | 'scss' | 'resolve', wide = false) =>
      renderContext({ target: 'css', remBase: remBaseOf(config), refs, wide, refName: (r) => cssNameOf(r, config) });
    const v = valueOf(t);
    const css = renders[type].css(v, make('var'));
    const wide = renders[type].css(v, make('var', true));
    const resolved = renders[type].css(v, make('resolve'));
    const resolvedWide = renders[type].css(v, make('resolve', true));
    const out: Record<string, unknown> = { scss: renders[type].css(v, make('scss')), resolved };
    if (wide !== css) out['wide'] = wide;
    if (resolvedWide !== resolved) out['resolvedWide'] = resolvedWide;
    if (type === 'typography') out['parts'] = typographyParts(v as Parameters<typeof typographyParts>[0], make('var'));
    return out;
  },
};

/** A string, or a font family list (format §8.3) as one comma-separated string. */
const text = (t: TransformedToken): string => {
  const v = valueOf(t);
  return Array.isArray(v) ? v.join(', ') : String(v);
};

/**
 * One of our transforms. `types`, when set, is exactly the `$type`s its filter accepts, so direct.ts
 * picks a token's transforms by its type once per platform and type instead of calling every filter
 * on every token (docs/architecture.md "Build"); Style Dictionary ignores the extra key.
 */
export type OwnTransform = Omit<Transform, 'name'> & {
  types?: readonly string[];
  /**
   * The value is a function of the token's own value and meta alone, not of the platform config:
   * a platform that runs it after another did on the same token takes that value (direct.ts).
   */
  shared?: boolean;
};

const value = (types: readonly string[], fn: (t: TransformedToken, c: PlatformConfig) => unknown): OwnTransform => ({
  type: 'value',
  types,
  filter: is(...types),
  transform: (token, config) => fn(token, config),
});

/** `value` for a transform that never reads the platform config (`OwnTransform.shared`). */
const shared = (types: readonly string[], fn: (t: TransformedToken) => unknown): OwnTransform => ({
  ...value(types, fn),
  shared: true,
});

/**
 * `#aarrggbb` from the tree's `#rrggbb` or `#rrggbbaa` (tree.ts writes lower-case hex), what Style
 * Dictionary's color/hex8android gives for it (test/build/color-transforms.test.ts).
 */
const hexArgb = (hex: string): string =>
  hex.length === 9 ? `#${hex.slice(7)}${hex.slice(1, 7)}` : `#ff${hex.slice(1)}`;

/** Every transform of ours, by name; registered on each Style Dictionary instance (not globally).
 * The name transforms are internal (they expect the view key, views.ts); the value transforms are
 * also offered to the user's own platforms (`valueTransforms`). */
export const transforms: Record<string, OwnTransform> = {
  'tokensync/name/web': webName,
  'tokensync/name/ts': nameTransform('ts', 'ts'),
  'tokensync/name/swift': nameTransform('ios', 'swift'),
  'tokensync/name/kotlin': nameTransform('compose', 'kotlin'),
  'tokensync/name/android': nameTransform('android', 'android'),

  // Colors: sRGB with a short alpha (`rgba(0, 0, 0, 0.5)`, render/units.ts); CSS also gets the
  // wide-gamut form (webVariants); Swift keeps display-p3.
  'tokensync/css/color': shared(['color'], (t) => cssSrgb(colorOf(t))),
  // Style Dictionary's fontFamily/css also rewrites typography tokens; a name with spaces is quoted.
  'tokensync/css/fontFamily': shared(['fontFamily'], (t) => cssFontFamily(valueOf(t) as FontFamily)),
  'tokensync/swift/color': value(['color'], (t) => swiftColor(colorOf(t))),
  // Android and Compose: Style Dictionary's color/hex8android and color/composeColor, from the hex.
  'tokensync/android/color': value(['color'], (t) => hexArgb(String(valueOf(t)))),
  'tokensync/compose/color': value(['color'], (t) => `Color(0x${hexArgb(String(valueOf(t))).slice(1)})`),
  'tokensync/web/variants': webVariants,
  'tokensync/web/composite': composite('css'),
  'tokensync/js/composite': composite('js'),
  'tokensync/swift/composite': composite('swift'),
  'tokensync/android/composite': composite('android'),
  'tokensync/compose/composite': composite('compose'),

  // Web: the unit stays as written (px stays px, rem stays rem).
  'tokensync/web/dimension': shared(['dimension', 'fontSize'], (t) => `${num(dim(t).value)}${dim(t).unit}`),
  'tokensync/web/duration': shared(['duration'], (t) => `${num(dim(t).value)}${dim(t).unit}`),
  'tokensync/css/string': value(['string'], (t) => cssString(String(valueOf(t)))),

  // iOS: points are pixels at 1x; durations are TimeInterval seconds.
  'tokensync/swift/size': value(['dimension', 'fontSize'], (t, c) => `CGFloat(${num(px(t, c))})`),
  'tokensync/swift/number': value(['number', 'fontWeight'], (t) => `CGFloat(${num(Number(valueOf(t)))})`),
  'tokensync/swift/duration': value(['duration'], (t) => `TimeInterval(${num(ms(t) / 1000)})`),
  'tokensync/swift/string': value(['string', 'fontFamily'], (t) => cLikeString(text(t), 'swift')),

  // Android resources: dp for sizes, sp for font sizes, integer milliseconds.
  'tokensync/android/size': value(
    ['dimension', 'fontSize'],
    (t, c) => `${num(px(t, c))}${typeOf(t) === 'fontSize' ? 'sp' : 'dp'}`,
  ),
  'tokensync/android/duration': value(['duration'], (t) => num(ms(t))),
  'tokensync/android/string': value(['string', 'fontFamily'], (t) => androidString(text(t))),

  // Compose: .dp / .sp extension properties, Float numbers, Int milliseconds.
  'tokensync/compose/size': value(
    ['dimension', 'fontSize'],
    (t, c) => `${num(px(t, c))}.${typeOf(t) === 'fontSize' ? 'sp' : 'dp'}`,
  ),
  'tokensync/compose/number': value(['number'], (t) => `${num(Number(valueOf(t)))}f`),
  'tokensync/compose/duration': value(['duration'], (t) => num(ms(t))),
  'tokensync/kotlin/string': value(['string', 'fontFamily'], (t) => cLikeString(text(t), 'kotlin')),
};

export const valueTransforms: Record<string, Omit<Transform, 'name'>> = Object.fromEntries(
  Object.entries(transforms).filter(([name]) => !name.startsWith('tokensync/name/')),
);
