/**
 * What the Design File Service accepts, as the client knows it (issue 11, item 6: everything the
 * service would refuse is refused locally, before the first request). Written from the spec and
 * Figma's OpenAPI document (`VariableScope`, `postVariables`), separately from the local service's own
 * checks (src/emulator/variables/values.ts), so a mistake in one is not hidden by the same mistake in
 * the other (DESIGN.md "The local service").
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
