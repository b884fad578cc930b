/**
 * Math and color modifiers, computed with `@tokens-studio/sd-transforms` (docs/migration.md "Math and
 * color modifiers"): references in an expression are replaced by their targets' literal values (in
 * the same merged set Tokens Studio resolves against), then `checkAndEvaluateMath` reduces the
 * math, `transformHEXRGBaForCSS` spells `rgba(#hex, a)`, and `transformColorModifiers` applies a
 * `$extensions["studio.tokens"].modify` (lighten, darken, mix, alpha) to the resolved color.
 */
import { checkAndEvaluateMath, transformColorModifiers, transformHEXRGBaForCSS } from '@tokens-studio/sd-transforms';
import { needsEvaluation } from './convert.js';
import type { RawToken } from './raw-tokens.js';
import { colorObjectText, isColorObject, isRef } from './values.js';

const REF_IN_TEXT = /\{([^{}]+)\}/g;
const MAX_DEPTH = 50;

export interface Evaluator {
  /** An expression's literal value (string or number), or `undefined`. */
  evaluate(text: string): unknown;
  /** The literal a token path stands for in this set (references followed, math and modifiers applied). */
  literal(path: string): unknown;
}

/** The modifier of a token, when it has one. */
export function modifierOf(t: RawToken): Record<string, unknown> | undefined {
  const studio = t.extensions?.['studio.tokens'];
  const mod = typeof studio === 'object' && studio !== null ? (studio as Record<string, unknown>)['modify'] : undefined;
  return typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>) : undefined;
}

export function makeEvaluator(lookup: (path: string) => RawToken | undefined): Evaluator {
  const memo = new Map<string, unknown>();
  const literal = (path: string, depth: number): unknown => {
    if (memo.has(path)) return memo.get(path);
    const t = lookup(path);
    if (!t || depth > MAX_DEPTH) return undefined;
    let v: unknown = t.value;
    if (isRef(v)) v = literal(v.trim().slice(1, -1), depth + 1);
    else if (needsEvaluation(v)) v = evaluate(v, depth + 1, t.type);
    if (isColorObject(v)) v = colorObjectText(v);
    const mod = modifierOf(t);
    if (mod && typeof v === 'string') v = applyModifier(v, mod, depth);
    memo.set(path, v);
    return v;
  };
  const applyModifier = (base: string, mod: Record<string, unknown>, depth: number): string | undefined => {
    const resolved: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(mod)) resolved[k] = typeof x === 'string' ? substitute(x, depth) : x;
    if (Object.values(resolved).some((x) => x === undefined)) return undefined;
    try {
      const token = { $value: base, $type: 'color', $extensions: { 'studio.tokens': { modify: resolved } } };
      return transformColorModifiers(token, { format: 'hex' }) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const substitute = (text: string, depth: number): string | undefined => {
    let failed = false;
    const out = text.replace(REF_IN_TEXT, (_, p: string) => {
      const v = literal(p, depth + 1);
      if (typeof v !== 'string' && typeof v !== 'number') failed = true;
      return String(v);
    });
    return failed ? undefined : out;
  };
  const evaluate = (text: string, depth: number, type?: string): unknown => {
    let s = substitute(text, depth)?.replace(/\s+/g, ' ').trim();
    if (s === undefined) return undefined;
    if (/rgba?\(\s*#/.test(s)) s = String(transformHEXRGBaForCSS({ value: s, type: 'color' }));
    try {
      return checkAndEvaluateMath({ value: s, type: type ?? 'dimension' });
    } catch {
      return undefined;
    }
  };
  return { evaluate: (text) => evaluate(text, 0), literal: (path) => literal(path, 0) };
}
