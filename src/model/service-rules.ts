/**
 * What the Design File Service accepts, as the client knows it (everything the
 * service would refuse is refused locally, before the first request). Written from the spec and
 * Figma's OpenAPI document (`VariableScope`, `postVariables`), separately from the local service's own
 * checks (src/emulator/variables/values.ts), so a mistake in one is not hidden by the same mistake in
 * the other (docs/architecture.md "The local service").
 */
import type { VariableType } from './types.js';

/** `VariableScope` per resolved type ("Valid scopes for FLOAT / STRING / COLOR variables"; BOOLEAN: none but ALL_SCOPES). */
export const SCOPES_FOR_TYPE: Record<VariableType, readonly string[]> = {
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

/**
 * Every `VariableScope` of the enum: the union of the lists above (CORNER_RADIUS and FONT_VARIATIONS
 * are in the enum but in no per-type list of Figma's document; they fit FLOAT, as Figma's Plugin API
 * documents them).
 */
const VARIABLE_SCOPES: ReadonlySet<string> = new Set(Object.values(SCOPES_FOR_TYPE).flat());

/**
 * What is wrong with a variable's scopes, or undefined when the service takes them. The plan compiler
 * asks this of a push before anything is sent; the token reader uses the same table.
 */
export function scopeProblem(type: VariableType, scopes: readonly string[]): string | undefined {
  const allowed = SCOPES_FOR_TYPE[type];
  for (const s of scopes) {
    if (!VARIABLE_SCOPES.has(s)) return `has the unknown scope "${s}"`;
    if (!allowed.includes(s))
      return `is ${type}, which scope "${s}" does not fit (a ${type} variable takes ${allowed.join(', ')})`;
  }
  if (scopes.includes('ALL_SCOPES') && scopes.length > 1) return 'combines ALL_SCOPES with other scopes';
  if (scopes.includes('ALL_FILLS') && scopes.some((s) => s === 'FRAME_FILL' || s === 'SHAPE_FILL' || s === 'TEXT_FILL'))
    return 'combines ALL_FILLS with another fill scope';
  return undefined;
}

/** "Mode names cannot be longer than 40 characters" (`postVariables`). */
export const MAX_MODE_NAME = 40;

/** Why a variable name (slash path) would be refused or misread, or undefined. */
export function nameProblem(name: string): string | undefined {
  const segments = name.split('/');
  const empty = segments.findIndex((s) => s.trim() === '');
  if (empty !== -1) {
    return name === ''
      ? 'the name is empty'
      : `segment ${empty + 1} of the name "${name}" is empty${segments[empty] === '' ? '' : ' (only spaces)'}, which the service cannot hold as a group`;
  }
  const padded = segments.find((s) => s !== s.trim());
  if (padded !== undefined)
    return `the segment "${padded}" of "${name}" starts or ends with a space, which the service trims, so it would come back as another name`;
  return undefined;
}
