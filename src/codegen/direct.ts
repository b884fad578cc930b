/**
 * Our platforms (platforms.ts) through transforms and formats of Style Dictionary 5's shape, but
 * without its per-platform pipeline and without loading it (docs/architecture.md "Build").
 *
 * That pipeline clones the whole token tree three times per platform, clones every token once per
 * transform pass, and re-walks every token once per level of alias depth to resolve references.
 * With every mode in one tree (views.ts) that was about 1 s per platform at 10k variables x 2 modes,
 * for six platforms. Its one product we need, reference resolution, is already done: tree.ts has
 * followed every alias chain (rejecting missing targets and cycles) to know each token's kind. So
 * each platform here gets:
 * - our transform objects (transforms.ts), applied in the platform's order with their filters, as
 *   Style Dictionary's `transformToken` does, to every literal token; an alias token gets its name
 *   transforms and the transformed value of the literal at the end of its chain. That is what the
 *   pipeline produces: it does not run a non-transitive value transform on a token whose original
 *   value is a reference, it copies the resolved, transformed value (none of these transforms is
 *   transitive);
 * - the original value, so the reference-keeping formats (css/variables, scss/variables with
 *   outputReferences) still print `var(--…)` and `$a: $b` from the reference, looked up in the
 *   dictionary given to them;
 * - our formats (formats/*.ts), called with the arguments Style Dictionary's `formatFile` builds
 *   (createFormatArgs).
 * test/build/direct.test.ts checks that the output equals Style Dictionary's own formatPlatform.
 */
import type {
  DesignToken,
  DesignTokens,
  Dictionary,
  FormatFn,
  PlatformConfig,
  Transform,
  TransformedToken,
} from 'style-dictionary/types';
import { nestTokens } from './references.js';
import { aliasKeyOf, metaOf, transforms as ourTransforms } from './transforms.js';
import { EXT, type TokenMeta, type Tree } from './tree.js';

export interface DirectOutput {
  destination: string;
  output: string;
}

/**
 * Tokens as Style Dictionary's flatten + tokenSetup leave them (key, path, name, original,
 * attributes), in its order, with our meta attached (tree.ts `meta`).
 */
function flatten(tree: Tree): TransformedToken[] {
  const out: TransformedToken[] = [];
  // `dotted` is `path` joined by dots, carried down instead of joined again for every token.
  const walk = (node: DesignTokens, path: string[], dotted: string): void => {
    for (const k in node) {
      if (!Object.hasOwn(node, k)) continue;
      const child = node[k] as DesignToken | DesignTokens;
      if (child === null || typeof child !== 'object') continue;
      const p = [...path, k];
      const d = dotted === '' ? k : `${dotted}.${k}`;
      if (Object.hasOwn(child, '$value')) {
        const key = `{${d}}`;
        // `original` is the tree's own token, not a clone: formats only read it, and tree.ts
        // builds a fresh tree for every build.
        const c = child as DesignToken;
        const m = tree.meta.get(child);
        out.push(m === undefined ? copied(c, key, k, p) : treeCopy(c, key, k, p, m));
      } else {
        walk(child as DesignTokens, p, d);
      }
    }
  };
  walk(tree.tokens, [], '');
  return out;
}

/**
 * A token of the multi-mode tree as flatten leaves it. tree.ts `treeToken` makes each with `$type`,
 * `$value` and, when there is one, `$description`, in that order: the copy is one object literal
 * of those and Style Dictionary's properties, in the order `copied` gives them, so each is made
 * with its final shape instead of five shape transitions per token (docs/benchmarks.md "Full
 * build", sixth round).
 */
function treeCopy(c: DesignToken, key: string, name: string, path: string[], m: TokenMeta): TransformedToken {
  const extensions = { [EXT]: m };
  return (Object.hasOwn(c, '$description')
    ? {
        $type: c['$type'],
        $value: c['$value'],
        $description: c['$description'],
        key,
        original: c,
        name,
        attributes: {},
        path,
        $extensions: extensions,
      }
    : {
        $type: c['$type'],
        $value: c['$value'],
        key,
        original: c,
        name,
        attributes: {},
        path,
        $extensions: extensions,
      }) as unknown as TransformedToken;
}

/**
 * Any other token: Object.assign, not a spread (the same own properties in the same order; at
 * 10k x 2 the spread with added keys cost ~0.3-0.5 s of the build against ~0.1 s).
 */
function copied(c: DesignToken, key: string, name: string, path: string[]): TransformedToken {
  const t = Object.assign({}, c) as TransformedToken;
  t.key = key;
  t.original = c;
  t.name = name;
  t.attributes = {};
  t.path = path;
  return t;
}

/** A transform with the `$type`s its filter accepts, when it says (transforms.ts `OwnTransform`). */
type Step = Transform & { types?: readonly string[] };

function transformsOf(platform: string, names: readonly string[]): Step[] {
  return names.map((name) => {
    const t = ourTransforms[name];
    if (!t) throw new Error(`platform ${platform}: no transform ${name}`);
    return { name, ...t } as Step;
  });
}

/**
 * The transforms that may apply to a token of a type, in the platform's order: those whose `types`
 * hold it, and those without `types`, whose filter is still called per token. An alias gets no
 * value transform (Style Dictionary does not value-transform a token whose original value is a
 * reference). Computed once per platform, type and kind.
 */
function stepsFor(list: readonly Step[]): (type: string, alias: boolean) => readonly Step[] {
  // One memo per kind, keyed by the type alone: no key string made per alias token and platform.
  const literals = new Map<string, readonly Step[]>();
  const aliases = new Map<string, readonly Step[]>();
  return (type, alias) => {
    const memo = alias ? aliases : literals;
    let steps = memo.get(type);
    if (steps === undefined) {
      steps = list.filter(
        (tr) => !(alias && tr.type === 'value') && (tr.types === undefined || tr.types.includes(type)),
      );
      memo.set(type, steps);
    }
    return steps;
  };
}

/** The key of the token an alias points at (tree.ts writes `{<view>.<path>}` references). */
const aliasKey = (t: TransformedToken): string | undefined => {
  const a = metaOf(t).alias;
  return a ? aliasKeyOf(a) : undefined;
};

/**
 * For each token, the literal at the end of its alias chain, or undefined for a literal (tree.ts
 * has already rejected missing targets and cycles). The same for every platform. Found through the
 * token map every platform shares, so no second map of every key is made for it.
 */
function terminals(
  base: TransformedToken[],
  tokenMap: ReadonlyMap<string, TransformedToken>,
): (TransformedToken | undefined)[] {
  return base.map((t) => {
    let k = aliasKey(t);
    if (k === undefined) return undefined;
    let end = tokenMap.get(k)!;
    while ((k = aliasKey(end)) !== undefined) end = tokenMap.get(k)!;
    return end;
  });
}

/**
 * The values of the shared transforms (transforms.ts `OwnTransform.shared`) that more than one
 * platform runs, by transform name, indexed like the tokens: the web and js platforms both print
 * colors, dimensions, durations and font families as CSS, and the second takes the first's strings
 * instead of computing them again (docs/benchmarks.md "Full build", sixth round).
 */
type SharedValues = Map<string, unknown[]>;

function sharedValues(platforms: Record<string, PlatformConfig>, size: number): SharedValues {
  const uses = new Map<string, number>();
  for (const p of Object.values(platforms))
    for (const name of new Set((p.transforms ?? []) as string[]))
      if (ourTransforms[name]?.shared) uses.set(name, (uses.get(name) ?? 0) + 1);
  const kept: SharedValues = new Map();
  for (const [name, n] of uses) if (n > 1) kept.set(name, new Array<unknown>(size));
  return kept;
}

/** What a token holds before any platform's transforms: Style Dictionary's tokenSetup gives `{}`. */
const NO_ATTRIBUTES: Record<string, unknown> = Object.freeze({});

/**
 * One platform's transforms, written into the shared tokens of `flatten` (docs/architecture.md
 * "Build"): every platform works on the same token objects, each first set back to what flatten
 * made of it (its name the last path segment, its value the original one, no attributes), so no
 * platform copies every token. Platforms run one after another and a platform's formats have
 * printed everything before the next one starts; the array (and with it the caches keyed by it,
 * formats/common.ts) is the platform's own.
 */
async function transformAll(
  base: TransformedToken[],
  terminal: readonly (TransformedToken | undefined)[],
  platform: string,
  config: PlatformConfig,
  kept: SharedValues,
): Promise<TransformedToken[]> {
  const steps = stepsFor(transformsOf(platform, (config.transforms ?? []) as string[]));
  const options = { usesDtcg: true };
  for (let i = 0; i < base.length; i++) {
    const t = base[i]!;
    t.name = t.path[t.path.length - 1]!;
    t['$value'] = t.original['$value'];
    t.attributes = NO_ATTRIBUTES;
    const list = steps(String(t['$type'] ?? t['type'] ?? ''), terminal[i] !== undefined);
    // Whether a value transform has run: a shared one's kept value is for the token's own value.
    let changed = false;
    // An indexed loop: `for…of` allocated an iterator per token and platform until optimized.
    for (let s = 0; s < list.length; s++) {
      const tr = list[s]!;
      if (tr.types === undefined && tr.filter && !tr.filter(t, options)) continue;
      const keep = tr.type === 'value' && !changed ? kept.get(tr.name) : undefined;
      let r: unknown = keep?.[i];
      if (r === undefined) {
        // Awaited only when it is a promise: a microtask per call added up over 100k calls.
        r = tr.transform(t, config, options);
        if (r instanceof Promise) r = await r;
        if (keep !== undefined) keep[i] = r;
      }
      if (tr.type === 'name') t.name = r as string;
      else if (tr.type === 'value') {
        t['$value'] = r;
        changed = true;
      } else if (tr.type === 'attribute') t.attributes = { ...t.attributes, ...(r as Record<string, unknown>) };
    }
  }
  // Aliases take the transformed value of the literal at the end of their chain.
  for (let i = 0; i < base.length; i++) {
    const end = terminal[i];
    if (end !== undefined) base[i]!['$value'] = end['$value'];
  }
  return base.slice();
}

/**
 * Formats every file of these platforms, in platform then file order. With `emit`, each file goes
 * to it as soon as it is made and none is kept here (the staged build, index.ts `stageBuild`).
 */
export async function formatDirect(
  tree: Tree,
  platforms: Record<string, PlatformConfig>,
  formats: Record<string, FormatFn>,
  emit?: (destination: string, output: string) => void | Promise<void>,
): Promise<DirectOutput[]> {
  if (Object.keys(platforms).length === 0) return [];
  const base = flatten(tree);
  // Every platform holds the same token objects under the same keys: one map for all (read only;
  // the formats' caches are keyed by each platform's own token array or dictionary).
  const tokenMap = new Map<string, TransformedToken>();
  for (const t of base) tokenMap.set(t.key!, t);
  const terminal = terminals(base, tokenMap);
  const kept = sharedValues(platforms, base.length);
  const results: DirectOutput[] = [];
  for (const [name, config] of Object.entries(platforms)) {
    const allTokens = await transformAll(base, terminal, name, config, kept);
    let tokens: DesignTokens | undefined;
    // Only formats that keep references read the nested form; built on first use.
    const nested = (): DesignTokens => (tokens ??= nestTokens(allTokens));
    const dictionary = {
      allTokens,
      tokenMap,
      unfilteredAllTokens: allTokens,
      unfilteredTokenMap: tokenMap,
      get tokens() {
        return nested();
      },
      get unfilteredTokens() {
        return nested();
      },
    } as unknown as Dictionary;
    for (const file of config.files ?? []) {
      const format = formats[String(file.format)];
      if (!format) throw new Error(`platform ${name}: no format ${String(file.format)}`);
      const fileOptions = { ...(config.options ?? {}), ...(file.options ?? {}) };
      const f = { ...file, options: fileOptions };
      // What Style Dictionary's formatFile passes (createFormatArgs): file options over platform
      // options; our config has no global options a format reads besides usesDtcg.
      const args = {
        dictionary,
        allTokens,
        get tokens() {
          return nested();
        },
        platform: config,
        file: f,
        options: { ...fileOptions, usesDtcg: true },
      };
      const output = await format.call(f as never, args as unknown as Parameters<FormatFn>[0]);
      if (emit) await emit(String(file.destination), String(output));
      else results.push({ destination: String(file.destination), output: String(output) });
    }
  }
  return results;
}
