/**
 * Variable scopes as Figma's OpenAPI document lists them (`VariableScope`: the enum, and "Valid scopes
 * for FLOAT / STRING / COLOR variables"; scopes are "currently supported on FLOAT, STRING, and COLOR",
 * so a BOOLEAN takes ALL_SCOPES only). CORNER_RADIUS and FONT_VARIATIONS are in the enum but in no
 * per-type list; they fit FLOAT, as Figma's Plugin API documents them. The plan compiler checks a push
 * against this before anything is sent (issue 12); the local service has its own copy (DESIGN.md).
 */
import type { VariableType } from '../../model/types.js';

export const VARIABLE_SCOPES: readonly string[] = [
  'ALL_SCOPES',
  'TEXT_CONTENT',
  'CORNER_RADIUS',
  'WIDTH_HEIGHT',
  'GAP',
  'ALL_FILLS',
  'FRAME_FILL',
  'SHAPE_FILL',
  'TEXT_FILL',
  'STROKE_COLOR',
  'STROKE_FLOAT',
  'EFFECT_FLOAT',
  'EFFECT_COLOR',
  'OPACITY',
  'COLOR_OPACITY',
  'FONT_FAMILY',
  'FONT_STYLE',
  'FONT_WEIGHT',
  'FONT_SIZE',
  'LINE_HEIGHT',
  'LETTER_SPACING',
  'PARAGRAPH_SPACING',
  'PARAGRAPH_INDENT',
  'FONT_VARIATIONS',
];

export const SCOPES_FOR: Record<VariableType, readonly string[]> = {
  FLOAT: [
    'ALL_SCOPES',
    'TEXT_CONTENT',
    'CORNER_RADIUS',
    'WIDTH_HEIGHT',
    'GAP',
    'STROKE_FLOAT',
    'EFFECT_FLOAT',
    'OPACITY',
    'COLOR_OPACITY',
    'FONT_WEIGHT',
    'FONT_SIZE',
    'LINE_HEIGHT',
    'LETTER_SPACING',
    'PARAGRAPH_SPACING',
    'PARAGRAPH_INDENT',
    'FONT_VARIATIONS',
  ],
  STRING: ['ALL_SCOPES', 'TEXT_CONTENT', 'FONT_FAMILY', 'FONT_STYLE'],
  COLOR: ['ALL_SCOPES', 'ALL_FILLS', 'FRAME_FILL', 'SHAPE_FILL', 'TEXT_FILL', 'STROKE_COLOR', 'EFFECT_COLOR'],
  BOOLEAN: ['ALL_SCOPES'],
};

/** What is wrong with a variable's scopes, or undefined when the service takes them. */
export function scopeProblem(type: VariableType, scopes: readonly string[]): string | undefined {
  for (const s of scopes) {
    if (!VARIABLE_SCOPES.includes(s)) return `has the unknown scope "${s}"`;
    if (!SCOPES_FOR[type].includes(s))
      return `is ${type}, which scope "${s}" does not fit (a ${type} variable takes ${SCOPES_FOR[type].join(', ')})`;
  }
  if (scopes.includes('ALL_SCOPES') && scopes.length > 1) return 'combines ALL_SCOPES with other scopes';
  if (scopes.includes('ALL_FILLS') && scopes.some((s) => s === 'FRAME_FILL' || s === 'SHAPE_FILL' || s === 'TEXT_FILL'))
    return 'combines ALL_FILLS with another fill scope';
  return undefined;
}
