/**
 * ts/tokens.ts ("typed values per mode and a union type of token names, so a wrong name
 * fails to compile"). Style Dictionary's javascript/es6 + typescript/es6-declarations have neither
 * modes nor a name union, so this format is ours; values come from Style Dictionary's transforms.
 */
import type { FormatFn, TransformedToken } from 'style-dictionary/types';
import { cleanName, metaOf } from '../transforms.js';
import { renders } from '../render/index.js';
import { assertNoClash, GENERATED, linesOf, tokensOf, type FormatContext } from './common.js';
import { usedTypes } from './native-types.js';

/** `typography` -> `TypographyToken`: the interface of each composite (render/*.ts `tsType`). */
const typeName = (type: string): string => `${type[0]!.toUpperCase()}${type.slice(1)}Token`;

const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

export function typescriptFormat(ctx: FormatContext): FormatFn {
  return (args) => {
    const all = tokensOf(
      args.dictionary,
      ctx.views.map((v) => v.key),
    );
    assertNoClash(all, 'TypeScript (token names)', undefined, args.platform);
    const byView = new Map<string, TransformedToken[]>();
    for (const t of all) {
      const list = byView.get(metaOf(t).view) ?? [];
      list.push(t);
      byView.set(metaOf(t).view, list);
    }
    const defaults = ctx.views.filter((v) => v.isDefault).flatMap((v) => byView.get(v.key) ?? []);
    const names = [...new Set(defaults.map((t) => cleanName(t)))].sort();
    const lines: string[] = [`// ${GENERATED}`, ''];
    lines.push('/** Every token name. A name that is not here does not compile. */');
    lines.push(
      names.length === 0
        ? 'export type TokenName = never;'
        : `export type TokenName =\n${names.map((n) => `  | ${JSON.stringify(n)}`).join('\n')};`,
    );
    const composite = usedTypes(ctx);
    for (const t of composite) lines.push('', renders[t as keyof typeof renders].tsType!);
    // Composites are checked against their interface where they are written (`satisfies`).
    const valueType = ['string', 'number', 'boolean', ...composite.map(typeName)].join(' | ');
    if (composite.length > 0) lines.push('', '/** Any token value. */', `export type TokenValue = ${valueType};`);
    const literal = (t: TransformedToken): string =>
      composite.includes(String(t['$type']))
        ? `${JSON.stringify(t['$value'])} as const satisfies ${typeName(String(t['$type']))}`
        : JSON.stringify(t['$value']);
    lines.push('', "/** Every token in its collection's default mode. */", 'export const tokens = {');
    for (const t of [...defaults].sort((a, b) =>
      cleanName(a) < cleanName(b) ? -1 : cleanName(a) > cleanName(b) ? 1 : 0,
    ))
      lines.push(`  ${key(cleanName(t))}: ${literal(t)},`);
    lines.push(
      `} as const satisfies Record<TokenName, ${composite.length > 0 ? 'TokenValue' : 'string | number | boolean'}>;`,
      '',
    );
    lines.push("/** Each collection's default mode. */", 'export const defaultModes = {');
    for (const v of ctx.views.filter((x) => x.isDefault))
      lines.push(`  ${JSON.stringify(v.collection.name)}: ${JSON.stringify(v.mode)},`);
    lines.push('} as const;', '');
    lines.push(
      '/** Values per collection and mode; aliases resolved (into other collections, their default mode). */',
      'export const modes = {',
    );
    for (const c of [...new Set(ctx.views.map((v) => v.collection))]) {
      lines.push(`  ${JSON.stringify(c.name)}: {`);
      for (const v of ctx.views.filter((x) => x.collection === c)) {
        lines.push(`    ${JSON.stringify(v.mode)}: {`);
        for (const t of byView.get(v.key) ?? []) lines.push(`      ${key(cleanName(t))}: ${literal(t)},`);
        lines.push('    },');
      }
      lines.push('  },');
    }
    lines.push('} as const;', '');
    lines.push('export type CollectionName = keyof typeof modes;');
    lines.push('export type ModeName<C extends CollectionName> = keyof (typeof modes)[C];');
    return linesOf(lines);
  };
}
