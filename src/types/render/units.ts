/** Number and unit printing shared by the type renderers. */
import type { Dimension, Duration } from '../../model/dtcg.js';
import { roundFloat } from '../../model/values.js';

export const num = (n: number): string => String(roundFloat(n));

/** Pixels of a dimension (rem times `tokens.remBase`). */
export const px = (d: Dimension, remBase: number): number => roundFloat(d.unit === 'rem' ? d.value * remBase : d.value);

export const ms = (d: Duration): number => roundFloat(d.unit === 's' ? d.value * 1000 : d.value);

/**
 * An alpha in 0..1 as the shortest decimal (at most 3 places) that gives back the same 8-bit value
 * (`0.5`, not `0.5019607843137255`). 8-bit is the precision colors are compared at
 * (docs/architecture.md), so nothing is lost.
 */
export function alpha(a: number): string {
  const clamped = a < 0 ? 0 : Math.min(a, 1);
  const byte = Math.round(clamped * 255);
  for (let places = 0; places <= 3; places++) {
    const f = 10 ** places;
    const r = Math.round(clamped * f) / f;
    if (Math.round(r * 255) === byte) return String(r);
  }
  return String(Math.round(clamped * 1000) / 1000);
}

/** Kotlin Float literal. */
export const kFloat = (n: number): string => `${num(n)}f`;

/** A Swift or Kotlin string literal; Kotlin also escapes `$` (string templates). */
export function cLikeString(s: string, lang: 'swift' | 'kotlin'): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '$' && lang === 'kotlin') out += '\\$';
    else if (c < 0x20 || c === 0x7f)
      out += lang === 'swift' ? `\\u{${c.toString(16)}}` : `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `"${out}"`;
}

/**
 * Android string resources: XML escapes plus aapt's own (`'`, `"`, `\`, a leading `@` or `?`),
 * https://developer.android.com/guide/topics/resources/string-resource#escaping_quotes
 */
export function androidString(s: string): string {
  let out = s
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, "\\'")
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n');
  if (out.startsWith('@') || out.startsWith('?')) out = `\\${out}`;
  return out;
}

export const cssString = (s: string): string =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ')}"`;
