/**
 * The parts of Figma's node schema that styles are made of (@figma/rest-api-spec api_types.ts:
 * TypeStyle, DropShadowEffect, InnerShadowEffect, SolidPaint, GradientPaint, ColorStop, LayoutGrid,
 * VariableAlias). Only what the mapping reads; every field is optional here because a node is
 * checked field by field as it is mapped (a missing field is a skipped style with a reason, not a
 * crash).
 */
export type StyleType = 'TEXT' | 'EFFECT' | 'FILL' | 'GRID';
export const STYLE_TYPES: readonly StyleType[] = ['TEXT', 'EFFECT', 'FILL', 'GRID'];

export interface VariableAliasJson {
  type?: string;
  id?: string;
}

export interface RgbaJson {
  r: number;
  g: number;
  b: number;
  a: number;
}

export interface TypeStyleJson {
  fontFamily?: string;
  fontWeight?: number;
  fontSize?: number;
  italic?: boolean;
  letterSpacing?: number;
  lineHeightPx?: number;
  lineHeightPercentFontSize?: number;
  lineHeightUnit?: 'PIXELS' | 'FONT_SIZE_%' | 'INTRINSIC_%';
  textCase?: string;
  textDecoration?: string;
  boundVariables?: Record<string, VariableAliasJson | undefined>;
}

export interface EffectJson {
  type?: string;
  visible?: boolean;
  color?: RgbaJson;
  offset?: { x: number; y: number };
  radius?: number;
  spread?: number;
  boundVariables?: Record<string, VariableAliasJson | undefined>;
}

export interface PaintJson {
  type?: string;
  visible?: boolean;
  opacity?: number;
  color?: RgbaJson;
  gradientHandlePositions?: { x: number; y: number }[];
  gradientStops?: { position: number; color: RgbaJson; boundVariables?: { color?: VariableAliasJson } }[];
  boundVariables?: { color?: VariableAliasJson };
}

export interface LayoutGridJson {
  pattern?: 'COLUMNS' | 'ROWS' | 'GRID';
  sectionSize?: number;
  visible?: boolean;
  color?: RgbaJson;
  alignment?: 'MIN' | 'MAX' | 'STRETCH' | 'CENTER';
  gutterSize?: number;
  offset?: number;
  count?: number;
  boundVariables?: Record<string, VariableAliasJson | undefined>;
}

export interface StyleNodeJson {
  id?: string;
  name?: string;
  type?: string;
  style?: TypeStyleJson;
  effects?: EffectJson[];
  fills?: PaintJson[];
  layoutGrids?: LayoutGridJson[];
}
