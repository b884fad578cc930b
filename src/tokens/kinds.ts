/**
 * Which DTCG `$type` a variable is written as (docs/architecture.md mapping table): COLOR -> color, BOOLEAN ->
 * boolean, FLOAT -> number | dimension | duration | fontWeight, STRING -> string | fontFamily.
 * The choice for FLOAT and STRING comes from `tokens.rules` (first matching rule whose type fits the
 * variable wins), then from scopes when `tokens.typesFromScopes` is on, then the type's default.
 */
import type { TokensConfig, TypeRule } from '../config/schema.js';
import type { TokenKind, Variable, VariableType } from '../model/types.js';
import { TYPE_MODULES } from '../types/index.js';

/** DTCG types a variable can hold, and the variable type each one becomes (from the type modules). */
export const DTCG_TYPES: Record<string, VariableType> = Object.fromEntries(
  Object.values(TYPE_MODULES).flatMap((m) => (m.variable ? [[m.type, m.variable.type] as const] : [])),
);

export function kindFits(kind: TokenKind, type: VariableType): boolean {
  return DTCG_TYPES[kind.type] === type;
}

export function defaultKind(type: VariableType): TokenKind {
  switch (type) {
    case 'COLOR':
      return { type: 'color' };
    case 'FLOAT':
      return { type: 'number' };
    case 'STRING':
      return { type: 'string' };
    case 'BOOLEAN':
      return { type: 'boolean' };
  }
}

/**
 * Glob over a slash name: `*` matches within one segment, `**` any number of whole segments.
 * `spacing/**` matches `spacing/4` and `spacing/inset/sm`; `*` alone matches only top-level names.
 */
export function globMatch(glob: string, name: string): boolean {
  return matchSegments(glob.split('/'), 0, name.split('/'), 0);
}

function matchSegments(g: string[], gi: number, s: string[], si: number): boolean {
  if (gi === g.length) return si === s.length;
  const seg = g[gi] as string;
  if (seg === '**') {
    for (let k = si; k <= s.length; k++) if (matchSegments(g, gi + 1, s, k)) return true;
    return false;
  }
  if (si === s.length) return false;
  return segmentRegex(seg).test(s[si] as string) && matchSegments(g, gi + 1, s, si + 1);
}

const regexCache = new Map<string, RegExp>();
function segmentRegex(seg: string): RegExp {
  let re = regexCache.get(seg);
  if (!re) {
    re = new RegExp(
      `^${seg
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
    regexCache.set(seg, re);
  }
  return re;
}

function kindFromRule(rule: TypeRule): TokenKind {
  switch (rule.type) {
    case 'dimension':
      return { type: 'dimension', unit: rule.unit === 'rem' ? 'rem' : 'px' };
    case 'duration':
      return { type: 'duration', unit: rule.unit === 's' ? 's' : 'ms' };
    default:
      return { type: rule.type };
  }
}

// Figma-style scopes of FLOAT variables that hold lengths. LINE_HEIGHT is left out on purpose: it is
// often a unitless multiplier, and a wrong `px` would break the build.
const LENGTH_SCOPES = new Set([
  'CORNER_RADIUS',
  'WIDTH_HEIGHT',
  'GAP',
  'STROKE_FLOAT',
  'EFFECT_FLOAT',
  'FONT_SIZE',
  'LETTER_SPACING',
  'PARAGRAPH_SPACING',
  'PARAGRAPH_INDENT',
]);

function kindFromScopes(v: Pick<Variable, 'type' | 'scopes'>): TokenKind | undefined {
  const scopes = v.scopes.filter((s) => s !== 'ALL_SCOPES');
  // Only when every scope agrees; a variable scoped to both GAP and OPACITY stays a number.
  if (scopes.length === 0 || scopes.length !== v.scopes.length) return undefined;
  if (v.type === 'FLOAT') {
    if (scopes.every((s) => LENGTH_SCOPES.has(s))) return { type: 'dimension', unit: 'px' };
    if (scopes.every((s) => s === 'FONT_WEIGHT')) return { type: 'fontWeight' };
  }
  if (v.type === 'STRING' && scopes.every((s) => s === 'FONT_FAMILY')) return { type: 'fontFamily' };
  return undefined;
}

/** The presentation config asks for, for a variable that has none yet. */
export function kindFromConfig(
  v: Pick<Variable, 'collection' | 'name' | 'type' | 'scopes'>,
  config: TokensConfig,
): TokenKind {
  return explicitKindFromConfig(v, config) ?? defaultKind(v.type);
}

/** What a rule or the scopes say; undefined when neither does (the caller picks a default). */
export function explicitKindFromConfig(
  v: Pick<Variable, 'collection' | 'name' | 'type' | 'scopes'>,
  config: TokensConfig,
): TokenKind | undefined {
  if (v.type === 'FLOAT' || v.type === 'STRING') {
    for (const rule of config.rules) {
      if (rule.collection !== undefined && rule.collection !== v.collection) continue;
      if (!globMatch(rule.match, v.name)) continue;
      const kind = kindFromRule(rule);
      // A rule whose type cannot hold this variable (fontFamily on a FLOAT) does not stop the search.
      if (kindFits(kind, v.type)) return kind;
    }
    if (config.typesFromScopes) {
      const kind = kindFromScopes(v);
      if (kind) return kind;
    }
  }
  return undefined;
}
