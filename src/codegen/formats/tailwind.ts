/**
 * tailwind/theme.css: Tailwind CSS v4 `@theme` (https://tailwindcss.com/docs/theme). Style
 * Dictionary has no Tailwind format. Tokens go into Tailwind's namespaces by type (colors ->
 * `--color-*`, font families -> `--font-*`, font weights -> `--font-weight-*`, font sizes ->
 * `--text-*`, radii -> `--radius-*`, other dimensions -> `--spacing-*`). Only a leading segment
 * that repeats the namespace is dropped (`color/bg` -> `--color-bg`), so distinct tokens stay distinct.
 * Composites: shadows -> `--shadow-*` (`--inset-shadow-*` when every layer is inset),
 * cubicBeziers -> `--ease-*`, typography -> `--text-*` with its `--text-*--line-height`,
 * `--letter-spacing` and `--font-weight` (Tailwind's font-size utilities set all four), pointing at
 * the typography's part properties in tokens.css. Numbers, strings, booleans, durations, borders,
 * gradients, transitions and strokeStyles have no namespace and are left to tokens.css.
 *
 * Modes keep working: where the theme variable has a different name than ours it is declared in
 * `@theme inline` as `var(--ours)`; where the names are equal (a `var()` would point at itself) it
 * is declared in `@theme` with the default value, and our unlayered tokens.css, imported first,
 * wins over Tailwind's theme layer in every mode.
 */
import type { FormatFn, TransformedToken } from 'style-dictionary/types';
import { cleanName, metaOf } from '../transforms.js';
import { assertNoClash, GENERATED, linesOf, tokensOf, type FormatContext } from './common.js';
import { slug } from '../naming.js';

function strip(name: string, prefixes: string[]): string {
  for (const p of prefixes) if (name.startsWith(`${p}-`) && name.length > p.length + 1) return name.slice(p.length + 1);
  return name;
}

/** The Tailwind theme variable of a token, or undefined when Tailwind has no namespace for it. */
export function tailwindName(t: TransformedToken, prefix: string, namespaced = false): string | undefined {
  const full =
    prefix !== '' && cleanName(t).startsWith(`${prefix}-`) ? cleanName(t).slice(prefix.length + 1) : cleanName(t);
  // With tokens.namespace: collection the collection comes first (`theme-color-bg`); it goes after
  // the namespace (`--color-theme-bg`), so the type segment is still dropped.
  // A style token's path starts with its file's group, not a collection (tree.ts): no namespace to move.
  const meta = metaOf(t);
  const ns = namespaced && meta.path[0] === slug(meta.collection) ? `${meta.path[0]!.toLowerCase()}-` : '';
  if (ns !== '' && full.startsWith(ns)) {
    const inner = tailwindName({ ...t, name: full.slice(ns.length) } as TransformedToken, '', false);
    return inner?.replace(/^(--(?:inset-shadow|font-weight|[a-z]+))-/, `$1-${ns}`);
  }
  const name = full;
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
    case 'shadow': {
      const v = (t.original?.['$value'] ?? []) as { inset?: boolean } | { inset?: boolean }[];
      const inset = (Array.isArray(v) ? v : [v]).every((l) => l.inset === true);
      return `--${inset ? 'inset-shadow' : 'shadow'}-${strip(name, ['inset-shadow', 'shadow', 'shadows', 'elevation'])}`;
    }
    case 'cubicBezier':
      return `--ease-${strip(name, ['ease', 'easing'])}`;
    case 'typography':
      return `--text-${strip(name, ['typography', 'text', 'font'])}`;
    default:
      return undefined;
  }
}

/** Tailwind's `--text-*` sub-properties and the typography part each reads (render/typography.ts). */
const TEXT_PARTS: [string, string][] = [
  ['', 'font-size'],
  ['--line-height', 'line-height'],
  ['--letter-spacing', 'letter-spacing'],
  ['--font-weight', 'font-weight'],
];

export function tailwindFormat(ctx: FormatContext, prefix: string, cssImport: string | undefined): FormatFn {
  const namespaced = ctx.namespaced === true;
  return (args) => {
    const defaults = tokensOf(
      args.dictionary,
      ctx.views.filter((v) => v.isDefault).map((v) => v.key),
    );
    const mapped = defaults.flatMap((t) => {
      const tw = tailwindName(t, prefix, namespaced);
      return tw === undefined ? [] : [{ t, tw }];
    });
    const byTw = new Map(mapped.map((m) => [m.t, m.tw]));
    assertNoClash(
      mapped.map((m) => m.t),
      'Tailwind (theme variables)',
      (t) => byTw.get(t)!,
    );
    // Tailwind parses a shadow's theme value into its utility (to add --tw-shadow-color), so a
    // shadow whose theme variable is ours (`--shadow-card`) would be frozen in the default mode.
    // With tokens.css imported it goes to `@theme inline` as `var(--shadow-card)`: the utility
    // then reads our variable, and the theme layer's self-reference is never used, since the
    // unlayered tokens.css declares the same property on the same elements.
    const frozen = (m: { t: TransformedToken; tw: string }): boolean =>
      cssImport !== undefined && m.t['$type'] === 'shadow';
    const same = mapped.filter((m) => m.tw === `--${cleanName(m.t)}` && !frozen(m));
    const inline: [string, string][] = mapped
      .filter((m) => m.tw !== `--${cleanName(m.t)}` || frozen(m))
      .flatMap(({ t, tw }) =>
        t['$type'] === 'typography'
          ? TEXT_PARTS.map(([sub, part]): [string, string] => [`${tw}${sub}`, `var(--${cleanName(t)}-${part})`])
          : [[tw, `var(--${cleanName(t)})`]],
      );
    const lines = [`/* ${GENERATED} */`];
    if (cssImport) lines.push(`@import "${cssImport}";`);
    if (same.length > 0) {
      lines.push('', '@theme {');
      for (const { t, tw } of same) lines.push(`  ${tw}: ${String(t['$value'])};`);
      lines.push('}');
    }
    if (inline.length > 0) {
      lines.push('', '@theme inline {');
      for (const [tw, value] of inline) lines.push(`  ${tw}: ${value};`);
      lines.push('}');
    }
    return linesOf(lines);
  };
}
