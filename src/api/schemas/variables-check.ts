/**
 * Hand-written checks for the two large variables answers: zod took 130-250 ms on the 4 MB
 * variables/local answer of 10k variables x 2 modes, and a push reads it three times. A check here
 * accepts only answers the zod schemas in variables.ts accept AND for which zod's output would be the
 * input itself (no key zod would strip). Anything else, valid or not, goes on to zod, which then gives
 * the parsed value or the error naming the field (http.ts `parseBody`), so the client as a whole
 * accepts exactly what the schemas accept. Tested case by case against zod in test/api.
 */
import type { LocalVariablesResponse, VariablesWriteResponse } from './variables.js';

type Obj = Record<string, unknown>;

/** What zod's object schemas accept as an object: not null, not an array. */
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
/** z.number() in zod 4 refuses NaN and ±Infinity (JSON has neither, but a check must not rely on that). */
const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const TYPES = new Set(['COLOR', 'FLOAT', 'STRING', 'BOOLEAN']);

function countKeys(o: Obj): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}

const isRgba = (v: Obj): boolean =>
  countKeys(v) === 4 && isNum(v['r']) && isNum(v['g']) && isNum(v['b']) && isNum(v['a']);
const isAlias = (v: unknown): boolean =>
  isObj(v) && countKeys(v) === 2 && v['type'] === 'VARIABLE_ALIAS' && typeof v['id'] === 'string';

/** wireComposedSchema with exactly its keys: color RGBA | RGB | alias, opacity number | alias. */
function isComposed(v: Obj): boolean {
  if (countKeys(v) !== 2) return false;
  const c = v['color'];
  const o = v['opacity'];
  if (!(isNum(o) || isAlias(o)) || !isObj(c)) return false;
  if (isRgba(c) || isAlias(c)) return true;
  return countKeys(c) === 3 && isNum(c['r']) && isNum(c['g']) && isNum(c['b']);
}

/**
 * wireValueSchema: boolean | number | string | unknown tagged | color | alias | composed. A tagged
 * value (a string `type` other than VARIABLE_ALIAS) is a loose object, kept whole; color, alias and
 * composed are strict `z.object`s, which strip unknown keys, so only objects with exactly their keys
 * pass here.
 */
function isPlainValue(v: unknown): boolean {
  const t = typeof v;
  if (t === 'string' || t === 'boolean') return true;
  if (t === 'number') return Number.isFinite(v);
  if (!isObj(v)) return false;
  const tag = v['type'];
  if (typeof tag === 'string' && tag !== 'VARIABLE_ALIAS') return true;
  return isRgba(v) || isAlias(v) || isComposed(v);
}

function isStringArray(a: unknown): boolean {
  if (!Array.isArray(a)) return false;
  for (let i = 0; i < a.length; i++) if (typeof a[i] !== 'string') return false;
  return true;
}

function isVariable(v: unknown): boolean {
  if (!isObj(v)) return false;
  if (typeof v['id'] !== 'string' || typeof v['name'] !== 'string' || typeof v['key'] !== 'string') return false;
  if (typeof v['variableCollectionId'] !== 'string' || typeof v['description'] !== 'string') return false;
  if (typeof v['resolvedType'] !== 'string' || !isStringArray(v['scopes'])) return false;
  const values = v['valuesByMode'];
  if (!isObj(values)) return false;
  // A type the client does not know: any values (kept whole, sync/remote.ts).
  if (!TYPES.has(v['resolvedType'])) return true;
  for (const mode in values) if (!isPlainValue(values[mode])) return false;
  return true;
}

function isCollection(c: unknown): boolean {
  if (!isObj(c)) return false;
  if (
    typeof c['id'] !== 'string' ||
    typeof c['name'] !== 'string' ||
    typeof c['key'] !== 'string' ||
    typeof c['defaultModeId'] !== 'string'
  )
    return false;
  if (!isStringArray(c['variableIds'])) return false;
  const modes = c['modes'];
  if (!Array.isArray(modes)) return false;
  for (const m of modes)
    if (
      !isObj(m) ||
      typeof m['modeId'] !== 'string' ||
      typeof m['name'] !== 'string' ||
      !optional(m['parentModeId'], 'string')
    )
      return false;
  return isExtensionFields(c);
}

const optional = (x: unknown, type: 'string' | 'boolean'): boolean => x === undefined || typeof x === type;

/** The extended-collection fields, each absent or of its type; override values are z.unknown(). */
function isExtensionFields(c: Obj): boolean {
  if (!optional(c['isExtension'], 'boolean')) return false;
  if (!optional(c['parentVariableCollectionId'], 'string') || !optional(c['rootVariableCollectionId'], 'string'))
    return false;
  const overrides = c['variableOverrides'];
  if (overrides === undefined) return true;
  if (!isObj(overrides)) return false;
  for (const vid in overrides) if (!isObj(overrides[vid])) return false;
  return true;
}

/** True only when `localVariablesResponseSchema` accepts `x` and would return it unchanged. */
export function isLocalVariablesResponse(x: unknown): x is LocalVariablesResponse {
  const meta = isObj(x) ? x['meta'] : undefined;
  if (!isObj(meta)) return false;
  const { variables, variableCollections } = meta;
  if (!isObj(variables) || !isObj(variableCollections)) return false;
  for (const id in variables) if (!isVariable(variables[id])) return false;
  for (const id in variableCollections) if (!isCollection(variableCollections[id])) return false;
  return true;
}

/** True only when `variablesWriteResponseSchema` accepts `x` (its output is then `x` itself). */
export function isVariablesWriteResponse(x: unknown): x is VariablesWriteResponse {
  const meta = isObj(x) ? x['meta'] : undefined;
  if (!isObj(meta)) return false;
  const mapping = meta['tempIdMapping'];
  if (!isObj(mapping)) return false;
  for (const k in mapping) if (typeof mapping[k] !== 'string') return false;
  return true;
}
