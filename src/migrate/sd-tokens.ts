/**
 * Legacy Style Dictionary tokens made ready for the shared converter (docs/migration.md "Style
 * Dictionary"): `{a.b.value}` references become `{a.b}`, `comment` is the description, and a token
 * without `type` takes one from its CTI category (the first path segment, as Style Dictionary's
 * `attribute/cti` reads it). A unitless `size` is rem, as Style Dictionary's `size/rem` transform
 * makes it.
 */
import type { RawToken } from './raw-tokens.js';

/** CTI category -> the type the shared converter knows (./types-map.ts). */
const CATEGORY: Record<string, string> = {
  color: 'color',
  size: 'dimension',
  spacing: 'dimension',
  time: 'duration',
  duration: 'duration',
  content: 'string',
  asset: 'asset',
  font: 'fontFamily',
  opacity: 'opacity',
};

const VALUE_REF = /\{([^{}]+?)\.value\}/g;

export function fixReferences(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(VALUE_REF, '{$1}');
  if (Array.isArray(v)) return v.map(fixReferences);
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fixReferences(x)]));
  return v;
}

/** Style Dictionary's 3.x names for types, where they differ from DTCG's. */
const SD_TYPES: Record<string, string> = { size: 'dimension', time: 'duration', content: 'string', font: 'fontFamily' };

export function sdToken(t: RawToken): { token: RawToken; note?: string } {
  const token: RawToken = { ...t, value: fixReferences(t.value), extra: { ...t.extra } };
  const comment = token.extra['comment'];
  if (token.description === undefined && typeof comment === 'string') {
    token.description = comment;
    delete token.extra['comment'];
  }
  const category = t.path[0] ?? '';
  const type = t.type ? (SD_TYPES[t.type] ?? t.type) : CATEGORY[category];
  if (type) token.type = type;
  const unitless = typeof token.value === 'number' || /^\s*-?[\d.]+\s*$/.test(String(token.value));
  if ((t.type === 'size' || category === 'size') && unitless) {
    token.value = `${String(token.value).trim()}rem`;
    return { token, note: `unitless size ${String(t.value)} written as ${token.value} (Style Dictionary's size/rem)` };
  }
  if (type === 'duration' && unitless) {
    token.value = `${String(token.value).trim()}ms`;
    return {
      token,
      note: `unitless time ${String(t.value)} written as ${token.value} (Style Dictionary's time values are ms)`,
    };
  }
  if (!t.type && type) return { token, note: `no "type": ${type} from its category "${category}"` };
  return { token };
}
