/**
 * The whole DTCG 2025.10 value space in the model (designtokens.org/TR/2025.10/format,
 * §8 Types and §9 Composite types).
 *
 * Variables (types.ts) hold what a design file's variables can hold and are synced. Every other
 * token is a `RepoToken`: repository-owned (composites and anything without a variable
 * counterpart: built on every platform, never pushed) or design-owned (styles pulled from the
 * design file: pulled, never pushed).
 *
 * A reference may stand for a whole value or for any sub-value of a composite (§9 "Composite
 * types": "each sub-value may be an alias"), so the value types below take `Ref<T>` wherever the
 * spec allows a reference. A reference is the model's `Alias` (by collection and slash name, not
 * by path), the same as a variable's, so one resolver serves both.
 *
 * Each DTCG type has one module under src/types/ (parse, validate, compare, encode, render);
 * these are only the shapes they share.
 */
import type { Alias, Color } from './literals.js';

/** Every `$type` of the 2025.10 format, plus `string` and `boolean` (non-standard, as Terrazzo does). */
export const DTCG_TYPE_NAMES = [
  'color',
  'dimension',
  'fontFamily',
  'fontWeight',
  'duration',
  'cubicBezier',
  'number',
  'strokeStyle',
  'border',
  'transition',
  'shadow',
  'gradient',
  'typography',
  'string',
  'boolean',
] as const;
export type DtcgType = (typeof DTCG_TYPE_NAMES)[number];

/** A whole value or a sub-value: the literal, or a reference to a token of the right type. */
export type Ref<T> = T | Alias;

/** §8.2: `{ value, unit }`, unit `px` or `rem`. */
export interface Dimension {
  value: number;
  unit: 'px' | 'rem';
}

/** §8.5: `{ value, unit }`, unit `ms` or `s`. */
export interface Duration {
  value: number;
  unit: 'ms' | 's';
}

/** §8.6: P1x, P1y, P2x, P2y; x in [0, 1]. */
export type CubicBezier = [number, number, number, number];

/** §8.3: one name or an ordered list of fallbacks. */
export type FontFamily = string | string[];

/** §8.4: 1..1000, or one of the spec's names (`bold`), kept as written. */
export type FontWeight = number | string;

/** §9.2 strokeStyle: a keyword, or dashes with a line cap. */
export type StrokeStyle =
  | 'solid'
  | 'dashed'
  | 'dotted'
  | 'double'
  | 'groove'
  | 'ridge'
  | 'outset'
  | 'inset'
  | { dashArray: Ref<Dimension>[]; lineCap: 'round' | 'butt' | 'square' };

/** §9.3 border. */
export interface Border {
  color: Ref<Color>;
  width: Ref<Dimension>;
  style: Ref<StrokeStyle>;
}

/** §9.4 transition. */
export interface Transition {
  duration: Ref<Duration>;
  delay: Ref<Duration>;
  timingFunction: Ref<CubicBezier>;
}

/** One layer of §9.5 shadow. */
export interface ShadowLayer {
  color: Ref<Color>;
  offsetX: Ref<Dimension>;
  offsetY: Ref<Dimension>;
  blur: Ref<Dimension>;
  spread: Ref<Dimension>;
  inset?: boolean;
}
/**
 * §9.5: one layer or several (listed top first, as CSS does). An element of the array may be a
 * reference to another shadow token ("References in the array resolve to single shadow objects and
 * do not cause array flattening"): the referenced token's layers go in its place.
 */
export type Shadow = ShadowLayer | Ref<ShadowLayer>[];

/** One stop of §9.6 gradient. `position` as written: a number outside [0, 1] is read as clamped. */
export interface GradientStop {
  color: Ref<Color>;
  position: Ref<number>;
}
/**
 * What §9.6 cannot say about a gradient (it has stops only): its kind and, for a linear one, its CSS
 * angle (0deg points up, 90deg right). Read from the token's `$extensions["dev.tokensync"].gradient`
 * (docs/styles.md "Mapping", gradients), never part of `$value`.
 */
export interface GradientShape {
  type: 'linear' | 'radial';
  angle?: number;
  /** Radial: the centre, as fractions of the box's width and height (0.5, 0.5 is the middle). */
  center?: [number, number];
  /** Radial: the horizontal and vertical radii, as fractions of the box's width and height. */
  radii?: [number, number];
}
/**
 * §9.6 gradient; an element may be a reference to another gradient token (as for shadows). `shape`
 * rides on the array (not an element, so JSON and the DTCG `$value` stay the spec's array).
 */
export type Gradient = Ref<GradientStop>[] & { shape?: GradientShape };

/** §9.7 typography. `lineHeight` is a multiplier of the font size (a number). */
export interface Typography {
  fontFamily: Ref<FontFamily>;
  fontSize: Ref<Dimension>;
  fontWeight: Ref<FontWeight>;
  letterSpacing: Ref<Dimension>;
  lineHeight: Ref<number>;
}

/** The literal value of each type, with references where the spec allows them. */
export interface DtcgValueOf {
  color: Color;
  dimension: Dimension;
  fontFamily: FontFamily;
  fontWeight: FontWeight;
  duration: Duration;
  cubicBezier: CubicBezier;
  number: number;
  strokeStyle: StrokeStyle;
  border: Border;
  transition: Transition;
  shadow: Shadow;
  gradient: Gradient;
  typography: Typography;
  string: string;
  boolean: boolean;
}
export type DtcgValue = DtcgValueOf[DtcgType];

/**
 * A token without a variable counterpart. Same identity rules as a variable (collection + slash
 * name, unique within the collection, across variables and repo tokens alike).
 */
export interface RepoToken {
  collection: string;
  name: string;
  type: DtcgType;
  description: string;
  /** Per mode name: the value, or an alias to a token of the same type. Every mode has one. */
  values: Record<string, Ref<DtcgValue>>;
  /** `repository`: composites and the like, never pushed. `design`: pulled from styles, never pushed. */
  owner: 'repository' | 'design';
  /** §6.4 `$deprecated`: true, or the explanation. */
  deprecated?: boolean | string;
  /**
   * Its values in extended collections of its collection, as `Variable.overrides` (docs/overrides.md
   * §4): extension name -> mode name -> value. Built, never pushed. Absent when none overrides it.
   */
  overrides?: Record<string, Record<string, Ref<DtcgValue>>>;
}
