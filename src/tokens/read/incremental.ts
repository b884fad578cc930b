/**
 * The watch session's read (docs/architecture.md "Build", "Watch"): when the one changed token file
 * differs from its last text only in tokens' `$value` or `$description` (literals, no reference),
 * only those tokens are read again, and patched into the last token set; anything else (another
 * file changed, a file added or removed, the resolver document, a key added, removed, moved or
 * retyped, a reference, a problem) is read whole by `analyzeTokens`, which names any problem.
 *
 * The edited tokens are read by `analyzeTokens` itself, over the same files cut down to those
 * tokens' paths (each with its groups' `$type`, `$extensions` and other `$` members, in every file,
 * so every mode of a collection still holds them): the same rules read them as in the whole set.
 * A token read so must differ from its last reading in values or description only, or the whole
 * set is read.
 */
import { isDeepStrictEqual } from 'node:util';
import type { TokensConfig } from '../../config/schema.js';
import type { TokenSet } from '../../model/types.js';
import { RESOLVER_FILE } from '../resolver-doc.js';
import { type EscapedText, textOf } from './escaped.js';
import { analyzeTokens } from './index.js';
import type { TokenFileSource } from './parse.js';

type Json = Record<string, unknown>;
/** A file's text, or its escaped text (escaped.ts); the same object while the file is the same. */
type Text = string | EscapedText | undefined;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);
const keyOf = (t: { collection: string; name: string }): string => `${t.collection}\u0000${t.name}`;

/** At most this many edited tokens are read alone; more are read whole. */
const MAX_TOKENS = 50;

interface Last {
  set: TokenSet;
  fingerprint: string;
  listing: string[];
  texts: Map<string, Text>;
  /** Parsed texts, by file, while their text is the same. */
  parsed: Map<string, { text: Text; json: unknown }>;
  /** Where each token sits in `set`, by key (made on the first patch; a patched set keeps the order). */
  at?: Positions;
}

interface Positions {
  variables: Map<string, number>;
  tokens: Map<string, number>;
}

const positionsOf = (set: TokenSet): Positions => ({
  variables: new Map(set.variables.map((t, i) => [keyOf(t), i])),
  tokens: new Map((set.tokens ?? []).map((t, i) => [keyOf(t), i])),
});

export class IncrementalReader {
  private last: Last | undefined;
  /** How the last read went: `tokens` (only edited tokens read again) or `whole`. */
  lastPath: 'tokens' | 'whole' = 'whole';

  /** `whole`: the whole read (`readTokens`), which throws the first problem. */
  async read(
    root: string,
    config: TokensConfig,
    source: TokenFileSource,
    whole: () => Promise<TokenSet>,
  ): Promise<TokenSet> {
    const listing = await source.list();
    const texts = new Map<string, Text>();
    // A token file that is not ASCII as its escaped text where the source has it (escaped.ts): the
    // same JSON, parsed and compared without decoding the file.
    texts.set(RESOLVER_FILE, await source.read(RESOLVER_FILE));
    for (const rel of listing) texts.set(rel, await (source.readEscaped ?? source.read)(rel));
    const fingerprint = JSON.stringify(config);
    const patched = this.last && (await this.patch(this.last, root, config, listing, texts, fingerprint));
    this.lastPath = patched ? 'tokens' : 'whole';
    const set = patched ?? (await whole());
    const at = patched && this.last?.at;
    this.last = { set, fingerprint, listing, texts, parsed: this.last?.parsed ?? new Map(), ...(at ? { at } : {}) };
    return set;
  }

  private async patch(
    last: Last,
    root: string,
    config: TokensConfig,
    listing: string[],
    texts: Map<string, Text>,
    fingerprint: string,
  ): Promise<TokenSet | undefined> {
    if (last.fingerprint !== fingerprint || !isDeepStrictEqual(last.listing, listing)) return undefined;
    const s = last.set;
    if (s.partial || s.repositoryAxes?.length || s.collections.some((c) => c.parent !== undefined)) return undefined;
    const changed = [...texts].filter(([rel, text]) => last.texts.get(rel) !== text).map(([rel]) => rel);
    if (changed.length === 0) return s;
    if (changed.length > 1 || changed[0] === RESOLVER_FILE) return undefined;
    const rel = changed[0]!;
    const before = this.json(rel, last.texts.get(rel));
    const after = this.json(rel, texts.get(rel));
    const paths: string[][] = [];
    if (!isObject(before) || !isObject(after) || !editedTokens(before, after, [], paths)) return undefined;
    if (paths.length === 0 || paths.length > MAX_TOKENS) return undefined;
    const cut = new Map<string, string>();
    for (const [file, text] of texts) {
      if (file === RESOLVER_FILE || text === undefined) continue;
      const json = this.json(file, text);
      cut.set(file, isObject(json) ? JSON.stringify(cutTo(json, paths)) : textOf(text)!);
    }
    const small = await analyzeTokens(root, config, {
      read: async (f) => (f === RESOLVER_FILE ? textOf(texts.get(f)) : cut.get(f)),
      list: async () => listing,
    });
    if (small.diagnostics.some((d) => d.severity === 'error')) return undefined;
    last.at ??= positionsOf(s);
    return patchSet(s, small.set, last.at);
  }

  /** Parses every file ahead of the first edit (its `before` side), so that edit costs what the later ones do. */
  warm(): void {
    const last = this.last;
    if (!last) return;
    for (const [rel, text] of last.texts) if (rel !== RESOLVER_FILE) this.json(rel, text);
  }

  /** The file's JSON, parsed once per text; undefined when it does not parse. */
  private json(rel: string, text: Text): unknown {
    if (text === undefined) return undefined;
    const held = this.last?.parsed.get(rel);
    if (held?.text === text) return held.json;
    let json: unknown;
    try {
      json = JSON.parse(typeof text === 'string' ? text : text.escaped);
    } catch {
      json = undefined;
    }
    this.last?.parsed.set(rel, { text, json });
    return json;
  }
}

/**
 * True when `a` and `b` have the same keys everywhere and differ only in tokens' `$value` or
 * `$description` (each such token's path added to `paths`); false for anything else.
 */
function editedTokens(a: Json, b: Json, at: string[], paths: string[][]): boolean {
  const keys = Object.keys(a);
  if (!isDeepStrictEqual(keys, Object.keys(b))) return false;
  const token = Object.hasOwn(a, '$value');
  let edited = false;
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (token && (k === '$value' || k === '$description')) {
      if (isDeepStrictEqual(x, y)) continue;
      if (braced(x) || braced(y)) return false; // a reference: read whole
      edited = true;
    } else if (k.startsWith('$') || !isObject(x) || !isObject(y)) {
      if (!isDeepStrictEqual(x, y)) return false;
    } else if (!editedTokens(x, y, [...at, k], paths)) return false;
  }
  if (edited) paths.push(at);
  return true;
}

function braced(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{');
  return isObject(value) || Array.isArray(value) ? Object.values(value).some(braced) : false;
}

/** `json` cut down to the tokens at `paths`, each with its groups' `$` members. */
function cutTo(json: Json, paths: string[][]): Json {
  const own = (node: Json): Json => Object.fromEntries(Object.entries(node).filter(([k]) => k.startsWith('$')));
  const out = own(json);
  for (const p of paths) {
    let from: unknown = json;
    let to = out;
    for (let i = 0; i < p.length && isObject(from); i++) {
      from = from[p[i]!];
      if (!isObject(from)) break;
      if (i === p.length - 1) to[p[i]!] = from;
      else to = (to[p[i]!] as Json | undefined) ?? (to[p[i]!] = own(from));
    }
  }
  return out;
}

/**
 * The last set with the tokens read again in place; undefined when one differs in more than values
 * or description. Each is found by its position (`at`), not by a pass over every token: ~10 ms an
 * edit at 10k x 2 on Node 26 (docs/benchmarks.md "Watch", fifth round).
 */
function patchSet(last: TokenSet, small: TokenSet, at: Positions): TokenSet | undefined {
  const fresh = new Map<string, unknown>();
  for (const t of [...small.variables, ...(small.tokens ?? [])]) fresh.set(keyOf(t), t);
  const swap = <T extends { collection: string; name: string; values: unknown; description: string }>(
    list: readonly T[],
    pos: Map<string, number>,
  ): T[] | undefined => {
    const out = list.slice();
    for (const [k, value] of fresh) {
      const i = pos.get(k);
      if (i === undefined) continue;
      const t = list[i]!;
      const n = value as T;
      if (keyOf(t) !== k) return undefined;
      const { values: _v, description: _d, ...rest } = t;
      const { values: _nv, description: _nd, ...nrest } = n;
      if (!isDeepStrictEqual(rest, nrest)) return undefined;
      fresh.delete(k);
      out[i] = n;
    }
    return out;
  };
  const variables = swap(last.variables, at.variables);
  const tokens = last.tokens ? swap(last.tokens, at.tokens) : undefined;
  if (variables === undefined || (last.tokens && tokens === undefined) || fresh.size > 0) return undefined;
  return { ...last, variables, ...(tokens ? { tokens } : {}) };
}
