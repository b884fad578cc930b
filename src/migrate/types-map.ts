/**
 * The legacy tools' `type` names onto DTCG 2025.10 `$type`s (docs/migration.md "Types"). Tokens
 * Studio's own names first; DTCG names map to themselves, so the `$`-prefixed variant passes through.
 */

/** What a legacy type becomes; `lineHeight` is `number` or `dimension` by its value, `composition` is kept. */
export type Target =
  | 'dimension'
  | 'fontFamily'
  | 'fontWeight'
  | 'lineHeight'
  | 'letterSpacing'
  | 'opacity'
  | 'number'
  | 'color'
  | 'shadow'
  | 'typography'
  | 'border'
  | 'string'
  | 'boolean'
  | 'duration'
  | 'cubicBezier'
  | 'kept';

export const TYPE_MAP: Record<string, Target> = {
  sizing: 'dimension',
  spacing: 'dimension',
  borderRadius: 'dimension',
  borderWidth: 'dimension',
  dimension: 'dimension',
  size: 'dimension',
  fontSizes: 'dimension',
  fontSize: 'dimension',
  paragraphSpacing: 'dimension',
  paragraphIndent: 'dimension',
  letterSpacing: 'letterSpacing',
  fontFamilies: 'fontFamily',
  fontFamily: 'fontFamily',
  fontWeights: 'fontWeight',
  fontWeight: 'fontWeight',
  lineHeights: 'lineHeight',
  lineHeight: 'lineHeight',
  opacity: 'opacity',
  number: 'number',
  color: 'color',
  boxShadow: 'shadow',
  shadow: 'shadow',
  typography: 'typography',
  border: 'border',
  composition: 'kept',
  asset: 'string',
  other: 'string',
  text: 'string',
  textCase: 'string',
  textDecoration: 'string',
  string: 'string',
  content: 'string',
  boolean: 'boolean',
  duration: 'duration',
  cubicBezier: 'cubicBezier',
  'cubic-bezier': 'cubicBezier',
};

/** The `$type` a target is written as (before a `lineHeight` picks number or dimension by its value). */
export function dtcgTypeOf(target: Target): string {
  if (target === 'lineHeight' || target === 'opacity') return 'number';
  if (target === 'letterSpacing') return 'dimension';
  return target;
}
