/**
 * Styles to design-owned tokens. Pure: a published style and its node in, a token (or a
 * documented `$extensions` group for a grid, or a reason it was skipped) out.
 *
 * | style  | node field            | token                                                          |
 * |--------|-----------------------|----------------------------------------------------------------|
 * | TEXT   | `style` (TypeStyle)   | `typography` (format §9.7)                                     |
 * | EFFECT | `effects`             | `shadow` (§9.5): drop and inner shadows, one layer or several  |
 * | FILL   | `fills`               | `color` (§8.1) for one solid paint, `gradient` (§9.6) for one linear or radial gradient |
 * | GRID   | `layoutGrids`         | a group with `$extensions["dev.tokensync"].layoutGrids` (DTCG has no grid type) |
 *
 * A property bound to a variable (`boundVariables`) becomes a reference to that variable's token
 * (§9 "Composite types": each sub-value may be a reference), so a mode switch flows through. Only
 * where the reference is valid DTCG: the variable's token must have the sub-value's type (a FLOAT
 * written as `number` cannot stand for a dimension), else the literal is kept and the variable is
 * named in `$extensions["dev.tokensync"].boundVariables`. Line height is never a reference: the
 * design file's line-height variable is in pixels, DTCG's `lineHeight` a multiple of the font size.
 */
import type { DtcgType, GradientStop, Ref, Shadow, ShadowLayer, Typography } from '../model/dtcg.js';
import type { Alias, Color } from '../model/types.js';
import { roundFloat } from '../model/values.js';
import type {
  EffectJson,
  LayoutGridJson,
  PaintJson,
  RgbaJson,
  StyleNodeJson,
  StyleType,
  VariableAliasJson,
} from './figma-nodes.js';

export interface PublishedStyle {
  key: string;
  name: string;
  description: string;
  styleType: StyleType;
  nodeId: string;
  /** The list's `updated_at`: a style edited in the design file has a new one. */
  updatedAt: string;
}

/** A bound variable as the repository knows it: the reference and the `$type` of its token. */
export interface BoundVariable {
  alias: Alias;
  type: DtcgType;
}
export type VariableLookup = (variableId: string) => BoundVariable | undefined;

/** `$extensions["dev.tokensync"]` of a style token or grid group: plain JSON. */
export type Extension = Record<string, unknown>;

/** `variables`: the ids of the variables the style is bound to (what its token depends on besides the node). */
export type Mapped =
  | {
      kind: 'token';
      style: PublishedStyle;
      type: 'typography' | 'shadow' | 'color' | 'gradient';
      value: Ref<unknown>;
      extension: Extension;
      variables: string[];
    }
  | { kind: 'grid'; style: PublishedStyle; extension: Extension; variables: string[] }
  | { kind: 'skipped'; style: PublishedStyle; reason: string; variables?: string[] };

/** A mapping before the used variables are added. */
type Unbound = Mapped extends infer M ? (M extends { variables: string[] } ? Omit<M, 'variables'> : M) : never;

const px = (value: number): { value: number; unit: 'px' } => ({ value: roundFloat(value), unit: 'px' });

function color(c: RgbaJson, opacity = 1): Color {
  return { r: c.r, g: c.g, b: c.b, a: roundFloat(c.a * opacity) };
}

/** Binds one property: the reference when valid, else the literal (and the variable is noted). */
class Binder {
  readonly unbound: Record<string, string> = {};
  readonly used = new Set<string>();
  constructor(private readonly lookup: VariableLookup) {}

  bind<T>(where: string, literal: T, alias: VariableAliasJson | undefined, type: DtcgType): Ref<T> {
    if (!alias?.id) return literal;
    this.used.add(alias.id);
    const found = this.lookup(alias.id);
    if (found && found.type === type) return found.alias;
    this.unbound[where] = found ? `${found.alias.alias.collection}/${found.alias.alias.name}` : alias.id;
    return literal;
  }

  /** The variable's `collection/name` (its id when it is not a local variable). */
  nameOf(alias: VariableAliasJson): string {
    if (alias.id) this.used.add(alias.id);
    const found = alias.id ? this.lookup(alias.id) : undefined;
    return found ? `${found.alias.alias.collection}/${found.alias.alias.name}` : (alias.id ?? '');
  }

  /** A binding that has no DTCG reference form: named only. */
  note(where: string, alias: VariableAliasJson | undefined): void {
    if (alias?.id) this.unbound[where] = this.nameOf(alias);
  }

  extension(ext: Extension): Extension {
    if (Object.keys(this.unbound).length > 0) ext['boundVariables'] = this.unbound;
    return ext;
  }
}

export function mapStyle(style: PublishedStyle, node: StyleNodeJson | undefined, lookup: VariableLookup): Mapped {
  if (!node) return { kind: 'skipped', style, reason: `its node ${style.nodeId} was not in the nodes answer` };
  const b = new Binder(lookup);
  const by = { TEXT: text, EFFECT: effect, FILL: fill, GRID: grid }[style.styleType];
  const m = by(style, node, b);
  return { ...m, variables: [...b.used].sort() };
}

function text(style: PublishedStyle, node: StyleNodeJson, b: Binder): Unbound {
  const s = node.style;
  if (!s || typeof s.fontFamily !== 'string' || typeof s.fontSize !== 'number' || !(s.fontSize > 0)) {
    return { kind: 'skipped', style, reason: 'its node has no `style` with fontFamily and fontSize' };
  }
  const bound = s.boundVariables ?? {};
  const size = s.fontSize;
  // lineHeightPx is always sent; for a percent line height lineHeightPercentFontSize is exact.
  const lineHeight =
    s.lineHeightUnit === 'FONT_SIZE_%' && typeof s.lineHeightPercentFontSize === 'number'
      ? s.lineHeightPercentFontSize / 100
      : typeof s.lineHeightPx === 'number'
        ? s.lineHeightPx / size
        : 1.2;
  const value: Typography = {
    fontFamily: b.bind('fontFamily', s.fontFamily, bound['fontFamily'], 'fontFamily'),
    fontSize: b.bind('fontSize', px(size), bound['fontSize'], 'dimension'),
    fontWeight: b.bind('fontWeight', s.fontWeight ?? 400, bound['fontWeight'], 'fontWeight'),
    letterSpacing: b.bind('letterSpacing', px(s.letterSpacing ?? 0), bound['letterSpacing'], 'dimension'),
    lineHeight: roundFloat(lineHeight),
  };
  b.note('lineHeight', bound['lineHeight']);
  const ext: Extension = {};
  // What DTCG typography cannot say, kept so the build or a reader can use it.
  if (s.italic === true) ext['fontStyle'] = 'italic';
  if (s.lineHeightUnit === 'INTRINSIC_%') ext['lineHeight'] = 'auto';
  if (s.textCase && s.textCase !== 'ORIGINAL') ext['textCase'] = s.textCase;
  if (s.textDecoration && s.textDecoration !== 'NONE') ext['textDecoration'] = s.textDecoration;
  return { kind: 'token', style, type: 'typography', value, extension: b.extension(ext) };
}

function layer(e: EffectJson, i: number, b: Binder): ShadowLayer | undefined {
  if (!e.color || !e.offset || typeof e.radius !== 'number') return undefined;
  const bound = e.boundVariables ?? {};
  const at = (p: string): string => `${i}.${p}`;
  const l: ShadowLayer = {
    color: b.bind(at('color'), color(e.color), bound['color'], 'color'),
    offsetX: b.bind(at('offsetX'), px(e.offset.x), bound['offsetX'], 'dimension'),
    offsetY: b.bind(at('offsetY'), px(e.offset.y), bound['offsetY'], 'dimension'),
    blur: b.bind(at('blur'), px(e.radius), bound['radius'], 'dimension'),
    spread: b.bind(at('spread'), px(e.spread ?? 0), bound['spread'], 'dimension'),
  };
  if (e.type === 'INNER_SHADOW') l.inset = true;
  return l;
}

function effect(style: PublishedStyle, node: StyleNodeJson, b: Binder): Unbound {
  // The API lists effects bottom first, the reverse of the design tool's panel and of CSS, where the
  // first shadow is on top (format §9.5 follows CSS); reversed, as other importers found
  // (tokens-studio/figma-plugin#3052, mikaelvesavuori/figmagic#111).
  const shadows = (node.effects ?? [])
    .filter((e) => e.visible !== false && (e.type === 'DROP_SHADOW' || e.type === 'INNER_SHADOW'))
    .reverse();
  if (shadows.length === 0)
    return { kind: 'skipped', style, reason: 'it has no visible drop or inner shadow (blurs have no DTCG type)' };
  const layers: ShadowLayer[] = [];
  for (const [i, e] of shadows.entries()) {
    const l = layer(e, i, b);
    if (!l) return { kind: 'skipped', style, reason: `its shadow ${i} has no color, offset or radius` };
    layers.push(l);
  }
  const ext: Extension = {};
  if (shadows.length < (node.effects ?? []).filter((e) => e.visible !== false).length) ext['skippedEffects'] = 'blur';
  // One layer is written as a shadow object, several as an array (format §9.5), top first.
  const value: Shadow = layers.length === 1 ? layers[0]! : layers;
  return { kind: 'token', style, type: 'shadow', value, extension: b.extension(ext) };
}

/** CSS angle of a linear gradient from its first two handles (0deg points up, 90deg right; y grows down). */
function angle(handles: { x: number; y: number }[] | undefined): number {
  const [a, c] = handles ?? [];
  if (!a || !c) return 180;
  const deg = (Math.atan2(c.x - a.x, -(c.y - a.y)) * 180) / Math.PI;
  return roundFloat(((deg % 360) + 360) % 360);
}

function fill(style: PublishedStyle, node: StyleNodeJson, b: Binder): Unbound {
  const paints = (node.fills ?? []).filter((p) => p.visible !== false);
  if (paints.length !== 1)
    return {
      kind: 'skipped',
      style,
      reason: `it has ${paints.length} visible paints; only a single solid or gradient paint maps to a token`,
    };
  const p = paints[0] as PaintJson;
  const opacity = p.opacity ?? 1;
  if (p.type === 'SOLID' && p.color) {
    // A reference cannot carry the paint's opacity, so a bound color with opacity stays a literal.
    const value =
      opacity === 1 ? b.bind('color', color(p.color), p.boundVariables?.color, 'color') : color(p.color, opacity);
    return { kind: 'token', style, type: 'color', value, extension: b.extension({}) };
  }
  if (
    (p.type === 'GRADIENT_LINEAR' || p.type === 'GRADIENT_RADIAL') &&
    Array.isArray(p.gradientStops) &&
    p.gradientStops.length > 0
  ) {
    const stops: GradientStop[] = p.gradientStops.map((s, i) => ({
      color:
        opacity === 1
          ? b.bind(`${i}.color`, color(s.color), s.boundVariables?.color, 'color')
          : color(s.color, opacity),
      position: roundFloat(s.position),
    }));
    // DTCG gradients have stops only (§9.6); the kind and direction go in the extension.
    const ext: Extension =
      p.type === 'GRADIENT_LINEAR'
        ? { gradient: { type: 'linear', angle: angle(p.gradientHandlePositions) } }
        : { gradient: { type: 'radial' } };
    return { kind: 'token', style, type: 'gradient', value: stops, extension: b.extension(ext) };
  }
  return {
    kind: 'skipped',
    style,
    reason: `its paint is ${p.type ?? 'of no type'}; only SOLID, GRADIENT_LINEAR and GRADIENT_RADIAL map to tokens`,
  };
}

function grid(style: PublishedStyle, node: StyleNodeJson, b: Binder): Unbound {
  const grids = (node.layoutGrids ?? []).filter((g) => g.visible !== false);
  if (grids.length === 0) return { kind: 'skipped', style, reason: 'it has no visible layout grid' };
  const out = grids.map((g: LayoutGridJson, i) => {
    // An extension holds no references (format §5.2.3 "$extensions": any JSON); bound variables are named.
    for (const [field, alias] of Object.entries(g.boundVariables ?? {})) b.note(`${i}.${field}`, alias);
    const entry: Record<string, unknown> = { pattern: (g.pattern ?? 'COLUMNS').toLowerCase() };
    if (g.pattern !== 'GRID') {
      entry['count'] = g.count ?? 0;
      entry['alignment'] = (g.alignment ?? 'STRETCH').toLowerCase();
      entry['gutter'] = px(g.gutterSize ?? 0);
      entry['offset'] = px(g.offset ?? 0);
    }
    if (g.pattern === 'GRID' || g.alignment !== 'STRETCH') entry['sectionSize'] = px(g.sectionSize ?? 0);
    if (g.color) entry['color'] = hex8(color(g.color));
    return entry;
  });
  return { kind: 'grid', style, extension: b.extension({ layoutGrids: out }) };
}

function hex8(c: Color): string {
  const h = (n: number): string =>
    Math.round(Math.min(1, Math.max(0, n)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${h(c.r)}${h(c.g)}${h(c.b)}${c.a === 1 ? '' : h(c.a)}`;
}
