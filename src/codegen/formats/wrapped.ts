/**
 * The multi-mode wrapping around the formats of Style Dictionary's shape: each view (views.ts) is
 * printed as css/variables, scss/variables, ios-swift/class.swift, android/resources or
 * compose/object print it (variables.ts and native.ts hold our renderings of them), and we only
 * decide where it goes.
 */
import type { Dictionary, FormatFn, FormatFnArguments, TransformedToken } from 'style-dictionary/types';
import { COMPOSITE_RANK } from '../render/index.js';
import { SUPPORTS } from '../../types/color.js';
import type { AndroidResource } from '../../types/render/context.js';
import { aliasKeyOf, cleanName, metaOf } from '../transforms.js';
import { EXT } from '../tree.js';
import {
  assertNoClash,
  assertNoClashInAll,
  GENERATED,
  terminalOf,
  tokensOf,
  variantsOf,
  viewsOf,
  withValue,
  type FormatContext,
} from './common.js';
import { androidResourceFile, composeObject, swiftClass, type ComposeOptions, type SwiftOptions } from './native.js';
import { cssVariables, scssVariables, type VariablesOptions } from './variables.js';

/**
 * Who renders css/variables and scss/variables: ours (variables.ts, synchronous), or Style
 * Dictionary's in a test (asynchronous).
 */
export interface VariableFormats {
  css: (args: FormatFnArguments, tokens: TransformedToken[], options: VariablesOptions) => Promise<string> | string;
  scss: (args: FormatFnArguments, tokens: TransformedToken[], options: VariablesOptions) => Promise<string> | string;
}
const OWN_VARIABLES: VariableFormats = { css: cssVariables, scss: scssVariables };

/** Who renders the Swift, Kotlin and Android resource files: ours (native.ts), or Style Dictionary's in a test. */
export interface NativeFormats {
  swift: (args: FormatFnArguments, tokens: TransformedToken[], options: SwiftOptions) => Promise<string> | string;
  compose: (args: FormatFnArguments, tokens: TransformedToken[], options: ComposeOptions) => Promise<string> | string;
  android: (
    args: FormatFnArguments,
    tokens: TransformedToken[],
    resourceMap: Record<string, string>,
  ) => Promise<string> | string;
}
const OWN_NATIVE: NativeFormats = {
  swift: (_args, tokens, options) => swiftClass(tokens, options),
  compose: (_args, tokens, options) => composeObject(tokens, options),
  android: (_args, tokens, resourceMap) => androidResourceFile(tokens, resourceMap),
};

/**
 * References are kept for aliases only (Style Dictionary's `outputReferences` as a function): a
 * literal string that merely contains braces (`Hello {name}`) is a value, not a reference, and is
 * printed as the transformed (quoted) string.
 */
const onlyAliases = (token: TransformedToken): boolean => metaOf(token).alias !== undefined;

/**
 * css/tokens.css. Order matters, since all blocks have the same specificity and the later wins:
 * 1. `:root` with every collection's default mode;
 * 2. modes with a media query, as `@media <q> { :root { … } }`;
 * 3. the default mode again under its own selector, but only for collections that have a media
 *    mode, so choosing it explicitly (`data-theme="light"`) beats the media query;
 * 4. every other mode under its selector.
 * References stay `var(--…)`: a mode block only redefines its own collection's variables, and the
 * aliases in it keep pointing at the other collections' variables. A composite's sub-value
 * references stay `var(--…)` too, so a mode switch flows through it.
 *
 * Wide-gamut colors: a custom property takes any value, so two declarations cannot act
 * as a fallback (the second always wins, and an unsupported color then computes to nothing).
 * Each block prints the sRGB color, and is followed at once by the same selector inside
 * `@supports (color: color(display-p3 1 1 1))` (or the oklch/lab test it needs) redefining only the
 * wide-gamut tokens, so a browser that can show them gets them and the cascade order of the mode
 * blocks is kept.
 *
 * A typography token is the `font` shorthand; its parts come first as their own properties
 * (`--x-font-size`, …; render/typography.ts), since `letter-spacing` has no place in `font`.
 */
export function cssFormat(ctx: FormatContext, render: VariableFormats = OWN_VARIABLES): FormatFn {
  return async (args) => {
    const all = tokensOf(
      args.dictionary,
      ctx.views.map((v) => v.key),
    );
    assertNoClash(expandParts(args.dictionary, all), 'CSS (custom property names)', cleanName, args.platform, '--');
    const defaults = ctx.views.filter((v) => v.isDefault);
    const options = { outputReferences: onlyAliases, showFileHeader: false };
    const blocks: string[] = [`/**\n * ${GENERATED}\n */\n`];
    // Copies of the selector list: css/variables reverses the array it is given, in place.
    const block = async (tokens: TransformedToken[], selector: string[]): Promise<void> => {
      const expanded = expandParts(args.dictionary, tokens);
      blocks.push(
        await render.css(args, expanded, {
          ...options,
          selector: selector.length === 1 ? selector[0] : [...selector],
        }),
      );
      const wide = expanded.filter((t) => variantsOf(t).wide !== undefined);
      if (wide.length > 0) {
        const cond = supportsCondition(wide.map((t) => variantsOf(t).wide!));
        const inner = await render.css(
          args,
          wide.map((t) => withValue(t, variantsOf(t).wide)),
          { ...options, selector: selector.length === 1 ? selector[0] : [...selector] },
        );
        const body = inner
          .replace(/\n+$/, '')
          .split('\n')
          .map((l) => (l === '' ? l : `  ${l}`))
          .join('\n');
        blocks.push(`@supports ${cond} {\n${body}\n}\n`);
      }
    };
    await block(
      tokensOf(
        args.dictionary,
        defaults.map((v) => v.key),
      ),
      [':root'],
    );
    const withMedia = ctx.views.filter((v) => !v.isDefault && v.media);
    for (const v of withMedia) {
      const media = v.media!.trim().startsWith('@media') ? v.media!.trim() : `@media ${v.media!.trim()}`;
      await block(tokensOf(args.dictionary, [v.key]), [media, ':root']);
    }
    const mediaCollections = new Set(withMedia.map((v) => v.collection.name));
    for (const v of ctx.views) {
      if (v.isDefault && !mediaCollections.has(v.collection.name)) continue;
      await block(tokensOf(args.dictionary, [v.key]), [v.selector]);
    }
    // Contexts of extended collections and repository-only axes, singles then combined (contexts.ts).
    for (const v of ctx.contextViews ?? []) {
      const tokens = tokensOf(args.dictionary, [v.key]);
      if (tokens.length > 0) await block(tokens, [v.selector]);
    }
    return blocks.join('\n');
  };
}

/** The `@supports` test for the wide-gamut functions these values use (render/color.ts). */
function supportsCondition(values: string[]): string {
  const used = Object.keys(SUPPORTS).filter((fn) => values.some((v) => new RegExp(`(^|[^a-z-])${fn}\\(`).test(v)));
  return used.length === 0 ? SUPPORTS['color']! : used.map((fn) => SUPPORTS[fn]!).join(' and ');
}

/**
 * A typography token's part properties as tokens of their own, right before it. The parts of an
 * alias point at the target's parts, so they follow it too.
 */
function expandParts(dictionary: Dictionary, tokens: TransformedToken[]): TransformedToken[] {
  if (!tokens.some((t) => t['$type'] === 'typography')) return tokens;
  const out: TransformedToken[] = [];
  for (const t of tokens) {
    if (t['$type'] === 'typography') {
      const alias = metaOf(t).alias;
      const target = alias ? dictionary.tokenMap.get(aliasKeyOf(alias)) : undefined;
      const parts = variantsOf(terminalOf(dictionary, t)).parts ?? [];
      for (const [suffix, value] of parts) {
        const v = target ? `var(--${cleanName(target)}-${suffix})` : value;
        const part = withValue({ ...t, name: `${cleanName(t)}-${suffix}` }, v);
        part['$extensions'] = { [EXT]: { ...metaOf(t), alias: undefined } };
        delete part['$description'];
        out.push(part);
      }
    }
    out.push(t);
  }
  return out;
}

/**
 * scss: `_tokens.scss` holds every default mode with references kept (`$a: $b`, sorted so each is
 * defined before use; composites last, their sub-value references `$name`); each other mode gets
 * `_<collection>-<mode>.scss` with resolved values, so it compiles on its own.
 */
export function scssFormat(ctx: FormatContext, render: VariableFormats = OWN_VARIABLES): FormatFn {
  return async (args) => {
    const keys = viewsOf(args);
    assertNoClashInAll(
      args.dictionary,
      ctx.views.map((v) => v.key),
      'SCSS (variable names)',
      cleanName,
      args.platform,
      '$',
    );
    const isDefaultFile = keys.every((k) => ctx.viewByKey.get(k)?.isDefault);
    const all = tokensOf(args.dictionary, keys);
    const isComposite = (t: TransformedToken): boolean => COMPOSITE_RANK[String(t['$type'])] !== undefined;
    const plain = all.filter((t) => !isComposite(t));
    const composites = all.filter(isComposite);
    if (!isDefaultFile) {
      // Mode files: everything resolved, so the file compiles alone.
      const resolved = composites.map((t) => withValue(t, variantsOf(terminalOf(args.dictionary, t)).resolved));
      return render.scss(args, [...plain, ...resolved], { outputReferences: false });
    }
    const head = await render.scss(args, plain, { outputReferences: onlyAliases });
    if (composites.length === 0) return head;
    // Composites after every other variable (their `$references` point there), in dependency
    // order among themselves (a shadow list holding another shadow, a border its strokeStyle, an
    // alias its target), printed as they are: Style Dictionary's reference sort does not see them.
    const ordered = dependencyOrder(args.dictionary, composites).map((t) => {
      const a = metaOf(t).alias;
      const target = a ? args.dictionary.tokenMap.get(aliasKeyOf(a)) : undefined;
      return withValue(t, target ? `$${cleanName(target)}` : variantsOf(t).scss);
    });
    const tail = await render.scss(args, ordered, { outputReferences: false, showFileHeader: false });
    return `${head.replace(/\n+$/, '')}\n${tail.replace(/^\n+/, '')}`;
  };
}

/** Tokens ordered so each comes after the tokens of the list it references (depth first, stable). */
function dependencyOrder(dictionary: Dictionary, tokens: TransformedToken[]): TransformedToken[] {
  const byKey = new Map(tokens.map((t) => [t.key!, t]));
  const deps = (t: TransformedToken): string[] => {
    const a = metaOf(t).alias;
    if (a) return [aliasKeyOf(a)];
    const out: string[] = [];
    const walk = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (typeof x === 'object' && x !== null) {
        const r = (x as { $ref?: { view: string; path: string[] } }).$ref;
        if (r) out.push(`{${[r.view, ...r.path].join('.')}}`);
        Object.values(x).forEach(walk);
      }
    };
    walk(t.original?.['$value']);
    return out;
  };
  const done = new Set<string>();
  const out: TransformedToken[] = [];
  const visit = (t: TransformedToken, depth: number): void => {
    if (done.has(t.key!) || depth > 64) return;
    done.add(t.key!);
    for (const k of deps(t)) {
      const d = byKey.get(k);
      if (d) visit(d, depth + 1);
    }
    out.push(t);
  };
  for (const t of tokens) visit(t, 0);
  void dictionary;
  return out;
}

/** ios/<Class>.swift: one class per view, as Style Dictionary's ios-swift/class.swift prints it. */
export function swiftFormat(ctx: FormatContext, render: NativeFormats = OWN_NATIVE): FormatFn {
  return async (args) => {
    const [key] = viewsOf(args);
    const view = ctx.viewByKey.get(key!)!;
    const tokens = tokensOf(args.dictionary, [view.key]);
    assertNoClash(tokens, `Swift (class ${view.className})`, undefined, args.platform);
    const out = await render.swift(args, tokens, {
      className: view.className,
      destination: String(args.file.destination),
    });
    return `${out.replace(/^\n/, '')}\n`;
  };
}

/** compose/<Class>.kt: one Kotlin object per view, as Style Dictionary's compose/object prints it. */
export function composeFormat(ctx: FormatContext, packageName: string, render: NativeFormats = OWN_NATIVE): FormatFn {
  return async (args) => {
    const [key] = viewsOf(args);
    const view = ctx.viewByKey.get(key!)!;
    const tokens = tokensOf(args.dictionary, [view.key]);
    assertNoClash(tokens, `Kotlin (object ${view.className})`, undefined, args.platform);
    // CubicBezierEasing is Compose's own type for a cubicBezier (render/cubicBezier.ts).
    const imports = [
      'androidx.compose.ui.graphics.Color',
      'androidx.compose.ui.unit.*',
      ...(ctx.composites.size > 0 ? ['androidx.compose.animation.core.CubicBezierEasing'] : []),
    ];
    const out = await render.compose(args, tokens, { className: view.className, packageName, imports });
    return `${out.replace(/^\n+/, '')}`;
  };
}

const NUMBER_TAG = 'tokensyncnumber';

/**
 * android/<folder>/tokens.xml, as Style Dictionary's android/resources prints it. Resource types by `$type`;
 * numbers are `<integer>` when every mode's value is whole, else a float `<item>` (aapt has no
 * `<float>` element), which android/resources cannot print, so its placeholder tag is rewritten.
 */
export function androidFormat(ctx: FormatContext, render: NativeFormats = OWN_NATIVE): FormatFn {
  return async (args) => {
    const keys = viewsOf(args);
    assertNoClashInAll(
      args.dictionary,
      ctx.views.map((v) => v.key),
      'Android resources (R names)',
      undefined,
      args.platform,
    );
    const all = tokensOf(args.dictionary, keys);
    const tokens = all.filter((t) => !Array.isArray(t['$value']));
    const integral = wholeNumbers(
      tokensOf(
        args.dictionary,
        ctx.views.map((v) => v.key),
      ),
    );
    const resourceMap = {
      color: 'color',
      dimension: 'dimen',
      fontSize: 'dimen',
      string: 'string',
      fontFamily: 'string',
      boolean: 'bool',
      fontWeight: 'integer',
      duration: 'integer',
      number: NUMBER_TAG,
    };
    const out = await render.android(args, tokens, resourceMap);
    const fixed = out.replace(
      new RegExp(`<${NUMBER_TAG} name="([^"]+)">([^<]*)</${NUMBER_TAG}>`, 'g'),
      (_m, name: string, value: string) =>
        integral.has(name)
          ? `<integer name="${name}">${value}</integer>`
          : `<item name="${name}" format="float" type="dimen">${value}</item>`,
    );
    const everyMode = partsInEveryMode(
      tokensOf(
        args.dictionary,
        ctx.views.map((v) => v.key),
      ),
    );
    const composites = all
      .filter((t) => Array.isArray(t['$value']))
      .flatMap((t) =>
        androidResources(cleanName(t), padded(t['$value'] as AndroidResource[], everyMode.get(cleanName(t)))),
      );
    return `${composites.length === 0 ? fixed : fixed.replace(/<\/resources>\s*$/, `${composites.join('\n')}\n</resources>`)}\n`;
  };
}

/**
 * Each composite's parts over all its modes, by token name: a shadow with two layers in one mode
 * and one in another must define the second layer's resources in both, else Android would use the
 * default folder's second layer in the other mode.
 */
function partsInEveryMode(tokens: TransformedToken[]): Map<string, AndroidResource[]> {
  const out = new Map<string, Map<string, AndroidResource>>();
  for (const t of tokens) {
    if (!Array.isArray(t['$value'])) continue;
    let parts = out.get(cleanName(t));
    if (parts === undefined) out.set(cleanName(t), (parts = new Map()));
    for (const r of t['$value'] as AndroidResource[])
      if (!parts.has(r.suffix.join('_'))) parts.set(r.suffix.join('_'), r);
  }
  return new Map([...out].map(([name, parts]) => [name, [...parts.values()]]));
}

/** Neutral values (transparent, zero, false) for the parts this mode lacks: a missing layer draws nothing. */
const NEUTRAL: Record<AndroidResource['tag'], string> = {
  color: '#00000000',
  dimen: '0dp',
  integer: '0',
  float: '0',
  bool: 'false',
  string: '',
  style: '',
};
function padded(own: AndroidResource[], all: AndroidResource[] | undefined): AndroidResource[] {
  const have = new Set(own.map((r) => r.suffix.join('_')));
  const missing = (all ?? []).filter((r) => !have.has(r.suffix.join('_')) && r.tag !== 'style');
  return [...own, ...missing.map((r) => ({ ...r, value: NEUTRAL[r.tag] }))];
}

/**
 * A composite's resources (render/*.ts `android`): one per part, named after the token
 * (`shadow_card_offset_x`), or a `<style>` (typography's TextAppearance).
 */
function androidResources(name: string, list: AndroidResource[]): string[] {
  return list.map((r) => {
    const n = [name, ...r.suffix].join('_');
    if (r.tag === 'style')
      return `  <style name="${n}">\n${(r.items ?? []).map(([k, v]) => `    <item name="${k}">${v}</item>`).join('\n')}\n  </style>`;
    if (r.tag === 'float') return `  <item name="${n}" format="float" type="dimen">${r.value}</item>`;
    return `  <${r.tag} name="${n}">${r.value}</${r.tag}>`;
  });
}

/** Android names of number tokens whose value is whole in every mode (one resource type per name). */
function wholeNumbers(tokens: TransformedToken[]): Set<string> {
  const whole = new Map<string, boolean>();
  for (const t of tokens) {
    if (metaOf(t).kind !== 'number') continue;
    const ok = Number.isInteger(Number(t['$value']));
    whole.set(cleanName(t), (whole.get(cleanName(t)) ?? true) && ok);
  }
  return new Set([...whole].filter(([, ok]) => ok).map(([n]) => n));
}
