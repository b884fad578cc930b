/**
 * Stage 2, gather: one source's JSON into tokens keyed by variable name (format design-token.md,
 * groups.md). Group and token properties are checked where they are written: an unknown `$` key
 * (`"$valu"`, `"$tpye"`) is an error at that key with "did you mean", not a flood of
 * broken aliases elsewhere. Group extension (`$extends`, or `$ref` to a group), JSON pointer
 * references (`$ref`, format aliases.md) and `$root` tokens are resolved here, inside the source.
 */
import { posix } from 'node:path';
import { didYouMean } from '../../types/common.js';
import { EXTENSION, isObject, unescapePointer } from '../resolver-doc.js';
import { childOf, hasMark, unmark, unmarkDeep } from './parse.js';
import type { Problem } from './problems.js';

/** A token as found in one source. */
export interface RawToken {
  /** Variable name (slash path, without the namespace group). */
  name: string;
  /** Dotted DTCG path as written (with the namespace group). */
  dotted: string;
  /** JSON path of the group holding it (shared by its siblings) and its key: see `pathOf`. */
  group: (string | number)[];
  key: string;
  /** The source it was read from (relative to the tokens folder). */
  file: string;
  type: string | undefined;
  value: unknown;
  description: string;
  scopes: unknown;
  /** The `dev.tokensync` extension object: the kept service fields (service-meta.ts), and what a type module reads beside `$value` (TypeModule `extension`). */
  ours: Record<string, unknown> | undefined;
  /** format §Deprecated, inherited from groups. */
  deprecated: boolean | string | undefined;
  /**
   * A `$root` token (groups.md "Root Tokens in Groups"). Inside a group it is the variable named by the
   * group's path (a variable that is also a group, docs/token-files.md "A variable that is also a
   * group"); at the top of a file no variable name can hold it.
   */
  root: boolean;
  /** A problem was already reported at the token itself (an unknown property, a bad pointer). */
  broken: boolean;
}

/** A token's JSON path, and below it: built only for a problem (not stored per token). */
export const pathOf = (t: RawToken, ...below: (string | number)[]): (string | number)[] => [
  ...t.group,
  t.key,
  ...below,
];

const RESERVED = /[.{}]/;
const TOKEN_PROPS = ['$value', '$type', '$description', '$extensions', '$deprecated'];
const GROUP_PROPS = ['$type', '$description', '$extensions', '$deprecated', '$extends', '$root', '$ref'];

/** One source's walk: where tokens go, the source, its key mark, the document root, problems. */
interface Walk {
  out: Map<string, RawToken>;
  file: string;
  mark: number;
  problems: Problem[];
  /** The document (for `$extends` and `$ref` targets); undefined when the source has none. */
  root: Record<string, unknown> | undefined;
  /** JSON path of `root` inside the file (inline tokens of a resolver). */
  rootPath: (string | number)[];
  /** Whether the walk must look for `$ref` at all (parse.ts `refs`). */
  refs: boolean;
  /** Group extension in progress, for cycles. */
  extending: string[];
  /** Cycles already reported (each once, not once per group on it). */
  cycles: Set<string>;
  /** The other documents the set reads with this one, where a target not found here is looked up. */
  others: Doc[];
  /** Every token file the set reads, by path, for a `$ref` that names its file (`file.tokens.json#/…`). */
  docs: ReadonlyMap<string, { json: unknown; mark: number }> | undefined;
}

/** A document a pointer or group reference can lead into; `mark` as parse.ts gives it. */
export interface Doc {
  file: string;
  json: unknown;
  mark: number;
}

/**
 * Walks one source; tokens keyed by variable name, into `out` (a later source of the same mode
 * overrides an earlier one: resolver §Sets "the last occurrence ... will be the final value").
 */
export function collectTokens(
  json: unknown,
  opts: {
    file: string;
    mark: number;
    refs: boolean;
    at?: (string | number)[];
    slug: string;
    namespaced: boolean;
    /** Other documents of the merged set, in the order a target is looked up there (index.ts). */
    others?: Doc[];
    docs?: ReadonlyMap<string, { json: unknown; mark: number }>;
  },
  out: Map<string, RawToken>,
  problems: Problem[],
): void {
  const { file, mark, slug, namespaced } = opts;
  const at = opts.at ?? [];
  if (!isObject(json)) {
    problems.push({
      severity: 'error',
      file,
      ...(at.length > 0 ? { jsonPath: at } : { offset: 0 }),
      message: 'a token file must hold a JSON object',
      hint: 'Wrap the tokens in { }.',
    });
    return;
  }
  let start: Record<string, unknown> = json;
  let startPath: (string | number)[] = at;
  if (namespaced) {
    for (const marked of Object.keys(json)) {
      const key = unmark(marked, mark);
      if (key !== slug && !key.startsWith('$')) {
        problems.push({
          severity: 'error',
          file,
          jsonPath: [...at, key],
          at: 'key',
          tokenPath: key,
          message: `with tokens.namespace: collection, every token of this file sits under the group "${slug}"`,
          hint: `Move "${key}" inside "${slug}", or set tokens.namespace: none.`,
        });
      }
    }
    // Last occurrence wins, as in JSON.parse (a slug like "2024" is marked in an ordered parse).
    let inner: unknown;
    for (const marked of Object.keys(json)) if (unmark(marked, mark) === slug) inner = json[marked];
    if (!isObject(inner)) return;
    start = inner;
    startPath = [...at, slug];
  }
  const w: Walk = {
    out,
    file,
    mark,
    problems,
    root: json,
    rootPath: at,
    refs: opts.refs,
    extending: [],
    cycles: new Set(),
    others: opts.others ?? [],
    docs: opts.docs,
  };
  const rootType = typeof json['$type'] === 'string' ? json['$type'] : undefined;
  checkGroupProps(w, json, at, true);
  if (start !== json) checkGroupProps(w, start, startPath, false);
  const before = problems.length;
  const resolved = resolveGroup(w, start, startPath, namespaced ? slug : '');
  walkGroup(
    w,
    resolved,
    startPath,
    namespaced ? `${slug}.` : '',
    '',
    typeof start['$type'] === 'string' ? start['$type'] : rootType,
    groupDeprecation(json, undefined),
    problems.length > before,
  );
}

function groupDeprecation(
  group: Record<string, unknown>,
  inherited: boolean | string | undefined,
): boolean | string | undefined {
  const d = group['$deprecated'];
  return typeof d === 'boolean' || typeof d === 'string' ? d : inherited;
}

/** The `$` keys of a group: known ones with the right shape, unknown ones with "did you mean". */
function checkGroupProps(
  w: Walk,
  group: Record<string, unknown>,
  jsonPath: (string | number)[],
  isFileRoot: boolean,
): void {
  for (const k in group) {
    if (k.charCodeAt(0) !== 36 /* $ */) continue;
    const v = group[k];
    if (k === '$schema' && isFileRoot) continue;
    if (!GROUP_PROPS.includes(k)) {
      const hasChildren = Object.keys(group).some((x) => !x.startsWith('$'));
      const guess = didYouMean(k, hasChildren ? GROUP_PROPS : [...TOKEN_PROPS, ...GROUP_PROPS]);
      w.problems.push({
        severity: 'error',
        file: w.file,
        jsonPath: [...jsonPath, k],
        at: 'key',
        message: `unknown property "${k}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
        hint: guess
          ? `Rename it to "${guess}".`
          : `Remove it: names starting with "$" are reserved for the format's properties (${[...TOKEN_PROPS, ...GROUP_PROPS].filter((x, i, a) => a.indexOf(x) === i).join(', ')}); put your own data under "$extensions".`,
      });
      continue;
    }
    checkPropShape(w, k, v, [...jsonPath, k]);
  }
}

function checkPropShape(w: Walk, k: string, v: unknown, jsonPath: (string | number)[], tokenPath?: string): void {
  const bad = (message: string, hint: string): void => {
    w.problems.push({
      severity: 'error',
      file: w.file,
      jsonPath,
      ...(tokenPath !== undefined ? { tokenPath } : {}),
      message,
      hint,
    });
  };
  if (k === '$type' && typeof v !== 'string')
    bad(`"$type" must be a string, not ${JSON.stringify(v)}`, 'Write the type name, e.g. "$type": "color".');
  else if (k === '$description' && typeof v !== 'string')
    bad(`"$description" must be a string, not ${JSON.stringify(v)}`, 'Write the description as plain text.');
  else if (k === '$deprecated' && typeof v !== 'boolean' && typeof v !== 'string')
    bad(
      `"$deprecated" must be true, false or an explanation, not ${JSON.stringify(v)}`,
      'Write "$deprecated": true, or a string saying what to use instead.',
    );
  else if (k === '$extensions' && !isObject(v))
    bad(
      `"$extensions" must be an object keyed by vendor, not ${JSON.stringify(v)}`,
      'Write e.g. "$extensions": { "com.example": { ... } }.',
    );
}

/**
 * A group with its `$extends` (or `$ref` to a group) applied: groups.md "Extending Groups", a deep
 * merge where local tokens and properties replace inherited ones at the same path. The target is a
 * group of the same source; cycles and unknown targets are refused.
 */
function resolveGroup(
  w: Walk,
  group: Record<string, unknown>,
  jsonPath: (string | number)[],
  dotted: string,
): Record<string, unknown> {
  const ext = group['$extends'];
  const ref = w.refs ? group['$ref'] : undefined;
  if (ext === undefined && ref === undefined) return group;
  const key = ext !== undefined ? '$extends' : '$ref';
  const target = locateGroup(w, ext !== undefined ? ext : ref, [...jsonPath, key], dotted, key);
  if (!target) return group;
  const merged = mergeGroups(target, group, w.mark);
  return merged;
}

function locateGroup(
  w: Walk,
  raw: unknown,
  jsonPath: (string | number)[],
  self: string,
  key: string,
): Record<string, unknown> | undefined {
  const fail = (message: string, hint: string): undefined => {
    w.problems.push({ severity: 'error', file: w.file, jsonPath, ...(self ? { tokenPath: self } : {}), message, hint });
    return undefined;
  };
  let segments: string[] | undefined;
  let fileRef: string | undefined;
  if (typeof raw === 'string' && /^\{[^{}]+\}$/.test(raw)) segments = raw.slice(1, -1).split('.');
  else if (typeof raw === 'string') {
    const split = splitRef(raw);
    if (split.pointer.startsWith('#/') && !/^[a-z][a-z0-9+.-]*:/i.test(split.fileRef ?? '')) {
      segments = split.pointer.slice(2).split('/').map(unescapePointer);
      fileRef = split.fileRef;
    }
  }
  if (!segments)
    return fail(
      `"${key}" must be a reference to a group, "{group.path}", "#/group/path" or "file.tokens.json#/group/path", not ${JSON.stringify(raw)}`,
      'Point it at a group of the token files (groups.md "Extending Groups").',
    );
  const target = segments.join('.');
  if (w.extending.includes(target) || target === self) {
    const members = [...w.extending, self].filter(Boolean);
    const id = [...members].sort().join('\u0000');
    if (w.cycles.has(id)) return undefined;
    w.cycles.add(id);
    return fail(
      `"${key}" makes a cycle: ${[...w.extending, self].filter(Boolean).join(' -> ')} -> ${target}`,
      'Groups MUST NOT extend themselves, directly or through others (groups.md "Circular Reference Prevention"); remove one "$extends".',
    );
  }
  const docs = candidates(w, fileRef);
  if (typeof docs === 'string')
    return fail(
      `"${key}" points into ${docs}, which the token set does not read`,
      'Point it at a token file the set reads (one tokens.resolver.json lists, or any *.tokens.json of a folder without one), by a path relative to this file.',
    );
  const found =
    docs.map((d) => groupIn(d, segments, w.mark)).find((g) => isObject(g.node)) ?? groupIn(docs[0]!, segments, w.mark);
  const { node, inheritedType } = found;
  if (!isObject(node))
    return fail(
      `"${key}" points to ${raw as string}, which is no group of the token files`,
      'Point it at an existing group: of this file, of the other files the set reads with it, or of a file named before "#".',
    );
  if ('$value' in node)
    return fail(
      `"${key}" points to ${raw as string}, which is a token, not a group`,
      '"$extends" MUST NOT reference a token (groups.md "Extending Groups"); point it at a group, or use an alias for a token.',
    );
  // The target's own extension first (chains), with the cycle guard.
  w.extending.push(self);
  const resolved = resolveGroup(w, node, [...w.rootPath, ...segments], target);
  w.extending.pop();
  if (typeof resolved['$type'] !== 'string' && typeof inheritedType === 'string')
    return { $type: inheritedType, ...resolved };
  return resolved;
}

/** The node at a group path of one document, and the `$type` the groups above it pass down. */
function groupIn(doc: Doc, segments: string[], mark: number): { node: unknown; inheritedType: unknown } {
  let node: unknown = doc.json;
  let inheritedType: unknown;
  for (const s of segments) {
    if (!isObject(node)) break;
    if (typeof node['$type'] === 'string') inheritedType = node['$type'];
    node = childOf(node, s, doc.mark);
  }
  // Another document's marks (parse.ts) are not this walk's: its keys are read as written.
  if (doc.mark >= 0 && doc.mark !== mark && isObject(node) && hasMark(node, doc.mark))
    node = unmarkDeep(node, doc.mark);
  return { node, inheritedType };
}

/** Deep merge of groups.md "Inheritance Semantics": tokens replace whole, groups merge. */
function mergeGroups(
  base: Record<string, unknown>,
  local: Record<string, unknown>,
  mark: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in base) if (k !== '$extends' && k !== '$ref') out[k] = base[k];
  for (const k in local) {
    if (k === '$extends' || k === '$ref') continue;
    const l = local[k];
    const b = out[k] ?? (mark >= 0 ? out[String.fromCharCode(mark) + unmark(k, mark)] : undefined);
    if (!k.startsWith('$') && isObject(l) && isObject(b) && !('$value' in l) && !('$value' in b))
      out[k] = mergeGroups(b, l, mark);
    else out[k] = l;
  }
  return out;
}

/**
 * Tokens of a group and the groups below it. Top-level rather than a closure in collectTokens: V8
 * optimizes a closure anew for each file, which cost ~40 ms of compiling per file at 10k x 2.
 * `dotPrefix` and `namePrefix`: the group's dotted path and variable name, each with its separator.
 */
function walkGroup(
  w: Walk,
  group: Record<string, unknown>,
  jsonPath: (string | number)[],
  dotPrefix: string,
  namePrefix: string,
  groupType: string | undefined,
  deprecated: boolean | string | undefined,
  /** The group's extension failed (reported): its tokens are incomplete, so say nothing more of them. */
  muted: boolean,
): void {
  for (const marked in group) {
    const first = marked.charCodeAt(0);
    if (first === 36 /* $ */ && marked !== '$root') continue; // group properties: checkGroupProps
    const node = group[marked];
    const key = first === 36 ? marked : unmark(marked, w.mark);
    const dotted = dotPrefix + key;
    if (!isTokenOrGroup(w, node, jsonPath, key, dotted)) continue;
    let tok: Record<string, unknown> = node;
    if (!('$value' in node)) {
      const pointer = pointerToken(w, node);
      if (pointer === undefined) {
        walkSubgroup(w, node, jsonPath, key, dotted, namePrefix, groupType, deprecated, muted);
        continue;
      }
      tok = pointer;
    }
    const before = w.problems.length;
    checkTokenKeys(w, tok, jsonPath, key, dotted);
    addToken(w, tok, jsonPath, key, dotted, namePrefix, groupType, deprecated, muted, before);
  }
}

/** An object with a name DTCG allows, or reported (and skipped). */
function isTokenOrGroup(
  w: Walk,
  node: unknown,
  jsonPath: (string | number)[],
  key: string,
  dotted: string,
): node is Record<string, unknown> {
  const problem = !isObject(node)
    ? {
        message: `"${key}" is neither a token (an object with "$value") nor a group`,
        hint: `Write it as { "$type": "...", "$value": ${JSON.stringify(node)} }.`,
      }
    : RESERVED.test(key)
      ? {
          message: `the name "${key}" contains ".", "{" or "}", which DTCG reserves for paths and aliases`,
          hint: 'Rename it without those characters (use "-" or a nested group).',
        }
      : undefined;
  if (problem === undefined) return true;
  w.problems.push({
    severity: 'error',
    file: w.file,
    jsonPath: [...jsonPath, key],
    at: 'key',
    tokenPath: dotted,
    ...problem,
  });
  return false;
}

/**
 * A token written as a JSON pointer (format aliases.md "JSON Pointer Syntax"): to another token,
 * "making semantic.primary an alias"; into a value, that sub-value (expandPointers). Undefined: a group.
 */
function pointerToken(w: Walk, node: Record<string, unknown>): Record<string, unknown> | undefined {
  const kind = w.refs && typeof node['$ref'] === 'string' ? tokenPointer(w, node['$ref']) : undefined;
  if (kind === undefined) return undefined;
  const ref = node['$ref'] as string;
  const token: Record<string, unknown> = {
    ...node,
    $value: kind === 'alias' ? `{${pointerSegments(ref)!.join('.')}}` : { $ref: ref },
  };
  delete token['$ref'];
  return token;
}

/** A group below this one: its properties checked, its extension resolved, its tokens walked. */
function walkSubgroup(
  w: Walk,
  node: Record<string, unknown>,
  jsonPath: (string | number)[],
  key: string,
  dotted: string,
  namePrefix: string,
  groupType: string | undefined,
  deprecated: boolean | string | undefined,
  muted: boolean,
): void {
  const { problems } = w;
  if (key === '$root') {
    problems.push({
      severity: 'error',
      file: w.file,
      jsonPath: [...jsonPath, key],
      at: 'key',
      tokenPath: dotted,
      message: '"$root" must be a token (an object with "$value")',
      hint: 'Give it a "$value", or remove it (groups.md "Root Tokens in Groups").',
    });
    return;
  }
  // One path array for the group (its tokens keep it as their `group`; nothing writes into it).
  const here = [...jsonPath, key];
  checkGroupProps(w, node, here, false);
  const before = problems.length;
  const g = resolveGroup(w, node, here, dotted);
  walkGroup(
    w,
    g,
    here,
    `${dotted}.`,
    `${namePrefix}${key}/`,
    typeof g['$type'] === 'string' ? g['$type'] : groupType,
    groupDeprecation(g, deprecated),
    muted || problems.length > before,
  );
}

/** A token's own keys: no child tokens, only DTCG's properties, each of its shape (reported). */
function checkTokenKeys(
  w: Walk,
  tok: Record<string, unknown>,
  jsonPath: (string | number)[],
  key: string,
  dotted: string,
): void {
  const { file, problems } = w;
  for (const k in tok) {
    if (k.charCodeAt(0) !== 36 /* $ */) {
      const child = unmark(k, w.mark);
      problems.push({
        severity: 'error',
        file,
        jsonPath: [...jsonPath, key, child],
        at: 'key',
        tokenPath: dotted,
        message: `the token ${dotted} also has child "${child}"; a token cannot be a group`,
        hint: `Move "${child}" out of the token, or rename one of them (a variable name cannot be both "a/b" and "a/b/c").`,
      });
      return;
    }
    // The common keys first, without a list search (this runs for every key of every token: docs/benchmarks.md).
    const v = tok[k];
    if (k === '$value' || (k === '$type' && typeof v === 'string') || (k === '$description' && typeof v === 'string'))
      continue;
    if (k === '$extensions' && typeof v === 'object' && v !== null && !Array.isArray(v)) continue;
    if (!TOKEN_PROPS.includes(k)) {
      const guess = didYouMean(k, TOKEN_PROPS);
      problems.push({
        severity: 'error',
        file,
        jsonPath: [...jsonPath, key, k],
        at: 'key',
        tokenPath: dotted,
        message: `unknown property "${k}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
        hint: guess
          ? `Rename it to "${guess}".`
          : `Remove it: a token holds ${TOKEN_PROPS.join(', ')}; put your own data under "$extensions".`,
      });
    } else {
      checkPropShape(w, k, v, [...jsonPath, key, k], dotted);
    }
  }
}

/**
 * The raw token, under its variable name. Broken when its group is `muted` or a problem was reported
 * since `before` (its keys, its pointers).
 */
function addToken(
  w: Walk,
  tok: Record<string, unknown>,
  jsonPath: (string | number)[],
  key: string,
  dotted: string,
  namePrefix: string,
  groupType: string | undefined,
  deprecated: boolean | string | undefined,
  muted: boolean,
  before: number,
): void {
  const { mark } = w;
  const ownType = tok['$type'];
  const ext = tok['$extensions'];
  const ours = isObject(ext) ? ext[EXTENSION] : undefined;
  const desc = tok['$description'];
  // A group's `$root` token is the variable named by the group (docs/token-files.md).
  const name = key === '$root' && namePrefix !== '' ? namePrefix.slice(0, -1) : namePrefix + key;
  let value = tok['$value'];
  if (mark >= 0 && typeof value === 'object' && value !== null && hasMark(value, mark)) value = unmarkDeep(value, mark);
  if (w.refs && typeof value === 'object' && value !== null)
    value = expandPointers(w, value, [...jsonPath, key, '$value'], dotted, 0);
  const dep = tok['$deprecated'];
  w.out.set(name, {
    name,
    dotted,
    group: jsonPath,
    key,
    file: w.file,
    type: typeof ownType === 'string' ? ownType : groupType,
    value,
    description: typeof desc === 'string' ? desc : '',
    scopes: isObject(ours) ? ours['scopes'] : undefined,
    ours: isObject(ours) ? ours : undefined,
    deprecated: typeof dep === 'boolean' || typeof dep === 'string' ? dep : deprecated,
    root: key === '$root',
    broken: muted || w.problems.length > before,
  });
}

/** A `$ref` split into the file it names (relative to the source holding it) and its `#/…` pointer. */
function splitRef(ref: string): { fileRef: string | undefined; pointer: string } {
  const hash = ref.indexOf('#');
  if (hash <= 0) return { fileRef: undefined, pointer: ref };
  return { fileRef: ref.slice(0, hash), pointer: ref.slice(hash) };
}

/**
 * The documents a reference is looked up in, in order: the file it names (`a.tokens.json#/…`,
 * relative to this source); else this source, then the others the set reads with it, since the
 * resolver merges them into one document (docs/token-files.md "References across files").
 * A string: the named file, which the set does not read.
 */
function candidates(w: Walk, fileRef: string | undefined): Doc[] | string {
  if (fileRef === undefined) return [{ file: w.file, json: w.root, mark: w.mark }, ...w.others];
  const target = posix.normalize(posix.join(posix.dirname(w.file), fileRef));
  const d = w.docs?.get(target);
  return d ? [{ file: target, json: d.json, mark: d.mark }] : target;
}

/** How far a pointer got in one document: the node at its end, or where it stopped and why. */
interface Descent {
  node: unknown;
  /** Index of the segment that does not exist (undefined when the whole pointer resolved). */
  missing?: number;
  /** An alias string met before the last segment. */
  alias?: string;
  doc: Doc;
}

function descend(doc: Doc, segs: string[]): Descent {
  let node: unknown = doc.json;
  for (const [i, s] of segs.entries()) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(s)) node = node[Number(s)];
    else if (isObject(node)) node = childOf(node, s, doc.mark);
    else node = undefined;
    if (typeof node === 'string' && i < segs.length - 1 && /^\{[^{}]+\}$/.test(node))
      return { node: undefined, alias: node, doc };
    if (node === undefined) return { node, missing: i, doc };
  }
  return { node: doc.mark >= 0 && hasMark(node, doc.mark) ? unmarkDeep(node, doc.mark) : node, doc };
}

/** The first document where the pointer resolves, else the one where it got furthest (for the error). */
function lookUp(docs: Doc[], segs: string[]): Descent {
  let best: Descent | undefined;
  for (const d of docs) {
    const r = descend(d, segs);
    if (r.node !== undefined) return r;
    if (
      best === undefined ||
      (r.alias !== undefined && best.alias === undefined) ||
      (r.missing ?? 0) > (best.missing ?? 0)
    )
      best = r;
  }
  return best!;
}

/** `#/a/b` (or `file#/a/b`) -> `['a', 'b']` (RFC 6901 unescaped), without a last `$value`; undefined for anything else. */
function pointerSegments(ref: string): string[] | undefined {
  const { pointer } = splitRef(ref);
  if (!pointer.startsWith('#/')) return undefined;
  const segs = pointer.slice(2).split('/').map(unescapePointer);
  if (segs[segs.length - 1] === '$value') segs.pop();
  return segs;
}

/**
 * What a token written as `{ "$ref": … }` is (format aliases.md "JSON Pointer Syntax"): an alias
 * when the pointer names a token or its whole `$value`, a value when it points into a `$value`
 * (`#/colors/blue/$value/components/0`), or neither (a group's `$ref` is group extension).
 */
function tokenPointer(w: Walk, ref: string): 'alias' | 'value' | undefined {
  const segs = pointerSegments(ref);
  if (!segs || !w.root) return undefined;
  if (segs.indexOf('$value') > 0) return 'value';
  const docs = candidates(w, splitRef(ref).fileRef);
  if (typeof docs === 'string') return undefined;
  const { node } = lookUp(docs, segs);
  return isObject(node) && '$value' in node ? 'alias' : undefined;
}

/**
 * `{ "$ref": "#/..." }` inside a `$value` (format aliases.md "Property-Level References"): a pointer
 * to a whole token value becomes a reference `"{a.b}"` (kept as a reference, type-checked later);
 * one into a value is replaced by what it points to. Pointers outside this source, to nothing, or
 * in a cycle are refused.
 */
function expandPointers(
  w: Walk,
  value: unknown,
  jsonPath: (string | number)[],
  tokenPath: string,
  depth: number,
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((v, i) => {
      const x = expandPointers(w, v, [...jsonPath, i], tokenPath, depth);
      if (x !== v) (copy ??= [...value])[i] = x;
    });
    return copy ?? value;
  }
  const obj = value as Record<string, unknown>;
  const ref = obj['$ref'];
  if (ref === undefined) {
    let copy: Record<string, unknown> | undefined;
    for (const k in obj) {
      const x = expandPointers(w, obj[k], [...jsonPath, k], tokenPath, depth);
      if (x !== obj[k]) (copy ??= { ...obj })[k] = x;
    }
    return copy ?? value;
  }
  const fail = (message: string, hint: string): unknown => {
    w.problems.push({ severity: 'error', file: w.file, jsonPath: [...jsonPath, '$ref'], tokenPath, message, hint });
    return undefined;
  };
  const { fileRef, pointer } = typeof ref === 'string' ? splitRef(ref) : { fileRef: undefined, pointer: '' };
  if (
    typeof ref !== 'string' ||
    !pointer.startsWith('#/') ||
    (fileRef !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(fileRef))
  ) {
    return fail(
      `"$ref" must be a JSON pointer into the token files ("#/group/token/$value/..." or "file.tokens.json#/..."), not ${JSON.stringify(ref)}`,
      'Use an RFC 6901 pointer starting with "#/", after a path relative to this file if the target is in another (format aliases.md "JSON Pointer Syntax").',
    );
  }
  if (depth > 32)
    return fail(
      `"$ref" ${ref} is part of a reference cycle`,
      'References MUST NOT be circular (format aliases.md "Circular References").',
    );
  const segs = pointer.slice(2).split('/').map(unescapePointer);
  const valueAt = segs.indexOf('$value');
  if (valueAt === segs.length - 1 && valueAt > 0) return `{${segs.slice(0, -1).join('.')}}`;
  const docs = candidates(w, fileRef);
  if (typeof docs === 'string')
    return fail(
      `"$ref" ${ref} points into ${docs}, which the token set does not read`,
      'Point it at a token file the set reads (one tokens.resolver.json lists, or any *.tokens.json of a folder without one), by a path relative to this file; or at this file with "#/…".',
    );
  const found = lookUp(docs, segs);
  if (found.alias !== undefined)
    return fail(
      `"$ref" ${ref} goes through the alias ${found.alias}`,
      `Point the reference at the value of ${found.alias.slice(1, -1)} itself.`,
    );
  if (found.node === undefined)
    return fail(
      `"$ref" ${ref} points to nothing: "${segs[found.missing ?? 0]}" does not exist`,
      'Point it at an existing location of the token files.',
    );
  const node = found.node;
  return expandPointers(w, node, jsonPath, tokenPath, depth + 1);
}
