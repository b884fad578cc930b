/**
 * Style Dictionary's `css/variables` and `scss/variables`, rendered by us one token line at a time
 * (docs/architecture.md "Build", stage 4). Its own formats resolve every reference again through
 * the nested token tree on every comparison of their reference sort and again for every line, which
 * was a tenth of a full build at 10k x 2 (docs/benchmarks.md "Full build"). Here each token's
 * references are found once per dictionary, and the lines, the sort and the wrapping are the ones
 * Style Dictionary's formattedVariables, createPropertyFormatter and sortByReference produce:
 * - the sort is the same comparator over the same references, so `Array.prototype.sort` gives the
 *   same order;
 * - a reference whose original value is an object, the one case its line formatter treats apart,
 *   replaces the referenced token's value in the transformed value, as that formatter does.
 * Its reference helpers are ours too (references.ts), so a build does not load Style Dictionary.
 * test/build/variables-format.test.ts checks the output against Style Dictionary's formats.
 */
import type { Dictionary, FormatFnArguments, TransformedToken } from 'style-dictionary/types';
import { getReferences, usesReferences } from '../references.js';
import { blockCommentText, commentLines } from './comments.js';
import { GENERATED, SHORT_HEADER } from './common.js';

type OutputReferences =
  | boolean
  | ((token: TransformedToken, o: { dictionary: Dictionary; usesDtcg?: boolean }) => boolean);

export interface VariablesOptions {
  outputReferences?: OutputReferences;
  showFileHeader?: boolean;
  /** css only: one selector, or selectors nested outermost first (`@media …`, `:root`). */
  selector?: string | string[] | undefined;
}

interface Refs {
  uses: boolean;
  /** The tokens the original value references, as Style Dictionary's getReferences finds them. */
  list: TransformedToken[];
  /** The references of `list[0]`, kept once a comparison has looked them up (compareRefs). */
  first?: Refs;
}

/** Each token's references, found once per dictionary (every file and block of a platform asks). */
const refsCache = new WeakMap<Dictionary, Map<TransformedToken, Refs>>();

function referencesIn(dictionary: Dictionary): (t: TransformedToken) => Refs {
  let memo = refsCache.get(dictionary);
  // A Map per dictionary, which it lives and dies with (a WeakMap of 20k tokens is an ephemeron
  // table the garbage collector marks entry by entry).
  if (memo === undefined) refsCache.set(dictionary, (memo = new Map()));
  const cache = memo;
  return (t) => {
    let r = cache.get(t);
    if (r === undefined) {
      const original = t.original?.['$value'];
      const uses = t.original !== undefined && usesReferences(original);
      r = { uses, list: uses ? lookup(dictionary, original) : [] };
      cache.set(t, r);
    }
    return r;
  };
}

/**
 * A whole-value reference `{a.b}` to a token is that token (what getReferences finds by its path in
 * the nested tree, which holds the same token objects); anything else goes through getReferences.
 */
function lookup(dictionary: Dictionary, value: unknown): TransformedToken[] {
  if (typeof value === 'string' && value.charCodeAt(0) === 123 && value.indexOf('}') === value.length - 1) {
    const hit = dictionary.tokenMap.get(value) as TransformedToken | undefined;
    if (hit !== undefined && !/\s|\.\$value\}$/.test(value)) return [hit];
  }
  const { tokens, unfilteredTokens } = dictionary;
  return getReferences(value, tokens, unfilteredTokens);
}

/**
 * sortByReference's comparator (formatHelpers/sortByReference) over the references found once:
 * a token that references the other comes after it; two that reference neither compare by what
 * they reference first; a token that references comes after one that does not.
 */
function compareRefs(
  a: TransformedToken,
  ra: Refs,
  b: TransformedToken,
  rb: Refs,
  refs: (t: TransformedToken) => Refs,
): number {
  if (ra.uses && rb.uses) {
    // Indexed loops, and the first reference's references kept on the element's own: the sort
    // makes ~115k comparisons for the 11k tokens of one :root block at 10k x 2, and a closure per
    // `some` and two lookups per recursion were most of their cost (docs/benchmarks.md "Full
    // build", sixth round).
    const la = ra.list;
    const lb = rb.list;
    for (let i = 0; i < la.length; i++) if (la[i]!.name === b.name) return 1;
    for (let i = 0; i < lb.length; i++) if (lb[i]!.name === a.name) return -1;
    const na = la[0];
    const nb = lb[0];
    if (na === undefined) return -1;
    if (nb === undefined) return 1;
    ra.first ??= refs(na);
    rb.first ??= refs(nb);
    return compareRefs(na, ra.first, nb, rb.first, refs);
  }
  if (ra.uses) return 1;
  if (rb.uses) return -1;
  return 0;
}

/**
 * `tokens` in sortByReference's order: the same comparator, called on the same pairs in the same
 * order (the array sort is given the tokens in the same order), so the same result; each element
 * carries its references, so a comparison looks up only those of the tokens it recurses into.
 */
function sortByReference(tokens: readonly TransformedToken[], refs: (t: TransformedToken) => Refs): TransformedToken[] {
  const decorated = tokens.map((t) => ({ t, r: refs(t) }));
  decorated.sort((a, b) => compareRefs(a.t, a.r, b.t, b.r, refs));
  return decorated.map((d) => d.t);
}

interface LineStyle {
  format: 'css' | 'sass';
  prefix: string;
  indentation: string;
  /** Comment style: long (`/** … *\/`) for css, short (`// …`) for sass. */
  long: boolean;
}

/**
 * createPropertyFormatter's `addComment`: inline, or above when the comment has several lines; its
 * lines cut at any line break and `*\/` broken up in a long comment (formats/comments.ts).
 */
function withComment(line: string, comment: string | undefined, s: LineStyle): string {
  if (!comment) return line;
  const lines = s.long ? commentLines(comment).map((l) => blockCommentText(l, false)) : commentLines(comment);
  if (lines.length === 1) return `${line} ${s.long ? `/** ${lines[0]} */` : `// ${lines[0]}`}`;
  const above = s.long
    ? `${lines.reduce((acc, l) => `${acc}${s.indentation} * ${l}\n`, `${s.indentation}/**\n`)}${s.indentation} */`
    : lines.reduce((acc, l) => `${acc}${s.indentation}// ${l}\n`, '').replace(/\n$/g, '');
  return `${above}\n${line}`;
}

interface RefPattern {
  /** `{a.b}`, when the regex below matches exactly that string and nothing else in it. */
  whole: string | undefined;
  /** Made on first use: most references are an alias's whole value, which needs none. */
  re: RegExp | undefined;
}

/** A reference's regex as createPropertyFormatter builds it (path segments are not escaped there either). */
const refPatterns = new WeakMap<TransformedToken, RefPattern>();
function patternOf(ref: TransformedToken): RefPattern {
  let p = refPatterns.get(ref);
  if (p === undefined) {
    const plain = ref.path.every((seg) => !/[\\^$.*+?()[\]{}|/]/.test(seg));
    refPatterns.set(ref, (p = { whole: plain ? `{${ref.path.join('.')}}` : undefined, re: undefined }));
  }
  return p;
}

/** `value` with every match of the reference's pattern replaced by `to`. */
function replaceRef(value: unknown, ref: TransformedToken, to: string): string {
  const p = patternOf(ref);
  // The common case, an alias's whole value: the one match is the whole string.
  if (value === p.whole) return to;
  p.re ??= new RegExp(`{${ref.path.join('\\.')}(\\.\\$?value)?}`, 'g');
  return `${value}`.replace(p.re, () => to);
}

/** One variable's line, as createPropertyFormatter prints it. */
function lineRenderer(
  dictionary: Dictionary,
  style: LineStyle,
  outputReferences: OutputReferences,
): (t: TransformedToken) => string {
  const refs = referencesIn(dictionary);
  return (t) => {
    let value: unknown = t['$value'];
    const original = t.original?.['$value'];
    // Without outputReferences no reference is looked up: a value with `{…}` in it (SCSS's `#{…}`
    // in a composite) would otherwise build the nested tree for nothing.
    const r = outputReferences === false ? undefined : refs(t);
    const keep =
      r?.uses === true &&
      (typeof outputReferences === 'function' ? outputReferences(t, { dictionary, usesDtcg: true }) : outputReferences);
    if (keep) {
      // An object's references are replaced where their values stand in the transformed value;
      // a string's are replaced in the original.
      const inObject = typeof original === 'object' && original !== null;
      if (!inObject) value = original;
      for (const ref of r.list) {
        if (!Object.hasOwn(ref, '$value') || !Object.hasOwn(ref, 'name')) continue;
        const to = style.format === 'css' ? `var(${style.prefix}${ref.name})` : `${style.prefix}${ref.name}`;
        value = inObject ? `${value}`.replace(ref['$value'] as string, () => to) : replaceRef(value, ref, to);
      }
    }
    const themeable = style.format === 'sass' && t['themeable'] === true ? ' !default' : '';
    const line = `${style.indentation}${style.prefix}${t.name}: ${value}${themeable};`;
    return withComment(line, (t['$description'] ?? t['comment']) as string | undefined, style);
  };
}

/**
 * formattedVariables: the lines, sorted so a reference comes after what it references, between
 * `head` and `tail`.
 */
function formattedVariables(
  dictionary: Dictionary,
  tokens: TransformedToken[],
  style: LineStyle,
  outputReferences: OutputReferences,
  head = '',
  tail = '',
): string {
  let list = tokens;
  if (outputReferences) {
    const refs = referencesIn(dictionary);
    // The comparator is 0 for every pair when no token references: the order stays.
    if (list.some((t) => refs(t).uses)) list = sortByReference(list, refs);
  }
  const line = lineRenderer(dictionary, style, outputReferences);
  const out: string[] = [];
  for (const t of list) {
    const l = line(t);
    if (l) out.push(l);
  }
  // `${head}${out.join('\n')}${tail}` as one join (formats/common.ts `linesOf`).
  if (out.length === 0) return `${head}${tail}`;
  out[0] = `${head}${out[0]}`;
  out[out.length - 1] = `${out[out.length - 1]}${tail}`;
  return out.join('\n');
}

/**
 * Style Dictionary's fileHeader as these formats call it: its default text in long (`/** … *\/`)
 * or short (`//`) comments, or nothing when the file options (over the given ones) set
 * `showFileHeader` to a false value.
 */
function fileHeader(args: FormatFnArguments, options: VariablesOptions, short: boolean): string {
  const show = ({ ...(args.file.options ?? {}), ...options } as VariablesOptions).showFileHeader;
  if (show !== undefined && !show) return '';
  return short ? SHORT_HEADER : `/**\n * ${GENERATED}\n */\n\n`;
}

/** `css/variables` over `tokens`, references resolved against the whole dictionary. */
export function cssVariables(args: FormatFnArguments, tokens: TransformedToken[], options: VariablesOptions): string {
  const selector = Array.isArray(options.selector) ? options.selector : [options.selector ?? ':root'];
  const header = fileHeader(args, options, false);
  const indentation = '  ';
  const style: LineStyle = {
    format: 'css',
    prefix: '--',
    indentation: indentation.repeat(selector.length),
    long: true,
  };
  const variables = formattedVariables(args.dictionary, tokens, style, options.outputReferences ?? false);
  let content = variables;
  for (let i = selector.length - 1; i >= 0; i--) {
    const indent = indentation.repeat(i);
    content = `${indent}${selector[i]} {\n${content}\n${indent}}`;
  }
  return `${header}${content}\n`;
}

/** `scss/variables` over `tokens`. */
export function scssVariables(args: FormatFnArguments, tokens: TransformedToken[], options: VariablesOptions): string {
  const header = fileHeader(args, options, true);
  const style: LineStyle = { format: 'sass', prefix: '$', indentation: '', long: false };
  return formattedVariables(args.dictionary, tokens, style, options.outputReferences ?? false, header, '\n');
}
