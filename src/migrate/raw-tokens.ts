/**
 * One token file of a legacy tool into a flat list of tokens (docs/migration.md "Tokens Studio",
 * "Style Dictionary"): Tokens Studio's `value`/`type`/`description` form and its DTCG-prefixed variant
 * (`$value`, `$type`, `$description`, a group's `$type` inherited), and Style Dictionary's
 * `value`/`type`/`comment`. Every other key of a token is kept in `extra`, so the writer can keep it
 * in `$extensions`.
 */

export interface RawToken {
  /** Dotted path segments (`["size", "25"]`). */
  path: string[];
  value: unknown;
  type?: string;
  description?: string;
  /** The token's own `$extensions`, when it has one. */
  extensions?: Record<string, unknown>;
  /** Other keys of the token (`deprecated`, `attributes`, ...), kept as they were. */
  extra: Record<string, unknown>;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const TOKEN_KEYS = new Set(['value', '$value', 'type', '$type', 'description', '$description', '$extensions']);

/** Whether a JSON object is a token rather than a group: it has `value` or `$value` (as both tools read it). */
export function isRawToken(v: unknown): v is Record<string, unknown> {
  return isObj(v) && ('$value' in v || 'value' in v);
}

/** Every token of a document, depth first in key order; `$`-keys of groups other than `$type` are skipped. */
export function flattenTokens(doc: unknown, skipTopKeys: readonly string[] = []): RawToken[] {
  const out: RawToken[] = [];
  const walk = (node: Record<string, unknown>, path: string[], inherited: string | undefined): void => {
    const groupType = typeof node['$type'] === 'string' ? node['$type'] : inherited;
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('$') || (path.length === 0 && skipTopKeys.includes(key))) continue;
      if (isRawToken(child)) out.push(rawToken(child, [...path, key], groupType));
      else if (isObj(child)) walk(child, [...path, key], groupType);
    }
  };
  if (isObj(doc)) walk(doc, [], undefined);
  return out;
}

function rawToken(t: Record<string, unknown>, path: string[], inherited: string | undefined): RawToken {
  const type = t['$type'] ?? t['type'] ?? inherited;
  const description = t['$description'] ?? t['description'];
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t)) if (!TOKEN_KEYS.has(k)) extra[k] = v;
  const raw: RawToken = { path, value: '$value' in t ? t['$value'] : t['value'], extra };
  if (typeof type === 'string') raw.type = type;
  if (typeof description === 'string') raw.description = description;
  if (isObj(t['$extensions'])) raw.extensions = t['$extensions'];
  return raw;
}
