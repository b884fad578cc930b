/**
 * Shared by our formats: picking a view's tokens out of the merged dictionary (views.ts) and
 * reporting name clashes.
 */
import type { Dictionary, FormatFnArguments, PlatformConfig, TransformedToken } from 'style-dictionary/types';
import { BuildError } from '../errors.js';
import { aliasKeyOf, cleanName, metaOf } from '../transforms.js';
import type { View } from '../views.js';
import { FAMILY_KEY, nameIn, separatingStyles, styleOf, type NameFamily, type NameStyle } from '../name-styles.js';

export interface FormatContext {
  views: View[];
  /** Extended collections and repository-only axes, one view per parent mode (contexts.ts): CSS and docs. */
  contextViews?: View[];
  viewByKey: Map<string, View>;
  /** The composite types the token set holds (render/index.ts COMPOSITE_TYPES): their type declarations are printed. */
  composites: ReadonlySet<string>;
  /** `tokens.namespace: collection`: every token path starts with its collection's slug (tree.ts). */
  namespaced?: boolean;
  /** Where the tokens come from, for the docs page's title (BuildOptions.source). */
  source?: BuildSource | undefined;
}

/** The project and design file the tokens belong to (the docs page's title). */
export interface BuildSource {
  /** The project's name (package.json `name`, else its folder). */
  project: string;
  /** The design file's key and version as of the last sync (the lock), when there is one. */
  fileKey?: string | undefined;
  version?: string | undefined;
}

export function viewsOf(args: FormatFnArguments): string[] {
  const v = (args.file.options as { views?: unknown } | undefined)?.views;
  return Array.isArray(v) ? (v as string[]) : [];
}

/** Tokens of each view in dictionary order, computed once per token list (every file asks). */
const byViewCache = new WeakMap<TransformedToken[], Map<string, TransformedToken[]>>();

function byView(all: TransformedToken[]): Map<string, TransformedToken[]> {
  let groups = byViewCache.get(all);
  if (groups === undefined) {
    groups = new Map();
    for (const t of all) {
      const view = metaOf(t).view;
      let list = groups.get(view);
      if (list === undefined) groups.set(view, (list = []));
      list.push(t);
    }
    byViewCache.set(all, groups);
  }
  return groups;
}

/** The tokens of `views`, in dictionary order (views are contiguous in it: tree.ts nests by view). */
export function tokensOf(dictionary: Dictionary, views: Iterable<string>): TransformedToken[] {
  const set = new Set(views);
  const out: TransformedToken[] = [];
  for (const [view, list] of byView(dictionary.allTokens)) if (set.has(view)) out.push(...list);
  return out;
}

/**
 * Two different variables that get the same name in one output would silently overwrite each other
 * ("an error, not an overwrite"). `nameOf` defaults to the transformed token name.
 */
/** assertNoClash over every token of the dictionary, once per output kind (several files share it). */
const checked = new WeakMap<TransformedToken[], Set<string>>();
export function assertNoClashInAll(
  dictionary: Dictionary,
  views: Iterable<string>,
  what: string,
  nameOf?: (t: TransformedToken) => string,
  platform?: PlatformConfig,
  sigil = '',
): void {
  let done = checked.get(dictionary.allTokens);
  if (done === undefined) checked.set(dictionary.allTokens, (done = new Set()));
  if (done.has(what)) return;
  assertNoClash(tokensOf(dictionary, views), what, nameOf, platform, sigil);
  done.add(what);
}

/**
 * `platform`: the platform config, whose name style (name-styles.ts) the hint can offer to change.
 * `sigil`: what the output prints before every name (`--` in CSS, `$` in SCSS), shown in the
 * message only: names that differ with it differ without it, and comparing the names the name
 * transform keeps (one string per path, its hash computed once) cost a third of joining `--` to
 * each of 20k tokens and hashing that (docs/benchmarks.md "Full build", fifth round).
 */
export function assertNoClash(
  tokens: TransformedToken[],
  what: string,
  nameOf: (t: TransformedToken) => string = cleanName,
  platform?: PlatformConfig,
  sigil = '',
): void {
  // The first token of each name; the same variable in another mode may share it.
  const seen = new Map<string, TransformedToken>();
  for (const t of tokens) {
    const name = nameOf(t);
    const first = seen.get(name);
    if (first === undefined) {
      seen.set(name, t);
      continue;
    }
    const m = metaOf(t);
    if (metaOf(first).variable !== m.variable || metaOf(first).collection !== m.collection) {
      const id = `${m.collection}/${m.variable}`;
      const other = { id: `${metaOf(first).collection}/${metaOf(first).variable}`, t: first };
      if (other.id === id) continue; // one variable by its `collection/variable` id
      // The same name in two collections (one collection per theme): the namespace fixes it.
      const acrossCollections = !other.id.startsWith(`${m.collection}/`);
      const style = platform ? styleHint(platform, other.t, t) : undefined;
      throw new BuildError(
        'BUILD_NAME_CLASH',
        `Tokens "${other.id}" and "${id}" both become ${sigil}${name} in ${what}${style?.fix ? ` under the ${style.current} name style` : ''}, so one would overwrite the other.`,
        {
          hint: style?.fix
            ? style.fix
            : acrossCollections
              ? 'Set tokens.namespace: collection in config/tokensync.yaml so every name holds its collection (--theme-color-bg), or rename one of them.'
              : 'Rename one of them (in the design file or its token file) so their names differ in more than case and punctuation, or set build.prefix.',
        },
      );
    }
  }
}

/**
 * When two paths clash only because of the platform's name style (docs/build.md "Names"), the style
 * that would keep them apart, as the fix.
 */
function styleHint(
  platform: PlatformConfig,
  a: TransformedToken,
  b: TransformedToken,
): { current: NameStyle; fix?: string } | undefined {
  const family = platform[FAMILY_KEY] as NameFamily | undefined;
  if (family === undefined) return undefined;
  const current = styleOf(platform, family);
  const pa = a.path.slice(1);
  const pb = b.path.slice(1);
  if (nameIn(current, family, pa) !== nameIn(current, family, pb)) return undefined; // not the style's doing
  const [better] = separatingStyles(current, family, pa, pb);
  if (better === undefined) return { current };
  return {
    current,
    fix: `Set build.names.${family}: ${better} in config/tokensync.yaml (they become ${nameIn(better, family, pa)} and ${nameIn(better, family, pb)}), or rename one of them.`,
  };
}

/**
 * `${lines.join('\n')}\n`, made by the join alone (the trailing newline one more element; `lines`
 * gets it). A join gives one flat string; the template gives a pair of strings that the writer's
 * encoding must first copy into a new flat one in the heap, as large as the file (for the docs
 * page's 6.7 MB ~0.1 s with the garbage collection it brought at 10k x 2, docs/benchmarks.md
 * "Full build", fifth round). A large output ends with a join for the same reason.
 */
export function linesOf(lines: string[]): string {
  lines.push('');
  return lines.join('\n');
}

export const GENERATED = 'Do not edit directly, this file was auto-generated.';
/** fileHeader's default header in the short (`//`) comment style. */
export const SHORT_HEADER = `\n// ${GENERATED}\n\n`;

/** The token at the end of `t`'s alias chain in this platform's dictionary (itself when it is a literal). */
export function terminalOf(dictionary: Dictionary, t: TransformedToken): TransformedToken {
  let cur = t;
  for (let i = 0; i < 64; i++) {
    const a = metaOf(cur).alias;
    if (a === undefined) return cur;
    const next = dictionary.tokenMap?.get(aliasKeyOf(a)) as TransformedToken | undefined;
    if (next === undefined) return cur;
    cur = next;
  }
  return cur;
}

/** Our attributes of a web token (transforms.ts `webVariants`). */
export interface WebVariants {
  wide?: string;
  scss?: string;
  resolved?: string;
  resolvedWide?: string;
  parts?: [string, string][];
}
export const variantsOf = (t: TransformedToken): WebVariants => (t.attributes ?? {}) as WebVariants;

/** A copy of a token printed with another value (the reference-keeping formats print `$value`). */
export function withValue(t: TransformedToken, value: unknown): TransformedToken {
  return { ...t, $value: value, original: { ...t.original, $value: value } };
}
