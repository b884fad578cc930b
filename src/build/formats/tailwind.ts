/**
 * tailwind/theme.css: Tailwind CSS v4 `@theme` (https://tailwindcss.com/docs/theme). Style
 * Dictionary has no Tailwind format. Tokens go into Tailwind's namespaces by type (colors ->
 * `--color-*`, font families -> `--font-*`, font weights -> `--font-weight-*`, font sizes ->
 * `--text-*`, radii -> `--radius-*`, other dimensions -> `--spacing-*`). Only a leading segment
 * that repeats the namespace is dropped (`color/bg` -> `--color-bg`), so distinct tokens stay distinct.
 * Numbers, strings,
 * booleans and durations have no namespace and are left to tokens.css.
 *
 * Modes keep working: where the theme variable has a different name than ours it is declared in
 * `@theme inline` as `var(--ours)`; where the names are equal (a `var()` would point at itself) it
 * is declared in `@theme` with the default value, and our unlayered tokens.css, imported first,
 * wins over Tailwind's theme layer in every mode.
 */
import type { FormatFn, TransformedToken } from 'style-dictionary/types';
import { cleanName } from '../transforms.js';
import { assertNoClash, GENERATED, tokensOf, type FormatContext } from './common.js';

function strip(name: string, prefixes: string[]): string {
  for (const p of prefixes) if (name.startsWith(`${p}-`) && name.length > p.length + 1) return name.slice(p.length + 1);
  return name;
}

/** The Tailwind theme variable of a token, or undefined when Tailwind has no namespace for it. */
export function tailwindName(t: TransformedToken, prefix: string): string | undefined {
  const name = prefix !== '' && cleanName(t).startsWith(`${prefix}-`) ? cleanName(t).slice(prefix.length + 1) : cleanName(t);
  switch (String(t['$type'])) {
    case 'color':
      return `--color-${strip(name, ['color'])}`;
    case 'fontFamily':
      return `--font-${strip(name, ['font-family'])}`;
    case 'fontWeight':
      return `--font-weight-${strip(name, ['font-weight'])}`;
    case 'fontSize':
      return `--text-${strip(name, ['font-size'])}`;
    case 'dimension':
      // Only a LEADING radius segment is dropped: cutting everything before a radius segment made
      // `palette/radius/card` and `theme/radius/card` both `--radius-card` (a false clash).
      if (/(^|-)radius(-|$)|(^|-)radii(-|$)/.test(name)) return `--radius-${strip(name, ['radius', 'radii'])}`;
      return `--spacing-${strip(name, ['spacing', 'space'])}`;
    default:
      return undefined;
  }
}

export function tailwindFormat(ctx: FormatContext, prefix: string, cssImport: string | undefined): FormatFn {
  return (args) => {
    const defaults = tokensOf(args.dictionary, ctx.views.filter((v) => v.isDefault).map((v) => v.key));
    const mapped = defaults.flatMap((t) => {
      const tw = tailwindName(t, prefix);
      return tw === undefined ? [] : [{ t, tw }];
    });
    const byTw = new Map(mapped.map((m) => [m.t, m.tw]));
    assertNoClash(mapped.map((m) => m.t), 'Tailwind (theme variables)', (t) => byTw.get(t)!);
    const inline = mapped.filter((m) => m.tw !== `--${cleanName(m.t)}`);
    const same = mapped.filter((m) => m.tw === `--${cleanName(m.t)}`);
    const lines = [`/* ${GENERATED} */`];
    if (cssImport) lines.push(`@import "${cssImport}";`);
    if (same.length > 0) {
      lines.push('', '@theme {');
      for (const { t, tw } of same) lines.push(`  ${tw}: ${String(t['$value'])};`);
      lines.push('}');
    }
    if (inline.length > 0) {
      lines.push('', '@theme inline {');
      for (const { t, tw } of inline) lines.push(`  ${tw}: var(--${cleanName(t)});`);
      lines.push('}');
    }
    return `${lines.join('\n')}\n`;
  };
}
