/**
 * Checks of single variable fields, written from the spec ("Variable": value shapes, names) and not
 * shared with the client's zod schemas (docs/architecture.md "The local service").
 */
import type { ComposedValue, ResolvedType, Rgba, VariableValue } from '../state.js';

export const RESOLVED_TYPES: readonly ResolvedType[] = ['COLOR', 'FLOAT', 'STRING', 'BOOLEAN'];

/**
 * Variable scopes the real service accepts (spec: "Allowed values ... beyond ALL_SCOPES: not shown"):
 * the `VariableScope` enum of Figma's OpenAPI document (@figma/rest-api-spec), in its order, both dialects.
 */
export const VARIABLE_SCOPES = new Set([
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
]);

/**
 * Which scopes fit which type: the `VariableScope` description of the OpenAPI document ("Valid scopes
 * for FLOAT / STRING / COLOR variables"; scopes are "currently supported on FLOAT, STRING, and COLOR",
 * so a BOOLEAN has ALL_SCOPES only). Two enum values the document lists for no type are given to FLOAT,
 * as Figma's Plugin API documents them: CORNER_RADIUS and FONT_VARIATIONS (docs/emulator.md).
 */
export const SCOPES_BY_TYPE: Record<ResolvedType, ReadonlySet<string>> = {
  FLOAT: new Set([
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
  ]),
  STRING: new Set(['ALL_SCOPES', 'TEXT_CONTENT', 'FONT_FAMILY', 'FONT_STYLE']),
  COLOR: new Set(['ALL_SCOPES', 'ALL_FILLS', 'FRAME_FILL', 'SHAPE_FILL', 'TEXT_FILL', 'STROKE_COLOR', 'EFFECT_COLOR']),
  BOOLEAN: new Set(['ALL_SCOPES']),
};

/** "Mode names cannot be longer than 40 characters" (OpenAPI `postVariables`); both dialects. */
export const MAX_MODE_NAME_LENGTH = 40;
/** Code syntax platforms (schema `VariableCodeSyntax`). */
export const CODE_SYNTAX_PLATFORMS = ['WEB', 'ANDROID', 'iOS'] as const;

export const MAX_VARIABLES_PER_COLLECTION = 5000;
export const MAX_MODES_PER_COLLECTION = 40;

export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Where an item is, for a message: the text, or a function that makes it. A batch of 10k valid items
 * needs no message, so the callers pass a function and the text is made only for a problem.
 */
export type Where = string | (() => string);
export const whereText = (where: Where): string => (typeof where === 'string' ? where : where());

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Variable names: slash paths without `.`, `{`, `}` (they would clash with token references). */
export function checkVariableName(name: unknown, where: Where): Check<string> {
  if (typeof name !== 'string' || name.trim() === '')
    return { ok: false, message: `${whereText(where)}: "name" must be a non-empty string.` };
  const bad = /[.{}]/.exec(name);
  if (bad)
    return {
      ok: false,
      message: `${whereText(where)}: name "${name}" contains "${bad[0]}"; variable names may not contain ".", "{" or "}". Use "/" to group.`,
    };
  return { ok: true, value: name };
}

export function checkPlainName(name: unknown, where: Where, what: string): Check<string> {
  if (typeof name !== 'string' || name.trim() === '')
    return { ok: false, message: `${whereText(where)}: "name" of a ${what} must be a non-empty string.` };
  if (what === 'mode' && [...name].length > MAX_MODE_NAME_LENGTH) {
    return {
      ok: false,
      message: `${whereText(where)}: mode name "${name}" has ${[...name].length} characters; mode names may have at most ${MAX_MODE_NAME_LENGTH}.`,
    };
  }
  return { ok: true, value: name };
}

export function isAlias(v: unknown): v is { type: 'VARIABLE_ALIAS'; id: string } {
  return isObject(v) && v['type'] === 'VARIABLE_ALIAS';
}

/** What a value is, for a message. */
function gotOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const COLOR_KEYS = ['r', 'g', 'b', 'a'] as const;

/** A literal of `type`, or an alias object (its target is checked by the caller). */
export function checkValue(type: ResolvedType, value: unknown, where: Where): Check<VariableValue> {
  if (isAlias(value)) {
    if (typeof value.id !== 'string' || value.id === '')
      return { ok: false, message: `${whereText(where)}: an alias needs "id", the id of the variable it points to.` };
    return { ok: true, value: { type: 'VARIABLE_ALIAS', id: value.id } };
  }
  if (type === 'COLOR' && isObject(value) && 'color' in value && 'opacity' in value) return checkComposed(value, where);
  switch (type) {
    case 'COLOR': {
      if (!isObject(value))
        return {
          ok: false,
          message: `${whereText(where)}: the value is ${gotOf(value)} but the variable is COLOR; send {"r","g","b","a"} with numbers from 0 to 1.`,
        };
      // Indexed loops over one constant, no key array or iterator per value: a push at 10k x 2 sends
      // ~10k colors (docs/benchmarks.md "The initial push and pull (eighth round)").
      for (const k in value) {
        if (k !== 'r' && k !== 'g' && k !== 'b' && k !== 'a')
          return {
            ok: false,
            message: `${whereText(where)}: unknown color key "${k}"; a COLOR value has r, g, b and a.`,
          };
      }
      const out = { r: 0, g: 0, b: 0, a: 1 };
      for (let i = 0; i < COLOR_KEYS.length; i++) {
        const k = COLOR_KEYS[i]!;
        const c = value[k];
        if (c === undefined && k === 'a') continue;
        if (typeof c !== 'number' || !Number.isFinite(c) || c < 0 || c > 1) {
          return {
            ok: false,
            message: `${whereText(where)}: color component "${k}" must be a number from 0 to 1 (got ${JSON.stringify(c) ?? 'nothing'}).`,
          };
        }
        out[k] = c;
      }
      return { ok: true, value: out };
    }
    case 'FLOAT':
      if (typeof value !== 'number' || !Number.isFinite(value))
        return {
          ok: false,
          message: `${whereText(where)}: the value is ${gotOf(value)} but the variable is FLOAT; send a finite number.`,
        };
      return { ok: true, value };
    case 'STRING':
      if (typeof value !== 'string')
        return {
          ok: false,
          message: `${whereText(where)}: the value is ${gotOf(value)} but the variable is STRING; send a string.`,
        };
      return { ok: true, value };
    case 'BOOLEAN':
      if (typeof value !== 'boolean')
        return {
          ok: false,
          message: `${whereText(where)}: the value is ${gotOf(value)} but the variable is BOOLEAN; send true or false.`,
        };
      return { ok: true, value };
  }
}

/** Scope names from the enum that fit `type`; ALL_SCOPES alone, and ALL_FILLS without another fill scope. */
export function checkScopes(scopes: unknown, where: Where, type: ResolvedType): Check<string[]> {
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string'))
    return {
      ok: false,
      message: `${whereText(where)}: "scopes" must be an array of scope names such as "ALL_SCOPES".`,
    };
  const list = scopes as string[];
  for (const s of list) {
    if (!VARIABLE_SCOPES.has(s))
      return {
        ok: false,
        message: `${whereText(where)}: unknown scope "${s}"; allowed: ${[...VARIABLE_SCOPES].join(', ')}.`,
      };
    const fits = SCOPES_BY_TYPE[type];
    if (!fits.has(s))
      return {
        ok: false,
        message: `${whereText(where)}: scope "${s}" does not fit a ${type} variable; a ${type} variable takes ${[...fits].join(', ')}.`,
      };
  }
  if (list.includes('ALL_SCOPES') && list.length > 1)
    return {
      ok: false,
      message: `${whereText(where)}: "ALL_SCOPES" cannot be combined with other scopes; send ["ALL_SCOPES"] alone or the scopes without it.`,
    };
  if (list.includes('ALL_FILLS') && list.some((s) => s === 'FRAME_FILL' || s === 'SHAPE_FILL' || s === 'TEXT_FILL')) {
    return {
      ok: false,
      message: `${whereText(where)}: "ALL_FILLS" cannot be combined with FRAME_FILL, SHAPE_FILL or TEXT_FILL; it already covers them.`,
    };
  }
  return { ok: true, value: [...list] };
}

/** `{WEB?, ANDROID?, iOS?}` with string values (schema `VariableCodeSyntax`). */
export function checkCodeSyntax(value: unknown, where: Where): Check<Record<string, string>> {
  if (!isObject(value))
    return {
      ok: false,
      message: `${whereText(where)}: "codeSyntax" must be an object with optional WEB, ANDROID and iOS strings.`,
    };
  for (const [k, v] of Object.entries(value)) {
    if (!(CODE_SYNTAX_PLATFORMS as readonly string[]).includes(k))
      return {
        ok: false,
        message: `${whereText(where)}: unknown codeSyntax platform "${k}"; allowed: ${CODE_SYNTAX_PLATFORMS.join(', ')}.`,
      };
    if (typeof v !== 'string') return { ok: false, message: `${whereText(where)}: codeSyntax.${k} must be a string.` };
  }
  return { ok: true, value: { ...(value as Record<string, string>) } };
}

export { isObject };

export function isComposed(v: unknown): v is ComposedValue {
  return isObject(v) && 'color' in v && 'opacity' in v;
}

/**
 * `VariableComposedColor` (@figma/rest-api-spec 0.43, both dialects here): `color` an RGB(A) or an
 * alias, `opacity` a number from 0 to 100 (percent, as the design tool's opacity field) or an alias;
 * at least one an alias. The alias targets are checked by the caller (`composedTargetProblem`).
 */
function checkComposed(value: Record<string, unknown>, where: Where): Check<VariableValue> {
  const extra = Object.keys(value).find((k) => k !== 'color' && k !== 'opacity');
  if (extra)
    return {
      ok: false,
      message: `${whereText(where)}: unknown key "${extra}" in a composed color; send color and opacity.`,
    };
  const { color, opacity } = value;
  if (!isAlias(color) && !isAlias(opacity))
    return { ok: false, message: `${whereText(where)}: a composed color needs an alias as its color or its opacity.` };
  let c: ComposedValue['color'];
  if (isAlias(color)) {
    if (typeof color.id !== 'string' || color.id === '')
      return { ok: false, message: `${whereText(where)}: the color alias needs "id".` };
    c = { type: 'VARIABLE_ALIAS', id: color.id };
  } else {
    const lit = checkValue('COLOR', isObject(color) ? { a: 1, ...color } : color, () => `${whereText(where)} color`);
    if (!lit.ok) return lit;
    c = lit.value as Rgba;
  }
  let o: ComposedValue['opacity'];
  if (isAlias(opacity)) {
    if (typeof opacity.id !== 'string' || opacity.id === '')
      return { ok: false, message: `${whereText(where)}: the opacity alias needs "id".` };
    o = { type: 'VARIABLE_ALIAS', id: opacity.id };
  } else if (typeof opacity === 'number' && Number.isFinite(opacity) && opacity >= 0 && opacity <= 100) {
    o = opacity;
  } else {
    return {
      ok: false,
      message: `${whereText(where)}: a composed color's opacity must be a number from 0 to 100 or an alias.`,
    };
  }
  return { ok: true, value: { color: c, opacity: o } };
}

/** What is wrong with a composed color's alias targets (color: a COLOR, opacity: a FLOAT), or undefined. */
export function composedTargetProblem(
  value: ComposedValue,
  typeOf: (id: string) => string | undefined,
  where: Where,
): string | undefined {
  for (const [part, want] of [
    ['color', 'COLOR'],
    ['opacity', 'FLOAT'],
  ] as const) {
    const a = value[part];
    if (!isAlias(a)) continue;
    const t = typeOf(a.id);
    if (t === undefined)
      return `${whereText(where)}: the ${part} alias points to "${a.id}", which is not a variable of this file.`;
    if (t !== want)
      return `${whereText(where)}: the ${part} alias of a composed color must point to a ${want} variable, not a ${t}.`;
  }
  return undefined;
}
