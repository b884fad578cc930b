/**
 * The nodes behind published styles. A style's `node_id` names a node that the nodes
 * endpoint serves, as the real service does; like the real service the style definitions are not
 * part of any page, so `GET /v1/files/:key` shows the same document with or without styles, and
 * its `styles` map lists the styles that document nodes use.
 *
 * Node fields follow Figma's node schema (@figma/rest-api-spec, api_types.ts): a TEXT style is a
 * TEXT node with `style` (TypeStyle, with `boundVariables` per field), an EFFECT style a RECTANGLE
 * with `effects` (DropShadowEffect / InnerShadowEffect, `boundVariables` per field), a FILL style a
 * RECTANGLE with `fills` (SolidPaint / GradientPaint, `boundVariables.color` on a solid paint or a
 * gradient stop), a GRID style a FRAME with `layoutGrids` (LayoutGrid, `boundVariables`).
 */
import type { DocNode, PublishedStyle, Rgba } from '../state.js';

export type StyleType = PublishedStyle['style_type'];

/** Fields every node of the schema carries, plus a box (`absoluteBoundingBox`, as the other nodes). */
function base(id: string, name: string, type: string): DocNode {
  return {
    id,
    name,
    type,
    visible: true,
    scrollBehavior: 'SCROLLS',
    blendMode: 'PASS_THROUGH',
    absoluteBoundingBox: { x: 0, y: 0, width: 100, height: 100 },
    absoluteRenderBounds: { x: 0, y: 0, width: 100, height: 100 },
    constraints: { vertical: 'TOP', horizontal: 'LEFT' },
    children: [],
  };
}

/**
 * The node of a style of `type` carrying `fields` (`style`, `effects`, `fills` or `layoutGrids`,
 * as the schema spells them). Used by the demo seed and the control endpoint that plays the designer.
 */
export function styleNode(id: string, name: string, type: StyleType, fields: Record<string, unknown>): DocNode {
  switch (type) {
    case 'TEXT': {
      const node = base(id, name, 'TEXT');
      delete node.children;
      return {
        ...node,
        fills: [{ type: 'SOLID', blendMode: 'NORMAL', color: { r: 0, g: 0, b: 0, a: 1 } }],
        strokes: [],
        effects: [],
        characters: name,
        characterStyleOverrides: [],
        styleOverrideTable: {},
        lineTypes: ['NONE'],
        lineIndentations: [0],
        // TypeStyle is required on a TEXT node; a style added without one is Inter 16, auto line height.
        style: typeStyle({ family: 'Inter', weight: 400, size: 16, lineHeight: { unit: 'INTRINSIC_%' } }),
        ...fields,
      };
    }
    case 'EFFECT':
      return {
        ...base(id, name, 'RECTANGLE'),
        fills: [{ type: 'SOLID', blendMode: 'NORMAL', color: { r: 1, g: 1, b: 1, a: 1 } }],
        strokes: [],
        effects: [],
        ...fields,
      };
    case 'FILL':
      return { ...base(id, name, 'RECTANGLE'), fills: [], strokes: [], effects: [], ...fields };
    case 'GRID':
      return {
        ...base(id, name, 'FRAME'),
        fills: [],
        strokes: [],
        effects: [],
        layoutGrids: [],
        clipsContent: true,
        ...fields,
      };
  }
}

export const alias = (id: string): { type: 'VARIABLE_ALIAS'; id: string } => ({ type: 'VARIABLE_ALIAS', id });

/** TypeStyle (api_types.ts BaseTypeStyle & TypeStyle) with the fields a designer sets. */
export function typeStyle(o: {
  family: string;
  weight: number;
  size: number;
  lineHeight: { unit: 'PIXELS'; px: number } | { unit: 'FONT_SIZE_%'; percent: number } | { unit: 'INTRINSIC_%' };
  letterSpacing?: number;
  italic?: boolean;
  bound?: Record<string, string>;
}): Record<string, unknown> {
  const lh = o.lineHeight;
  // The API always sends lineHeightPx; lineHeightPercentFontSize only for a percent line height.
  const px =
    lh.unit === 'PIXELS' ? lh.px : lh.unit === 'FONT_SIZE_%' ? (o.size * lh.percent) / 100 : Math.round(o.size * 1.21);
  const style: Record<string, unknown> = {
    fontFamily: o.family,
    fontPostScriptName: `${o.family.replace(/\s+/g, '')}-${weightName(o.weight)}${o.italic ? 'Italic' : ''}`,
    fontStyle: `${weightName(o.weight)}${o.italic ? ' Italic' : ''}`,
    fontWeight: o.weight,
    fontSize: o.size,
    italic: o.italic ?? false,
    textAlignHorizontal: 'LEFT',
    textAlignVertical: 'TOP',
    letterSpacing: o.letterSpacing ?? 0,
    lineHeightPx: px,
    lineHeightUnit: lh.unit,
    textAutoResize: 'WIDTH_AND_HEIGHT',
  };
  if (lh.unit === 'FONT_SIZE_%') style['lineHeightPercentFontSize'] = lh.percent;
  if (o.bound && Object.keys(o.bound).length > 0)
    style['boundVariables'] = Object.fromEntries(Object.entries(o.bound).map(([k, v]) => [k, alias(v)]));
  return style;
}

function weightName(w: number): string {
  return (
    (
      {
        100: 'Thin',
        200: 'ExtraLight',
        300: 'Light',
        400: 'Regular',
        500: 'Medium',
        600: 'SemiBold',
        700: 'Bold',
        800: 'ExtraBold',
        900: 'Black',
      } as Record<number, string>
    )[w] ?? 'Regular'
  );
}

/** DropShadowEffect / InnerShadowEffect. */
export function shadow(o: {
  inner?: boolean;
  color: Rgba;
  x: number;
  y: number;
  blur: number;
  spread?: number;
  bound?: Record<string, string>;
}): Record<string, unknown> {
  const e: Record<string, unknown> = {
    type: o.inner ? 'INNER_SHADOW' : 'DROP_SHADOW',
    visible: true,
    color: o.color,
    blendMode: 'NORMAL',
    offset: { x: o.x, y: o.y },
    radius: o.blur,
    spread: o.spread ?? 0,
  };
  if (!o.inner) e['showShadowBehindNode'] = false;
  if (o.bound && Object.keys(o.bound).length > 0)
    e['boundVariables'] = Object.fromEntries(Object.entries(o.bound).map(([k, v]) => [k, alias(v)]));
  return e;
}

export function solidPaint(color: Rgba, boundColor?: string): Record<string, unknown> {
  // A paint's alpha is `opacity`; the color itself is opaque in the design tool's model.
  const p: Record<string, unknown> = {
    type: 'SOLID',
    visible: true,
    opacity: color.a,
    blendMode: 'NORMAL',
    color: { ...color, a: 1 },
  };
  if (boundColor) p['boundVariables'] = { color: alias(boundColor) };
  return p;
}

/**
 * GradientPaint: handles in the node's normalized space (start, end, width), stops with a position in
 * [0, 1]. A linear gradient from left to right has handles (0, 0.5) -> (1, 0.5).
 */
export function gradientPaint(
  kind: 'LINEAR' | 'RADIAL',
  handles: [number, number][],
  stops: { color: Rgba; position: number; bound?: string }[],
): Record<string, unknown> {
  return {
    type: `GRADIENT_${kind}`,
    visible: true,
    opacity: 1,
    blendMode: 'NORMAL',
    gradientHandlePositions: handles.map(([x, y]) => ({ x, y })),
    gradientStops: stops.map((s) => ({
      color: s.color,
      position: s.position,
      ...(s.bound ? { boundVariables: { color: alias(s.bound) } } : {}),
    })),
  };
}

/** LayoutGrid. */
export function layoutGrid(o: {
  pattern: 'COLUMNS' | 'ROWS' | 'GRID';
  count: number;
  gutter: number;
  offset: number;
  section?: number;
  alignment: 'MIN' | 'MAX' | 'STRETCH' | 'CENTER';
  color: Rgba;
  bound?: Record<string, string>;
}): Record<string, unknown> {
  const g: Record<string, unknown> = {
    pattern: o.pattern,
    sectionSize: o.section ?? 1,
    visible: true,
    color: o.color,
    alignment: o.alignment,
    gutterSize: o.gutter,
    offset: o.offset,
    count: o.count,
  };
  if (o.bound && Object.keys(o.bound).length > 0)
    g['boundVariables'] = Object.fromEntries(Object.entries(o.bound).map(([k, v]) => [k, alias(v)]));
  return g;
}

/** A style's node by id, or undefined (the nodes, thumbnail and render routes look here after the pages). */
export function styleNodeOf(file: { styleNodes?: Record<string, DocNode> }, id: string): DocNode | undefined {
  return file.styleNodes && Object.hasOwn(file.styleNodes, id) ? file.styleNodes[id] : undefined;
}
