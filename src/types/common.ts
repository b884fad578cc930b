/**
 * Helpers the type modules share: references inside values, number checks, object shapes, the
 * "did you mean" of a mistyped key, and the short rendering of a bad value in a message.
 */
import type { DtcgType } from '../model/dtcg.js';
import { isAlias, type Alias } from '../model/types.js';
import { roundFloat } from '../model/values.js';
import type { EncodeContext, ParseContext, SubPath, TypeModule } from './module.js';

/** `"{a.b}"` -> `a.b` (format aliases.md, "Curly Brace Syntax"); undefined when not a reference. */
export function refText(raw: unknown): string | undefined {
  // What /^\{([^{}]+)\}$/ matches, without a match array per value (this runs for every value read).
  if (typeof raw !== 'string' || raw.charCodeAt(0) !== 123 /* { */) return undefined;
  const last = raw.length - 1;
  if (last < 2 || raw.indexOf('}') !== last || raw.indexOf('{', 1) !== -1) return undefined;
  return raw.slice(1, last);
}

export const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A bad value, short enough for one line of a message. */
export function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * A sub-value that may be a reference to a token of the sub-type (format §9 "Composite types":
 * "Sub-values may be explicit values ... or references to other design tokens that have the
 * sub-value's type").
 */
export function subValue<K extends DtcgType>(
  mod: TypeModule<K>,
  raw: unknown,
  ctx: ParseContext,
  path: SubPath,
): ReturnType<TypeModule<K>['parse']> | Alias {
  const dotted = refText(raw);
  if (dotted !== undefined) return ctx.ref(dotted, mod.type, path);
  return mod.parse(raw, ctx, path);
}

/** Canonical and encoded forms of a reference (the same for every type). */
export const canonicalRef = (a: Alias): string => `{${a.alias.collection}/${a.alias.name}}`;

/** A value's canonical form, or its reference's. */
export function canon<T>(value: T | Alias, literal: (v: T) => string): string {
  return isAlias(value as Alias) ? canonicalRef(value as Alias) : literal(value as T);
}

export function enc<T>(value: T | Alias, ctx: EncodeContext, literal: (v: T) => unknown): unknown {
  return isAlias(value as Alias) ? ctx.ref(value as Alias) : literal(value as T);
}

export const num = (n: number): string => String(roundFloat(n));

/**
 * The object's keys that are not allowed, each reported with "did you mean" (format §9: "Adding
 * additional sub-values ... make the composite token invalid"). Returns false when the value is not
 * an object (reported too).
 */
export function checkObject(
  raw: unknown,
  ctx: ParseContext,
  path: SubPath,
  what: string,
  required: readonly string[],
  optional: readonly string[],
  example: string,
): raw is Record<string, unknown> {
  if (!isObj(raw)) {
    ctx.report(
      path,
      `${what} needs an object with ${required.map((k) => `"${k}"`).join(', ')}, not ${show(raw)}`,
      `Write it as ${example} (DTCG 2025.10).`,
    );
    return false;
  }
  let ok = true;
  const known = [...required, ...optional];
  for (const k of Object.keys(raw)) {
    if (known.includes(k)) continue;
    const guess = didYouMean(k, known);
    ctx.report(
      [...path, k],
      `${what} has no property "${k}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
      guess ? `Rename it to "${guess}".` : `Remove it; ${what} holds ${known.map((x) => `"${x}"`).join(', ')}.`,
    );
    ok = false;
  }
  for (const k of required) {
    if (!(k in raw)) {
      ctx.report(
        path,
        `${what} is missing "${k}"`,
        `Add "${k}" (every one of ${required.map((x) => `"${x}"`).join(', ')} is required).`,
      );
      ok = false;
    }
  }
  return ok;
}

/** The closest candidate within 2 edits (case-insensitive), for "did you mean". */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = 3;
  const w = word.toLowerCase();
  for (const c of candidates) {
    const d = distance(w, c.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** Damerau-Levenshtein (optimal string alignment): `$tpye` is one edit from `$type`. */
function distance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
