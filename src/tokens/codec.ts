/**
 * One variable value between the model and a DTCG `$value` (docs/architecture.md mapping table), through the
 * type modules of src/types/. Pure.
 *
 * Units: the service keeps unitless floats, read as px and ms. A `rem` dimension is written as
 * float / remBase and read back as value * remBase; an `s` duration as float / 1000 and back. Those
 * divisions are written with 10 decimals (not 6) so the read-back float equals the original at the
 * 6 decimals floats are compared at (docs/architecture.md "The model").
 */
import type { Literal, TokenKind, VariableType } from '../model/types.js';
import { refText } from '../types/common.js';
import { encodeColor } from '../types/color.js';
import { typeModule, type ParseContext } from '../types/index.js';

export { encodeColor };

/** What a decoded `$value` holds: a literal of the model, or an alias still to resolve by path. */
export type Decoded =
  | { ok: true; literal: Literal; unit?: string }
  | { ok: true; aliasPath: string[] }
  | { ok: false; message: string; hint: string };

const NO_REFS = { alias: { collection: '', name: '' } };

/** The `$value` for a literal under a kind; `remBase` from config. */
export function encodeLiteral(value: Literal, kind: TokenKind, remBase: number): unknown {
  if (typeof value === 'object') return encodeColor(value);
  const mod = typeModule(kind.type);
  if (!mod?.variable || typeof value !== 'number' || mod.variable.type !== 'FLOAT') return value;
  return mod.encode(mod.variable.fromLiteral(value, kind, remBase) as never, { ref: () => '' });
}

/** `{color.brand.primary}` -> `['color', 'brand', 'primary']`; undefined when not an alias. */
export function parseAlias(raw: unknown): string[] | undefined {
  return refText(raw)?.split('.');
}

/** A variable's `$value` (one mode) to its literal, the first problem as the message. */
export function decodeValue(raw: unknown, dtcgType: string, _type: VariableType, remBase: number): Decoded {
  const aliasPath = parseAlias(raw);
  if (aliasPath) return { ok: true, aliasPath };
  if (
    typeof raw === 'string' &&
    (raw.includes('{') || raw.includes('}')) &&
    dtcgType !== 'string' &&
    dtcgType !== 'fontFamily'
  ) {
    return {
      ok: false,
      message: `"${raw}" is not a valid alias`,
      hint: 'Write an alias as "{group.token}": the whole value in curly braces, path segments joined by ".".',
    };
  }
  const mod = typeModule(dtcgType);
  if (!mod?.variable)
    return {
      ok: false,
      message: `"$type": "${dtcgType}" has no counterpart among design-file variables`,
      hint: 'Use a type a variable can hold.',
    };
  let problem: { message: string; hint: string } | undefined;
  const ctx: ParseContext = {
    ref: () => NO_REFS,
    report: (_path, message, hint) => {
      problem ??= { message, hint };
    },
    warn: () => undefined,
  };
  const value = mod.parse(raw, ctx);
  if (value === undefined || problem) return { ok: false, ...(problem ?? { message: 'invalid value', hint: '' }) };
  const { literal, kind } = mod.variable.toLiteral(value as never, remBase);
  return kind.type === 'dimension' || kind.type === 'duration'
    ? { ok: true, literal, unit: kind.unit }
    : { ok: true, literal };
}
