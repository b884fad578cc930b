/**
 * `tokens/tokens.resolver.json`: a DTCG 2025.10 Resolver Module document (DESIGN.md "Files in the
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
import { Ordered, type Json } from './json-write.js';
import { isDesignOwnedSet } from '../styles/owner.js';

export const RESOLVER_FILE = 'tokens.resolver.json';
export const RESOLVER_SCHEMA = 'https://www.designtokens.org/schemas/2025.10/resolver.json';
export const EXTENSION = 'dev.tokensync';

/** Where a collection lives on disk. */
export interface CollectionLayout {
  collection: Collection;
  /** Set or modifier name; also the folder and, with namespace `collection`, the top-level group. */
  slug: string;
  /** Mode name -> file path relative to the tokens folder (`semantic/dark.tokens.json`). */
  files: Map<string, string>;
  /** Mode name -> context name (slug). */
  contexts: Map<string, string>;
}

export function renderResolver(layouts: readonly CollectionLayout[], previous?: unknown): Json {
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
          .set('$extensions', ext(new Ordered().set('collection', c.name).set('mode', mode))),
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
              new Ordered()
                .set('collection', c.name)
                .set('modes', c.modes.map((m) => new Ordered().set('name', m.name).set('context', l.contexts.get(m.name)!))),
            ),
          ),
      );
      order.push(new Ordered().set('$ref', `#/modifiers/${l.slug}`));
    }
  }
  // Style sets (issue 13, src/styles/resolver.ts) are the styles stage's: kept as they were, last.
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

/** Files of the document's style sets (issue 13), which the token reader leaves to src/styles. */
export function designOwnedFiles(doc: unknown): string[] {
  const sets = isObject(doc) && isObject(doc['sets']) ? doc['sets'] : {};
  const out: string[] = [];
  for (const body of Object.values(sets)) {
    if (!isDesignOwnedSet(body)) continue;
    for (const src of (body as { sources?: unknown }).sources instanceof Array ? ((body as { sources: unknown[] }).sources) : []) {
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
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const REGENERATE = 'Run `tokensync pull` to rewrite tokens.resolver.json, or fix it by hand (DTCG 2025.10 Resolver Module).';

/** Reads the collections back from a parsed resolver document; problems are collected, not thrown. */
export function parseResolver(doc: unknown, problems: ResolverProblem[]): CollectionLayout[] {
  const fail = (jsonPath: (string | number)[], message: string, hint = REGENERATE): void => {
    problems.push({ jsonPath, message, hint });
  };
  if (!isObject(doc)) {
    fail([], 'the resolver document must be a JSON object');
    return [];
  }
  if (doc['version'] !== '2025.10') fail(['version'], `the resolver "version" must be "2025.10", not ${JSON.stringify(doc['version']) ?? 'missing'}`, 'Set "version": "2025.10".');
  const order = doc['resolutionOrder'];
  if (!Array.isArray(order)) {
    fail(['resolutionOrder'], 'the resolver has no "resolutionOrder" array');
    return [];
  }
  const layouts: CollectionLayout[] = [];
  order.forEach((item, index) => {
    let kind: 'set' | 'modifier';
    let name: string;
    let body: unknown;
    let at: (string | number)[];
    if (isObject(item) && typeof item['$ref'] === 'string') {
      const m = /^#\/(sets|modifiers)\/(.+)$/.exec(item['$ref']);
      const group = m?.[1] === 'sets' ? doc['sets'] : doc['modifiers'];
      if (!m?.[2] || !isObject(group) || !isObject(group[unescapePointer(m[2])])) {
        fail(['resolutionOrder', index], `"resolutionOrder" refers to ${item['$ref']}, which the document does not define`);
        return;
      }
      kind = m[1] === 'sets' ? 'set' : 'modifier';
      name = unescapePointer(m[2]);
      body = group[name];
      at = [m[1] as string, name];
    } else if (isObject(item) && (item['type'] === 'set' || item['type'] === 'modifier') && typeof item['name'] === 'string') {
      kind = item['type'];
      name = item['name'];
      body = item;
      at = ['resolutionOrder', index];
    } else {
      fail(['resolutionOrder', index], 'each "resolutionOrder" item must be { "$ref": "#/sets/<name>" } or { "$ref": "#/modifiers/<name>" }');
      return;
    }
    // A style set is design-owned (issue 13): read by src/styles, not as a collection of variables.
    if (kind === 'set' && isDesignOwnedSet(body)) return;
    const layout = kind === 'set' ? parseSet(name, body as Record<string, unknown>, at, fail) : parseModifier(name, body as Record<string, unknown>, at, fail);
    if (layout) layouts.push(layout);
  });
  const seen = new Map<string, string>();
  for (const l of layouts) {
    const other = seen.get(l.collection.name);
    if (other !== undefined) fail(['resolutionOrder'], `collection "${l.collection.name}" is listed twice ("${other}" and "${l.slug}")`);
    seen.set(l.collection.name, l.slug);
  }
  return layouts;
}

type Fail = (jsonPath: (string | number)[], message: string, hint?: string) => void;

function singleFile(sources: unknown, at: (string | number)[], fail: Fail): string | undefined {
  const hint = 'tokensync keeps one file per collection and mode: give it exactly one source, { "$ref": "<folder>/<mode>.tokens.json" }.';
  if (!Array.isArray(sources) || sources.length !== 1 || !isObject(sources[0]) || typeof sources[0]['$ref'] !== 'string') {
    fail(at, 'expected exactly one source of the form { "$ref": "<file>" }', hint);
    return undefined;
  }
  const ref = sources[0]['$ref'];
  if (ref.startsWith('#') || ref.includes('#') || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.split('/').includes('..') || ref.startsWith('/')) {
    fail([...at, 0, '$ref'], `"${ref}" is not a file inside the tokens folder`, hint);
    return undefined;
  }
  return ref.replace(/^\.\//, '');
}

function extensionOf(body: Record<string, unknown>): Record<string, unknown> {
  const exts = body['$extensions'];
  const ours = isObject(exts) ? exts[EXTENSION] : undefined;
  return isObject(ours) ? ours : {};
}

function parseSet(name: string, body: Record<string, unknown>, at: (string | number)[], fail: Fail): CollectionLayout | undefined {
  const file = singleFile(body['sources'], [...at, 'sources'], fail);
  if (file === undefined) return undefined;
  const ext = extensionOf(body);
  const collectionName = typeof ext['collection'] === 'string' ? ext['collection'] : name;
  const mode = typeof ext['mode'] === 'string' ? ext['mode'] : (file.split('/').pop() ?? file).replace(/\.tokens\.json$|\.json$/, '');
  return {
    collection: { name: collectionName, modes: [{ name: mode }], defaultMode: mode },
    slug: name,
    files: new Map([[mode, file]]),
    contexts: new Map([[mode, mode]]),
  };
}

function parseModifier(name: string, body: Record<string, unknown>, at: (string | number)[], fail: Fail): CollectionLayout | undefined {
  const contexts = body['contexts'];
  if (!isObject(contexts) || Object.keys(contexts).length === 0) {
    fail([...at, 'contexts'], `modifier "${name}" has no contexts`, 'Give the modifier one context per mode, e.g. "contexts": { "light": [{ "$ref": "semantic/light.tokens.json" }] }.');
    return undefined;
  }
  const ext = extensionOf(body);
  const collectionName = typeof ext['collection'] === 'string' ? ext['collection'] : name;
  // Mode order and true names from our extension when it is intact, else the contexts as written.
  let modes: { name: string; context: string }[] = Object.keys(contexts).map((c) => ({ name: c, context: c }));
  const extModes = ext['modes'];
  if (
    Array.isArray(extModes) &&
    extModes.length === modes.length &&
    extModes.every((m) => isObject(m) && typeof m['name'] === 'string' && typeof m['context'] === 'string' && m['context'] in contexts)
  ) {
    modes = extModes.map((m) => ({ name: String((m as Record<string, unknown>)['name']), context: String((m as Record<string, unknown>)['context']) }));
  }
  const files = new Map<string, string>();
  const contextOf = new Map<string, string>();
  for (const m of modes) {
    const file = singleFile(contexts[m.context], [...at, 'contexts', m.context], fail);
    if (file === undefined) return undefined;
    files.set(m.name, file);
    contextOf.set(m.name, m.context);
  }
  const def = body['default'];
  let defaultMode = modes[0]!.name;
  if (def !== undefined) {
    const m = modes.find((x) => x.context === def);
    if (!m) {
      fail([...at, 'default'], `modifier "${name}" has default ${JSON.stringify(def)}, which is not one of its contexts`, `Set "default" to one of ${modes.map((x) => `"${x.context}"`).join(', ')}.`);
      return undefined;
    }
    defaultMode = m.name;
  }
  return { collection: { name: collectionName, modes: modes.map((m) => ({ name: m.name })), defaultMode }, slug: name, files, contexts: contextOf };
}

/** RFC 6901: `~1` is `/`, `~0` is `~`. */
function unescapePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}
