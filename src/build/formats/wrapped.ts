/**
 * The multi-mode wrapping around Style Dictionary's own formats (issue 5): each view (views.ts) is
 * printed by css/variables, scss/variables, ios-swift/class.swift, android/resources or
 * compose/object, and we only decide where it goes.
 */
import type { FormatFn, TransformedToken } from 'style-dictionary/types';
import { cleanName, metaOf } from '../transforms.js';
import { assertNoClash, assertNoClashInAll, builtin, GENERATED, tokensOf, viewsOf, type FormatContext } from './common.js';

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
 * aliases in it keep pointing at the other collections' variables.
 */
export function cssFormat(ctx: FormatContext): FormatFn {
  return async (args) => {
    const all = tokensOf(args.dictionary, ctx.views.map((v) => v.key));
    assertNoClash(all, 'CSS (custom property names)', (t) => `--${cleanName(t)}`);
    const defaults = ctx.views.filter((v) => v.isDefault);
    const options = { outputReferences: onlyAliases, showFileHeader: false };
    const blocks: string[] = [`/**\n * ${GENERATED}\n */\n`];
    blocks.push(await builtin('css/variables', args, tokensOf(args.dictionary, defaults.map((v) => v.key)), { ...options, selector: ':root' }));
    const withMedia = ctx.views.filter((v) => !v.isDefault && v.media);
    for (const v of withMedia) {
      const media = v.media!.trim().startsWith('@media') ? v.media!.trim() : `@media ${v.media!.trim()}`;
      blocks.push(await builtin('css/variables', args, tokensOf(args.dictionary, [v.key]), { ...options, selector: [media, ':root'] }));
    }
    const mediaCollections = new Set(withMedia.map((v) => v.collection.name));
    for (const v of ctx.views) {
      if (v.isDefault && !mediaCollections.has(v.collection.name)) continue;
      blocks.push(await builtin('css/variables', args, tokensOf(args.dictionary, [v.key]), { ...options, selector: v.selector }));
    }
    return blocks.join('\n');
  };
}

/**
 * scss: `_tokens.scss` holds every default mode with references kept (`$a: $b`, sorted so each is
 * defined before use); each other mode gets `_<collection>-<mode>.scss` with resolved values, so
 * it compiles on its own.
 */
export function scssFormat(ctx: FormatContext): FormatFn {
  return async (args) => {
    const keys = viewsOf(args);
    const tokens = tokensOf(args.dictionary, keys);
    assertNoClashInAll(args.dictionary, ctx.views.map((v) => v.key), 'SCSS (variable names)', (t) => `$${cleanName(t)}`);
    const isDefaultFile = keys.every((k) => ctx.viewByKey.get(k)?.isDefault);
    return builtin('scss/variables', args, tokens, { outputReferences: isDefaultFile ? onlyAliases : false });
  };
}

/** ios/<Class>.swift: one class per view, Style Dictionary's ios-swift/class.swift. */
export function swiftFormat(ctx: FormatContext): FormatFn {
  return async (args) => {
    const [key] = viewsOf(args);
    const view = ctx.viewByKey.get(key!)!;
    const tokens = tokensOf(args.dictionary, [view.key]);
    assertNoClash(tokens, `Swift (class ${view.className})`);
    const out = await builtin('ios-swift/class.swift', args, tokens, { className: view.className, outputReferences: false });
    return `${out.replace(/^\n/, '')}\n`;
  };
}

/** compose/<Class>.kt: one Kotlin object per view, Style Dictionary's compose/object. */
export function composeFormat(ctx: FormatContext, packageName: string): FormatFn {
  return async (args) => {
    const [key] = viewsOf(args);
    const view = ctx.viewByKey.get(key!)!;
    const tokens = tokensOf(args.dictionary, [view.key]);
    assertNoClash(tokens, `Kotlin (object ${view.className})`);
    const out = await builtin('compose/object', args, tokens, { className: view.className, packageName, outputReferences: false });
    return `${out.replace(/^\n+/, '')}`;
  };
}

const NUMBER_TAG = 'tokensyncnumber';

/**
 * android/<folder>/tokens.xml, Style Dictionary's android/resources. Resource types by `$type`;
 * numbers are `<integer>` when every mode's value is whole, else a float `<item>` (aapt has no
 * `<float>` element), which android/resources cannot print, so its placeholder tag is rewritten.
 */
export function androidFormat(ctx: FormatContext): FormatFn {
  return async (args) => {
    const keys = viewsOf(args);
    assertNoClashInAll(args.dictionary, ctx.views.map((v) => v.key), 'Android resources (R names)');
    const tokens = tokensOf(args.dictionary, keys);
    const integral = wholeNumbers(tokensOf(args.dictionary, ctx.views.map((v) => v.key)));
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
    const out = await builtin('android/resources', args, tokens, { resourceMap, outputReferences: false });
    const fixed = out.replace(new RegExp(`<${NUMBER_TAG} name="([^"]+)">([^<]*)</${NUMBER_TAG}>`, 'g'), (_m, name: string, value: string) =>
      integral.has(name) ? `<integer name="${name}">${value}</integer>` : `<item name="${name}" format="float" type="dimen">${value}</item>`,
    );
    return `${fixed}\n`;
  };
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
