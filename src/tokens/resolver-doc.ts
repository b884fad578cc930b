/**
 * `tokens/tokens.resolver.json`: a DTCG 2025.10 Resolver Module document (docs/architecture.md "Files in the
 * repository"; designtokens.org/TR/2025.10/resolver, §Syntax). A single-mode collection is a set, a
 * multi-mode collection a modifier whose contexts are its modes and whose `default` is its default
 * mode; `resolutionOrder` lists them in collection order.
 *
 * Set, modifier and context names are the slugs used for folders and files. The true names (which
 * may hold spaces, capitals, or collide as slugs) and the mode order live in
 * `$extensions["dev.tokensync"]`, which the spec allows on sets and modifiers (§$extensions; not at
 * the root). Mode order is an array there because JSON object order is not reliable for
 * integer-like context names (`"100"`) once parsed.
 *
 * Hand-written resolvers without our extension are read too: the set or modifier name is the
 * collection name, a set's mode is its file's base name, a modifier's modes are its contexts.
 */
import type { Collection } from '../model/types.js';
import { didYouMean } from '../types/common.js';
import { Ordered, type Json } from './json-write.js';
import { designOwnedSets, EXTENSION, isDesignOwnedSet } from '../model/extension.js';

export const RESOLVER_FILE = 'tokens.resolver.json';
export const RESOLVER_SCHEMA = 'https://www.designtokens.org/schemas/2025.10/resolver.json';
/** tokensync's `$extensions` key (defined in src/model/extension.ts), for the token reader and writer. */
export { EXTENSION };

/** Where a collection lives on disk. */
export interface CollectionLayout {
  collection: Collection;
  /** Set or modifier name; also the folder and, with namespace `collection`, the top-level group. */
  slug: string;
  /** Mode name -> file path relative to the tokens folder (`semantic/dark.tokens.json`). */
  files: Map<string, string>;
  /** Mode name -> context name (slug). */
  contexts: Map<string, string>;
  /**
   * Mode name -> every source of the mode in merge order (resolver §Sets: "merged in array order"),
   * when that is more than the one file of `files`: several files, inline tokens, or a folder read
   * without a resolver. Such a collection is read, checked, built and pushed, but not written by a
   * pull (tokensync writes one file per collection and mode).
   */
  sources?: Map<string, TokenSource[]>;
  /** A set or a modifier of the resolver document (undefined for a folder read without one). */
  kind?: 'set' | 'modifier';
  /**
   * It names its collection in `$extensions["dev.tokensync"]` (a document tokensync wrote): a
   * collection by declaration, never folded into another as overrides (docs/overrides.md "The mapping").
   */
  declared?: true;
  /**
   * A modifier tokensync wrote for extended collections (`$extensions["dev.tokensync"].extends`, the
   * parent collection's name): each non-default context is one extension (docs/overrides.md §4).
   */
  extends?: string;
  /**
   * Set when the read folded overriding sources into this collection (docs/overrides.md §3, §4;
   * read/overrides.ts): where a pull writes each mode's and each extension's values back.
   */
  fold?: FoldLayout;
}

/** How an overridden collection is laid out in files (docs/overrides.md §3, §4). */
export interface FoldLayout {
  /** The set that defines the tokens (its layout as the resolver document has it). */
  base: CollectionLayout;
  /** The modifier whose contexts are the modes (§3), when there is one. */
  modes?: CollectionLayout;
  /** Extended collection name -> the modifier context it is (§4). */
  extensions: Map<string, { modifier: CollectionLayout; mode: string }>;
  /** A later set overrides its tokens too (§5): read, not written by a pull. */
  laterSet?: true;
}

/** Where tokens of one mode come from: a file, or tokens inline in the resolver document. */
export interface TokenSource {
  /** Relative to the tokens folder. */
  file: string;
  /** For inline tokens: their JSON path inside `file` (the resolver document). */
  at?: (string | number)[];
  /**
   * Inline keys beside a `$ref` (resolver §Extending: "the local keys alongside $ref MUST be treated
   * as overrides", shallowly): each replaces the top-level key of that name of these files.
   */
  overrides?: string[];
}

/**
 * The modifier of a collection's extended collections (docs/overrides.md §4): an empty default
 * context `base`, then one context per extension holding its overrides file.
 */
export function extensionModifier(
  parent: string,
  slug: string,
  extensions: { name: string; context: string; file: string }[],
): { slug: string; body: Ordered } {
  const contexts = new Ordered().set('base', []);
  for (const e of extensions) contexts.set(e.context, [new Ordered().set('$ref', e.file)]);
  const ours = new Ordered().set('extends', parent).set(
    'modes',
    [{ name: 'base', context: 'base' }, ...extensions].map((e) =>
      new Ordered().set('name', e.name).set('context', e.context),
    ),
  );
  return {
    slug,
    body: new Ordered()
      .set('contexts', contexts)
      .set('default', 'base')
      .set('$extensions', new Ordered().set(EXTENSION, ours)),
  };
}

/** A collection's own `hiddenFromPublishing`, written only when true (docs/token-files.md). */
function hidden(c: Collection, data: Ordered): Ordered {
  return c.hiddenFromPublishing ? data.set('hiddenFromPublishing', true) : data;
}

const hiddenOf = (ext: Record<string, unknown>): { hiddenFromPublishing?: true } =>
  ext['hiddenFromPublishing'] === true ? { hiddenFromPublishing: true } : {};

export function renderResolver(
  layouts: readonly CollectionLayout[],
  previous?: unknown,
  extensionModifiers: { slug: string; body: Ordered }[] = [],
): Json {
  const doc = new Ordered();
  doc.set('$schema', RESOLVER_SCHEMA);
  const prev = isObject(previous) ? previous : {};
  // A name or description the user gave the document survives a pull.
  doc.set('name', typeof prev['name'] === 'string' ? prev['name'] : 'tokens');
  doc.set('version', '2025.10');
  if (typeof prev['description'] === 'string') doc.set('description', prev['description']);
  const sets = new Ordered();
  const modifiers = new Ordered();
  const order: Json[] = [];
  for (const l of layouts) {
    const c = l.collection;
    const ext = (data: Ordered): Ordered => new Ordered().set(EXTENSION, data);
    if (c.modes.length === 1) {
      const mode = c.modes[0]!.name;
      sets.set(
        l.slug,
        new Ordered()
          .set('sources', [new Ordered().set('$ref', l.files.get(mode)!)])
          .set('$extensions', ext(hidden(c, new Ordered().set('collection', c.name).set('mode', mode)))),
      );
      order.push(new Ordered().set('$ref', `#/sets/${l.slug}`));
    } else {
      const contexts = new Ordered();
      for (const m of c.modes) contexts.set(l.contexts.get(m.name)!, [new Ordered().set('$ref', l.files.get(m.name)!)]);
      modifiers.set(
        l.slug,
        new Ordered()
          .set('contexts', contexts)
          .set('default', l.contexts.get(c.defaultMode)!)
          .set(
            '$extensions',
            ext(
              hidden(
                c,
                new Ordered().set('collection', c.name).set(
                  'modes',
                  c.modes.map((m) => new Ordered().set('name', m.name).set('context', l.contexts.get(m.name)!)),
                ),
              ),
            ),
          ),
      );
      order.push(new Ordered().set('$ref', `#/modifiers/${l.slug}`));
    }
  }
  for (const x of extensionModifiers) {
    modifiers.set(x.slug, x.body);
    order.push(new Ordered().set('$ref', `#/modifiers/${x.slug}`));
  }
  // Style sets (src/styles/resolver.ts) are the styles stage's: kept as they were, last.
  for (const [name, body] of Object.entries(isObject(prev['sets']) ? prev['sets'] : {})) {
    if (!isDesignOwnedSet(body) || sets.entries.has(name)) continue;
    sets.set(name, body as Json);
    order.push(new Ordered().set('$ref', `#/sets/${name}`));
  }
  if (sets.entries.size > 0) doc.set('sets', sets);
  if (modifiers.entries.size > 0) doc.set('modifiers', modifiers);
  doc.set('resolutionOrder', order);
  return doc;
}

/** Files of the document's style sets, which the token reader leaves to src/styles. */
export function designOwnedFiles(doc: unknown): string[] {
  const out: string[] = [];
  for (const body of designOwnedSets(doc)) {
    for (const src of Array.isArray((body as { sources?: unknown }).sources)
      ? (body as { sources: unknown[] }).sources
      : []) {
      if (isObject(src) && typeof src['$ref'] === 'string') out.push(src['$ref']);
    }
  }
  return out;
}

/** A problem in the resolver document, with the JSON path it concerns. */
export interface ResolverProblem {
  jsonPath: (string | number)[];
  message: string;
  hint: string;
  severity?: 'error' | 'warning';
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const REGENERATE =
  'Run `tokensync pull` to rewrite tokens.resolver.json, or fix it by hand (DTCG 2025.10 Resolver Module).';
// `$defs` MUST NOT be an error (resolver §$defs); tokensync ignores it.
const ROOT_KEYS = [
  '$schema',
  'name',
  'version',
  'description',
  'sets',
  'modifiers',
  'resolutionOrder',
  '$extensions',
  '$defs',
];

/**
 * Reads the collections back from a parsed resolver document (resolver/syntax.md); problems are
 * collected, not thrown. Every form of the module is read: sets and modifiers by `$ref` or inline in
 * `resolutionOrder`, several sources per set or context (files, `#/sets/..` references, inline
 * tokens), several modifiers, and `default` contexts.
 */
export function parseResolver(doc: unknown, problems: ResolverProblem[]): CollectionLayout[] {
  const fail = (jsonPath: (string | number)[], message: string, hint = REGENERATE): void => {
    problems.push({ jsonPath, message, hint });
  };
  if (!isObject(doc)) {
    fail([], 'the resolver document must be a JSON object');
    return [];
  }
  if (doc['version'] !== '2025.10')
    fail(
      ['version'],
      `the resolver "version" must be "2025.10", not ${JSON.stringify(doc['version']) ?? 'missing'}`,
      'Set "version": "2025.10".',
    );
  for (const k of Object.keys(doc)) {
    if (!ROOT_KEYS.includes(k))
      fail(
        [k],
        `the resolver document has no property "${k}"`,
        `Remove it; the root holds ${ROOT_KEYS.join(', ')} (resolver §Root level properties).`,
      );
  }
  for (const group of ['sets', 'modifiers'] as const) {
    if (doc[group] !== undefined && !isObject(doc[group]))
      fail([group], `"${group}" must be an object of named ${group}`, `Write "${group}": { "<name>": { ... } }.`);
  }
  const order = doc['resolutionOrder'];
  if (!Array.isArray(order)) {
    fail(['resolutionOrder'], 'the resolver has no "resolutionOrder" array');
    return [];
  }
  const ctx: DocContext = {
    doc,
    fail,
    warn: (jsonPath, message, hint = REGENERATE) => problems.push({ jsonPath, message, hint, severity: 'warning' }),
  };
  const layouts: CollectionLayout[] = [];
  const inlineNames = new Map<string, number>();
  order.forEach((item, index) => {
    let kind: 'set' | 'modifier';
    let name: string;
    let body: Record<string, unknown>;
    let at: (string | number)[];
    if (isObject(item) && typeof item['$ref'] === 'string') {
      const m = /^#\/(sets|modifiers)\/(.+)$/.exec(item['$ref']);
      const group = m?.[1] === 'sets' ? doc['sets'] : doc['modifiers'];
      const target = m?.[2] && isObject(group) ? group[unescapePointer(m[2])] : undefined;
      if (!m?.[2] || !isObject(target)) {
        fail(
          ['resolutionOrder', index, '$ref'],
          `"resolutionOrder" refers to ${item['$ref']}, which the document does not define`,
          'Point it at "#/sets/<name>" or "#/modifiers/<name>" of a set or modifier this document defines.',
        );
        return;
      }
      kind = m[1] === 'sets' ? 'set' : 'modifier';
      name = unescapePointer(m[2]);
      // resolver §Extending: keys beside `$ref` override the target's, shallowly.
      body =
        Object.keys(item).length > 1
          ? { ...target, ...Object.fromEntries(Object.entries(item).filter(([k]) => k !== '$ref')) }
          : target;
      at = [m[1] as string, name];
    } else if (
      isObject(item) &&
      (item['type'] === 'set' || item['type'] === 'modifier') &&
      typeof item['name'] === 'string'
    ) {
      // resolver §Inline sets and modifiers: `name` unique among the inline objects of resolutionOrder.
      kind = item['type'];
      name = item['name'];
      body = item;
      at = ['resolutionOrder', index];
      const other = inlineNames.get(name);
      if (other !== undefined) {
        fail(
          [...at, 'name'],
          `the name "${name}" is used twice in "resolutionOrder" (items ${other} and ${index})`,
          'Give every inline set and modifier its own name (resolver §Inline sets and modifiers).',
        );
        return;
      }
      inlineNames.set(name, index);
    } else if (isObject(item) && ('sources' in item || 'contexts' in item)) {
      fail(
        ['resolutionOrder', index],
        `an inline ${'contexts' in item ? 'modifier' : 'set'} needs "type" and "name"`,
        `Add "type": "${'contexts' in item ? 'modifier' : 'set'}" and a unique "name" (resolver §Inline sets and modifiers).`,
      );
      return;
    } else {
      fail(
        ['resolutionOrder', index],
        'each "resolutionOrder" item must be { "$ref": "#/sets/<name>" } or { "$ref": "#/modifiers/<name>" }, or an inline set or modifier with "type" and "name"',
      );
      return;
    }
    // A style set is design-owned: read by src/styles, not as a collection of variables.
    if (kind === 'set' && isDesignOwnedSet(body)) return;
    const layout = kind === 'set' ? parseSet(name, body, at, ctx) : parseModifier(name, body, at, ctx);
    if (layout) layouts.push(layout);
  });
  const seen = new Map<string, string>();
  for (const l of layouts) {
    const other = seen.get(l.collection.name);
    if (other !== undefined)
      fail(['resolutionOrder'], `collection "${l.collection.name}" is listed twice ("${other}" and "${l.slug}")`);
    seen.set(l.collection.name, l.slug);
  }
  return layouts;
}

type Fail = (jsonPath: (string | number)[], message: string, hint?: string) => void;
interface DocContext {
  doc: Record<string, unknown>;
  fail: Fail;
  warn: Fail;
}

const SOURCES_HINT =
  'Each source is { "$ref": "<file>.tokens.json" }, { "$ref": "#/sets/<name>" } or an object of inline tokens (resolver §Sets).';

/**
 * The sources of a set or a context in merge order. `#/sets/<name>` is replaced by that set's
 * sources (resolver §Modifiers: "equivalent to the sources being inlined"); a reference to a
 * modifier is refused ("a modifier MUST NOT reference any other modifier").
 */
function readSources(
  sources: unknown,
  at: (string | number)[],
  ctx: DocContext,
  seen: Set<string> = new Set(),
): TokenSource[] | undefined {
  if (!Array.isArray(sources)) {
    ctx.fail(at, `expected an array of sources, not ${JSON.stringify(sources) ?? 'nothing'}`, SOURCES_HINT);
    return undefined;
  }
  const out: TokenSource[] = [];
  for (const [i, src] of sources.entries()) {
    const here = [...at, i];
    if (!isObject(src)) {
      ctx.fail(here, `a source must be an object, not ${JSON.stringify(src)}`, SOURCES_HINT);
      return undefined;
    }
    const ref = src['$ref'];
    if (ref === undefined) {
      out.push({ file: RESOLVER_FILE, at: here });
      continue;
    }
    if (typeof ref !== 'string') {
      ctx.fail([...here, '$ref'], `"$ref" must be a string, not ${JSON.stringify(ref)}`, SOURCES_HINT);
      return undefined;
    }
    const siblings = Object.keys(src).filter((k) => k !== '$ref');
    const overrideOf = (refd: TokenSource[]): TokenSource[] =>
      siblings.length === 0
        ? []
        : [{ file: RESOLVER_FILE, at: here, overrides: refd.filter((s) => s.at === undefined).map((s) => s.file) }];
    if (ref.startsWith('#')) {
      const m = /^#\/(sets|modifiers)\/(.+)$/.exec(ref);
      if (m?.[1] === 'modifiers') {
        ctx.fail(
          [...here, '$ref'],
          `a source cannot refer to a modifier (${ref})`,
          'Refer to a set ("#/sets/<name>") or a file; a modifier MUST NOT reference another modifier (resolver §Contexts).',
        );
        return undefined;
      }
      const name = m?.[2] ? unescapePointer(m[2]) : undefined;
      const sets = ctx.doc['sets'];
      const set = name !== undefined && isObject(sets) ? sets[name] : undefined;
      if (name === undefined || !isObject(set)) {
        ctx.fail(
          [...here, '$ref'],
          `${ref} is not a set this document defines`,
          'Point it at "#/sets/<name>" of a set under "sets".',
        );
        return undefined;
      }
      if (seen.has(name)) {
        ctx.fail(
          [...here, '$ref'],
          `the set "${name}" includes itself through ${ref}`,
          'Remove the circular reference.',
        );
        return undefined;
      }
      const inner = readSources(set['sources'], ['sets', name, 'sources'], ctx, new Set([...seen, name]));
      if (!inner) return undefined;
      out.push(...inner, ...overrideOf(inner));
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.split('/').includes('..') || ref.startsWith('/') || ref.includes('#')) {
      ctx.fail(
        [...here, '$ref'],
        `"${ref}" is not a file inside the tokens folder`,
        'Give the path of a token file relative to tokens.resolver.json, inside the tokens folder (no URL, no "..", no fragment).',
      );
      return undefined;
    }
    const file = { file: ref.replace(/^\.\//, '') };
    out.push(file, ...overrideOf([file]));
  }
  return out;
}

/** The one file of a mode when its sources are exactly one file (tokensync's own layout). */
function onlyFile(sources: TokenSource[]): string | undefined {
  return sources.length === 1 && sources[0]!.at === undefined ? sources[0]!.file : undefined;
}

function extensionOf(body: Record<string, unknown>): Record<string, unknown> {
  const exts = body['$extensions'];
  const ours = isObject(exts) ? exts[EXTENSION] : undefined;
  return isObject(ours) ? ours : {};
}

const baseName = (file: string): string => (file.split('/').pop() ?? file).replace(/\.tokens\.json$|\.json$/, '');

function parseSet(
  name: string,
  body: Record<string, unknown>,
  at: (string | number)[],
  ctx: DocContext,
): CollectionLayout | undefined {
  if (!('sources' in body)) {
    const typo = Object.keys(body).find((k) => didYouMean(k, ['sources']) !== undefined);
    ctx.fail(
      typo ? [...at, typo] : at,
      `set "${name}" has no "sources"${typo ? ` (did you mean "sources" for "${typo}"?)` : ''}`,
      'A set MUST contain a "sources" array (resolver §Sets).',
    );
    return undefined;
  }
  const sources = readSources(body['sources'], [...at, 'sources'], ctx);
  if (sources === undefined) return undefined;
  const ext = extensionOf(body);
  const collectionName = typeof ext['collection'] === 'string' ? ext['collection'] : name;
  const single = onlyFile(sources);
  const lastFile = [...sources].reverse().find((s) => s.at === undefined)?.file;
  const mode = typeof ext['mode'] === 'string' ? ext['mode'] : single !== undefined ? baseName(single) : 'Value';
  const layout: CollectionLayout = {
    collection: { name: collectionName, modes: [{ name: mode }], defaultMode: mode, ...hiddenOf(ext) },
    slug: name,
    files: new Map([[mode, single ?? lastFile ?? RESOLVER_FILE]]),
    contexts: new Map([[mode, mode]]),
    kind: 'set',
  };
  if (typeof ext['collection'] === 'string') layout.declared = true;
  if (single === undefined) layout.sources = new Map([[mode, sources]]);
  return layout;
}

function parseModifier(
  name: string,
  body: Record<string, unknown>,
  at: (string | number)[],
  ctx: DocContext,
): CollectionLayout | undefined {
  const contexts = body['contexts'];
  if (!isObject(contexts) || Object.keys(contexts).length === 0) {
    const typo =
      contexts === undefined ? Object.keys(body).find((k) => didYouMean(k, ['contexts']) !== undefined) : undefined;
    ctx.fail(
      typo ? [...at, typo] : [...at, 'contexts'],
      `modifier "${name}" has no contexts${typo ? ` (did you mean "contexts" for "${typo}"?)` : ''}`,
      'Give the modifier one context per mode, e.g. "contexts": { "light": [{ "$ref": "semantic/light.tokens.json" }] }.',
    );
    return undefined;
  }
  if (Object.keys(contexts).length === 1) {
    // resolver §Contexts: "Tools SHOULD throw an error for modifiers with only 1 context"; read as a
    // warning, since the one context is still a valid mode.
    ctx.warn(
      [...at, 'contexts'],
      `modifier "${name}" has only one context`,
      'Make it a set (one context is the equivalent of a set), or add the other contexts (resolver §Contexts).',
    );
  }
  const ext = extensionOf(body);
  const collectionName = typeof ext['collection'] === 'string' ? ext['collection'] : name;
  // Mode order and true names from our extension when it is intact, else the contexts as written.
  let modes: { name: string; context: string }[] = Object.keys(contexts).map((c) => ({ name: c, context: c }));
  const extModes = ext['modes'];
  if (
    Array.isArray(extModes) &&
    extModes.length === modes.length &&
    extModes.every(
      (m) =>
        isObject(m) && typeof m['name'] === 'string' && typeof m['context'] === 'string' && m['context'] in contexts,
    )
  ) {
    modes = extModes.map((m) => ({
      name: String((m as Record<string, unknown>)['name']),
      context: String((m as Record<string, unknown>)['context']),
    }));
  }
  const files = new Map<string, string>();
  const contextOf = new Map<string, string>();
  const all = new Map<string, TokenSource[]>();
  let merged = false;
  for (const m of modes) {
    const sources = readSources(contexts[m.context], [...at, 'contexts', m.context], ctx);
    if (sources === undefined) return undefined;
    const single = onlyFile(sources);
    if (single === undefined) merged = true;
    files.set(m.name, single ?? [...sources].reverse().find((s) => s.at === undefined)?.file ?? RESOLVER_FILE);
    all.set(m.name, sources);
    contextOf.set(m.name, m.context);
  }
  const def = body['default'];
  let defaultMode = modes[0]!.name;
  if (def !== undefined) {
    const m = modes.find((x) => x.context === def);
    if (!m) {
      ctx.fail(
        [...at, 'default'],
        `modifier "${name}" has default ${JSON.stringify(def)}, which is not one of its contexts`,
        `Set "default" to one of ${modes.map((x) => `"${x.context}"`).join(', ')}.`,
      );
      return undefined;
    }
    defaultMode = m.name;
  }
  const layout: CollectionLayout = {
    collection: { name: collectionName, modes: modes.map((m) => ({ name: m.name })), defaultMode, ...hiddenOf(ext) },
    slug: name,
    files,
    contexts: contextOf,
    kind: 'modifier',
  };
  if (typeof ext['collection'] === 'string') layout.declared = true;
  if (typeof ext['extends'] === 'string') layout.extends = ext['extends'];
  if (merged) layout.sources = all;
  return layout;
}

/** RFC 6901: `~1` is `/`, `~0` is `~`. */
export function unescapePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}
