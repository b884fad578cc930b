/**
 * What a type's renderer (one file per DTCG type here: "one place per DTCG type") is
 * given. A composite arrives as the model value with every sub-value a `Sub`: the literal it
 * resolves to in this mode, and the reference it was written as, if any (tree.ts). A renderer
 * prints the literal parts with `ctx.sub`, which keeps a reference as a reference where the platform
 * can (CSS `var(--…)`, SCSS `$…`) so a mode switch flows through the composite, and prints the
 * resolved literal everywhere else.
 */
import type { DtcgType } from '../../model/dtcg.js';

/** Where a sub-value's reference points: the tree view and the token path under it (tree.ts). */
export interface SubRef {
  view: string;
  path: string[];
}

/** A sub-value of a composite (or a whole literal): its resolved literal and, when written so, its reference. */
export interface Sub<T = unknown> {
  $lit: T;
  $ref?: SubRef;
}

export const isSub = (v: unknown): v is Sub => typeof v === 'object' && v !== null && '$lit' in v;

/**
 * The output kinds a type renders to. `css` (also SCSS, Tailwind and the docs page, `ctx.refs`
 * says how a reference prints), `js` (TS and JSON: a JSON value), `swift`, `android` (resource
 * entries, android.ts), `compose`.
 */
export type RenderTarget = 'css' | 'js' | 'swift' | 'android' | 'compose';

/**
 * A dimension as a font size is its own render key: sp on Android and Compose (tree.ts `fontSize`),
 * the same as a dimension elsewhere.
 */
export type RenderKey = DtcgType | 'fontSize';

export interface RenderContext {
  target: RenderTarget;
  /** Pixels per rem (`tokens.remBase`). */
  remBase: number;
  /**
   * css only: how a reference prints. `var` -> `var(--name)`, `scss` -> `$name`, `resolve` -> its
   * literal (the docs page and SCSS mode files, which read no other file).
   */
  refs: 'var' | 'scss' | 'resolve';
  /** css only: colors in their wide-gamut space (`color(display-p3 …)`), not the sRGB fallback. */
  wide: boolean;
  /** The printed name of a referenced token on this platform (kebab for css/scss). */
  refName(ref: SubRef): string;
  /** Prints a sub-value of type `key`: its reference where the target keeps references, else its literal. */
  sub(s: Sub, key: RenderKey): string;
  /** The literal of a sub-value, rendered as a JSON value (js target) by type `key`. */
  subJs(s: Sub, key: RenderKey): unknown;
}

/** One Android resource: `<tag name="…">value</tag>`, or a `<style>` with items. */
export interface AndroidResource {
  tag: 'color' | 'dimen' | 'integer' | 'float' | 'string' | 'bool' | 'style';
  /** Name parts after the token's own name (`offset_x`), empty for the token itself. */
  suffix: string[];
  value: string;
  /** For `style`: the items, `[attribute, value]`. */
  items?: [string, string][];
}

/**
 * The renderer of one type. Each takes the value as tree.ts leaves it (literals resolved, every
 * reference a `Sub`). Simple types that Style Dictionary's transforms print (color, dimension, …)
 * still have renderers: composites print their parts with them.
 */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds renderers of every value type side by side.
export interface TypeRender<T = any> {
  css(v: T, ctx: RenderContext): string;
  js(v: T, ctx: RenderContext): unknown;
  swift(v: T, ctx: RenderContext): string;
  android(v: T, ctx: RenderContext): AndroidResource[];
  compose(v: T, ctx: RenderContext): string;
  /** A small preview for the docs page from the resolved CSS value (already HTML-escaped). */
  docs?(css: string): string;
  /** Swift and Kotlin declarations of the composite's own type, once per file set (types.swift/.kt). */
  swiftType?: string;
  composeType?: string;
  /** The TypeScript interface of the composite (ts/tokens.ts). */
  tsType?: string;
}
