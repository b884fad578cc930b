/**
 * The type a token is used as (docs/migration.md "Types by use"): Tokens Studio lets a composite's
 * sub-value point at a token of a looser type (a shadow's `y` at a `number` token `"4"`, a
 * typography's `fontWeight` at a `text` token `"Bold"`); DTCG requires the sub-value's type. A
 * `number` or `text` token so used is written as that type, through every reference in between.
 */
import type { RawToken } from './raw-tokens.js';
import type { Target } from './types-map.js';
import { isRef } from './values.js';

const SUB_TYPES: Record<string, Record<string, Target>> = {
  typography: {
    fontFamily: 'fontFamily',
    fontWeight: 'fontWeight',
    fontSize: 'dimension',
    letterSpacing: 'letterSpacing',
    lineHeight: 'lineHeight',
  },
  boxShadow: { x: 'dimension', y: 'dimension', blur: 'dimension', spread: 'dimension', color: 'color' },
  border: { width: 'dimension', color: 'color' },
};

/** Loose types that may be written as the type they are used as. */
export const LOOSE = new Set(['number', 'string']);

/** Token path -> the sub-value type it is referenced as, for every token so referenced. */
export function usageTypes(tokens: readonly RawToken[]): Map<string, Target> {
  const byPath = new Map(tokens.map((t) => [t.path.join('.'), t]));
  const out = new Map<string, Target>();
  const mark = (ref: string, as: Target): void => {
    let at = ref.trim().slice(1, -1);
    for (let i = 0; i < 50 && !out.has(at); i++) {
      out.set(at, as);
      const next = byPath.get(at)?.value;
      if (!isRef(next)) return;
      at = next.trim().slice(1, -1);
    }
  };
  for (const t of tokens) {
    const subs = SUB_TYPES[t.type ?? ''];
    if (!subs) continue;
    for (const layer of Array.isArray(t.value) ? t.value : [t.value]) {
      if (typeof layer !== 'object' || layer === null) continue;
      for (const [k, as] of Object.entries(subs)) {
        const v = (layer as Record<string, unknown>)[k];
        if (isRef(v)) mark(v, as);
      }
    }
  }
  return out;
}
