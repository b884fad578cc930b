/**
 * The values of the model (docs/architecture.md "The model"): a literal of a variable type, or an
 * alias by name. No imports, so both the variable model (types.ts) and the DTCG value space
 * (dtcg.ts) build on it; types.ts re-exports all of it.
 */

/** sRGB color with components in 0..1. */
export interface Color {
  r: number;
  g: number;
  b: number;
  a: number;
  /**
   * The color as the repository wrote it when that was not plain sRGB (`display-p3`,
   * `oklch` and the other DTCG color spaces). r/g/b/a is then its sRGB conversion (clipped to the
   * gamut), which is what is synced and compared; the build and the token files keep `source`.
   * A pull keeps `source` while the sRGB value it converts to did not change.
   */
  source?: ColorSource;
  /**
   * A composed color (Figma's `VariableComposedColor`): a color and an independently authored opacity,
   * at least one of them an alias. r/g/b/a is then what it resolves to (the color's channels, its
   * alpha times opacity / 100); what is synced and compared is the composition (docs/sync.md
   * "Composed colors").
   */
  composed?: Composition;
}

/** The parts of a composed color: opacity in percent (0-100), as the design tool's opacity field. */
export interface Composition {
  color: Alias | Color;
  opacity: Alias | number;
}

/** A DTCG 2025.10 color value in any of its color spaces (format §8.1). */
export interface ColorSource {
  colorSpace: string;
  /** `'none'` is the spec's missing component. */
  components: (number | 'none')[];
  alpha?: number;
  hex?: string;
}

/**
 * A reference to another variable by name (not by id), so the repository stays readable and
 * ids only live in the lock. `collection` is the target's collection name, `name` its slash path.
 */
export interface Alias {
  alias: { collection: string; name: string };
}

export type Literal = Color | number | string | boolean;
export type Value = Literal | Alias;

export function isAlias(value: Value): value is Alias {
  return typeof value === 'object' && value !== null && 'alias' in value;
}

export function isColor(value: Value): value is Color {
  return typeof value === 'object' && value !== null && 'r' in value;
}
