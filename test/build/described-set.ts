/**
 * A set whose descriptions hold what free text can (docs/build.md "Descriptions in generated
 * code"): several lines, `\r\n` and a lone `\r`, the block-comment terminator and opener, `--` and
 * `-->`, a line starting `//`, a backtick and `${`, a trailing line break, and none at all.
 */
import type { TokenSet, Value, Variable } from '../../src/model/types.js';
import { hexToColor } from '../../src/model/values.js';

export const DESCRIPTIONS = {
  'color/ink':
    'Body text on light surfaces.\nContrast 12.6:1 on white; see /design/ink */ before changing.\r\nDeprecated /* since 3.0: use color/text',
  'color/link': 'Links */ and /* visited links */ share it',
  'color/legacy': 'The old brand color /* kept for v2 screens',
  'space/gutter': 'Written on Windows\r\nsecond line',
  'space/inset': 'Written on a classic Mac\rsecond line',
  'copy/cta': 'Do not translate -- see <!-- legal --> and the end -',
  'size/radius': '// not code\n// nor this',
  'flag/beta': 'Template `${flag}` and `backticks`',
  'size/trailing': 'Ends with a line break\n',
  'size/plain': '',
} as const;

export function describedSet(): TokenSet {
  const values: Record<string, Value> = {
    'color/ink': hexToColor('#111827')!,
    'color/link': hexToColor('#2563eb')!,
    'color/legacy': hexToColor('#1e40af')!,
    'space/gutter': 16,
    'space/inset': 8,
    'copy/cta': 'Buy now',
    'size/radius': 4,
    'flag/beta': true,
    'size/trailing': 2,
    'size/plain': 1,
  };
  const typeOf = (v: Value): Variable['type'] =>
    typeof v === 'number' ? 'FLOAT' : typeof v === 'boolean' ? 'BOOLEAN' : typeof v === 'string' ? 'STRING' : 'COLOR';
  return {
    collections: [{ name: 'brand', modes: [{ name: 'light' }, { name: 'dark' }], defaultMode: 'light' }],
    variables: Object.entries(DESCRIPTIONS).map(([name, description]) => ({
      collection: 'brand',
      name,
      type: typeOf(values[name]!),
      description,
      scopes: ['ALL_SCOPES'],
      values: { light: values[name]!, dark: values[name]! },
    })),
  } as TokenSet;
}
