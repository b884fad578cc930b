/**
 * Checks of single variable fields, written from the spec ("Variable": value shapes, names) and not
 * shared with the client's zod schemas (DESIGN.md "The local service").
 */
import type { ResolvedType, VariableValue } from '../state.js';

export const RESOLVED_TYPES: readonly ResolvedType[] = ['COLOR', 'FLOAT', 'STRING', 'BOOLEAN'];

/**
 * Variable scopes the real service accepts (spec: "Allowed values ... beyond ALL_SCOPES: not shown";
 * this is the real service's VariableScope list).
 */
export const VARIABLE_SCOPES = new Set([
  'ALL_SCOPES', 'TEXT_CONTENT', 'CORNER_RADIUS', 'WIDTH_HEIGHT', 'GAP', 'ALL_FILLS', 'FRAME_FILL', 'SHAPE_FILL',
  'TEXT_FILL', 'STROKE_COLOR', 'STROKE_FLOAT', 'EFFECT_FLOAT', 'EFFECT_COLOR', 'OPACITY', 'FONT_FAMILY', 'FONT_STYLE',
  'FONT_WEIGHT', 'FONT_SIZE', 'LINE_HEIGHT', 'LETTER_SPACING', 'PARAGRAPH_SPACING', 'PARAGRAPH_INDENT',
]);

export const MAX_VARIABLES_PER_COLLECTION = 5000;
export const MAX_MODES_PER_COLLECTION = 40;

export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Variable names: slash paths without `.`, `{`, `}` (they would clash with token references). */
export function checkVariableName(name: unknown, where: string): Check<string> {
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, message: `${where}: "name" must be a non-empty string.` };
  const bad = /[.{}]/.exec(name);
  if (bad) return { ok: false, message: `${where}: name "${name}" contains "${bad[0]}"; variable names may not contain ".", "{" or "}". Use "/" to group.` };
  return { ok: true, value: name };
}

export function checkPlainName(name: unknown, where: string, what: string): Check<string> {
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, message: `${where}: "name" of a ${what} must be a non-empty string.` };
  return { ok: true, value: name };
}

export function isAlias(v: unknown): v is { type: 'VARIABLE_ALIAS'; id: string } {
  return isObject(v) && v['type'] === 'VARIABLE_ALIAS';
}

/** A literal of `type`, or an alias object (its target is checked by the caller). */
export function checkValue(type: ResolvedType, value: unknown, where: string): Check<VariableValue> {
  if (isAlias(value)) {
    if (typeof value.id !== 'string' || value.id === '') return { ok: false, message: `${where}: an alias needs "id", the id of the variable it points to.` };
    return { ok: true, value: { type: 'VARIABLE_ALIAS', id: value.id } };
  }
  const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
  switch (type) {
    case 'COLOR': {
      if (!isObject(value)) return { ok: false, message: `${where}: the value is ${got} but the variable is COLOR; send {"r","g","b","a"} with numbers from 0 to 1.` };
      for (const k of Object.keys(value)) {
        if (!['r', 'g', 'b', 'a'].includes(k)) return { ok: false, message: `${where}: unknown color key "${k}"; a COLOR value has r, g, b and a.` };
      }
      const out = { r: 0, g: 0, b: 0, a: 1 };
      for (const k of ['r', 'g', 'b', 'a'] as const) {
        const c = value[k];
        if (c === undefined && k === 'a') continue;
        if (typeof c !== 'number' || !Number.isFinite(c) || c < 0 || c > 1) {
          return { ok: false, message: `${where}: color component "${k}" must be a number from 0 to 1 (got ${JSON.stringify(c) ?? 'nothing'}).` };
        }
        out[k] = c;
      }
      return { ok: true, value: out };
    }
    case 'FLOAT':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, message: `${where}: the value is ${got} but the variable is FLOAT; send a finite number.` };
      return { ok: true, value };
    case 'STRING':
      if (typeof value !== 'string') return { ok: false, message: `${where}: the value is ${got} but the variable is STRING; send a string.` };
      return { ok: true, value };
    case 'BOOLEAN':
      if (typeof value !== 'boolean') return { ok: false, message: `${where}: the value is ${got} but the variable is BOOLEAN; send true or false.` };
      return { ok: true, value };
  }
}

export function checkScopes(scopes: unknown, where: string): Check<string[]> {
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string')) return { ok: false, message: `${where}: "scopes" must be an array of scope names such as "ALL_SCOPES".` };
  for (const s of scopes as string[]) {
    if (!VARIABLE_SCOPES.has(s)) return { ok: false, message: `${where}: unknown scope "${s}"; allowed: ${[...VARIABLE_SCOPES].join(', ')}.` };
  }
  return { ok: true, value: scopes as string[] };
}

export { isObject };
