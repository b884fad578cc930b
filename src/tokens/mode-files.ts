/**
 * The files one mode of a collection is read from, as a pull writes them back (docs/token-files.md
 * "How a pull edits your files"): usually one file; several for a folder without a resolver document
 * or a resolver set with several files, merged in order (a later file overrides an earlier one).
 * - A token is written back to the file that holds it: the last file, in merge order, that has it.
 * - A new token goes to the file that holds its nearest group (the longest existing group path; the
 *   first such file when several do), else to the first file.
 */
import { patchJson } from './json-edit.js';
import { parseJsonTree, type JsonNode } from './json-tree.js';
import { fromJsonNode, jsonEqual, Ordered, toJsonText, type Json } from './json-write.js';
import { rendersAsParsed, type SourceFile, type TokenSources } from './read/parse.js';
import type { CollectionLayout } from './resolver-doc.js';

export interface PreviousFile {
  text: string;
  /** The text parsed with positions, for `patchJson`: made on first use (see `asWritten`). */
  readonly node: JsonNode;
  tree: Ordered;
  /**
   * `tree` is the reader's parse, proven to be the text's own content in its own key order (no key
   * twice): a render that gives it back would make `patchJson` change nothing (see `asWritten`).
   */
  asWritten?: true;
  /** JSON paths of tokens no collection writes, kept as the file has them (TokenSources `keep`). */
  keep?: string[][];
}

/**
 * Off: every previous file parsed with positions and patched, as before (tests hold the two to the
 * same bytes); `kept` counts the files given back as they were without that parse, `parsed` the
 * files parsed with positions, so a test knows which path ran.
 */
export const previousReuse = { on: true, kept: 0, parsed: 0 };

/** A file as read, parsed with positions once per render; undefined when missing or broken. */
export function previousFiles(previous: TokenSources | undefined): (rel: string) => PreviousFile | undefined {
  const cache = new Map<string, PreviousFile | undefined>();
  return (rel) => {
    if (!cache.has(rel)) {
      const source = previous?.files.get(rel);
      const keep = previous?.keep?.get(rel);
      cache.set(rel, source === undefined ? undefined : (asWritten(source, keep) ?? parsedWithPositions(source, keep)));
    }
    return cache.get(rel);
  };
}

function parsedWithPositions(source: SourceFile, keep: string[][] | undefined): PreviousFile | undefined {
  const text = source.text;
  try {
    const node = parseJsonTree(text);
    previousReuse.parsed++;
    const tree = fromJsonNode(node);
    if (tree instanceof Ordered) return keep ? { text, node, tree, keep } : { text, node, tree };
  } catch {
    // a broken previous file is simply rewritten
  }
  return undefined;
}

/**
 * The file's tree from the reader's parse, without parsing the text again with positions (the
 * positions parse of the 8 files was ~0.37 s of a pull of one edit at 10k x 2, docs/benchmarks.md
 * "A pull of one edit (tenth round)"), where that parse is provably the tree `fromJsonNode` would
 * make: no key marked (read/parse.ts `WrittenOrder`), and the text is exactly its 2-space render and
 * a newline (read/parse.ts `rendersAsParsed`, the no-op pull's layout test), so the keys are the text's, in its order, none twice,
 * and every scalar is the one the text spells. The positions are parsed only if the file is edited.
 */
function asWritten(source: SourceFile, keep: string[][] | undefined): PreviousFile | undefined {
  const w = source.written;
  if (!previousReuse.on || w === undefined || w.mark !== -1) return undefined;
  const json = w.json;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  if (rendersAsParsed(w) !== true) return undefined;
  const tree = fromPlain(json) as Ordered;
  let node: JsonNode | undefined;
  const file: PreviousFile = {
    get text() {
      return source.text;
    },
    get node() {
      if (node === undefined) {
        node = parseJsonTree(source.text);
        previousReuse.parsed++;
      }
      return node;
    },
    tree,
    asWritten: true,
  };
  if (keep) file.keep = keep;
  return file;
}

/** A parsed value as ordered JSON, in its own key order (what `fromJsonNode` makes of its text). */
function fromPlain(value: unknown): Json {
  if (value === null || typeof value !== 'object') return value as Json;
  if (Array.isArray(value)) return value.map(fromPlain);
  const o = new Ordered();
  const obj = value as Record<string, unknown>;
  for (const k of Object.keys(obj)) o.set(k, fromPlain(obj[k]));
  return o;
}

/**
 * A previous file's text holding `root`: the text as it is when `root` is the file's own content
 * (objects by key, arrays item by item, scalars by value: where `patchJson` makes no edit, and no key
 * is written twice), else patched.
 */
function editedText(prev: PreviousFile, root: Ordered): string {
  if (prev.asWritten && sameJson(prev.tree, root)) {
    previousReuse.kept++;
    return prev.text;
  }
  return patchJson(prev.text, prev.node, root);
}

/** `jsonEqual`, without a map per object where both sides are ordered. */
function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (!(a instanceof Ordered && b instanceof Ordered)) return jsonEqual(a, b);
  if (a.entries.size !== b.entries.size) return false;
  for (const [k, v] of a.entries) {
    const w = b.entries.get(k);
    if (w === undefined || !sameJson(v, w)) return false;
  }
  return true;
}

/** A token as a previous file has it, and the `$type` its groups give it (DTCG group type inheritance). */
export interface PreviousToken {
  token?: Ordered | undefined;
  inherited?: string | undefined;
}

export class ModeFiles {
  /** Whether any of the files exists already: when none does, every token goes to the first file. */
  private readonly anyPrevious: boolean;
  constructor(readonly files: { rel: string; prev: PreviousFile | undefined }[]) {
    this.anyPrevious = files.some((f) => f.prev !== undefined);
  }

  /** Index of the file that holds the token at `segs`, or undefined when none does. */
  holder(segs: readonly string[]): number | undefined {
    for (let i = this.files.length - 1; i >= 0; i--) if (tokenIn(this.files[i]!.prev?.tree, segs).token) return i;
    return undefined;
  }

  /** Where the token at `segs` is written: its holder, else the file with its nearest group. */
  place(segs: readonly string[]): number {
    // A first pull: no file to look in (the walks below were ~50 ms at 10k x 2, docs/benchmarks.md
    // "The initial push and pull (eighth round)").
    if (!this.anyPrevious) return 0;
    const held = this.holder(segs);
    if (held !== undefined) return held;
    let best = 0;
    let bestDepth = 0;
    this.files.forEach((f, i) => {
      const depth = groupDepth(f.prev?.tree, segs);
      if (depth > bestDepth) {
        best = i;
        bestDepth = depth;
      }
    });
    return best;
  }

  /** The token at `segs` in file `i`, with its inherited `$type`. */
  token(i: number, segs: readonly string[]): PreviousToken {
    return tokenIn(this.files[i]?.prev?.tree, segs);
  }
}

export function tokenIn(root: Ordered | undefined, segs: readonly string[]): PreviousToken {
  let node: Json | undefined = root;
  let inherited: string | undefined;
  for (const s of segs) {
    if (!(node instanceof Ordered)) return { inherited };
    const t = node.get('$type');
    if (typeof t === 'string') inherited = t;
    node = node.get(s);
  }
  return node instanceof Ordered && node.entries.has('$value') ? { token: node, inherited } : { inherited };
}

/** How many leading segments of the token's group path exist as groups in a tree. */
function groupDepth(root: Ordered | undefined, segs: readonly string[]): number {
  let node: Json | undefined = root;
  let depth = 0;
  for (const s of segs.slice(0, -1)) {
    node = node instanceof Ordered ? node.get(s) : undefined;
    if (!(node instanceof Ordered) || node.entries.has('$value')) break;
    depth++;
  }
  return depth;
}

export const FORMAT_SCHEMA = 'https://www.designtokens.org/schemas/2025.10/format.json';

/** The files of one mode in merge order: its sources when it has several, else its one file. */
export function filesOf(layout: CollectionLayout, mode: string): string[] {
  const sources = layout.sources?.get(mode)?.filter((s) => s.at === undefined);
  return sources && sources.length > 0 ? sources.map((s) => s.file) : [layout.files.get(mode)!];
}

/** A token's path: its segments, their `\u0000`-joined id, and the ids of its groups. */
export interface TokenPath {
  segs: string[];
  id: string;
}

/**
 * The text of each file of one mode: a previous file edited in place (json-edit.ts), a new one in
 * tokensync's layout. `tokens` holds every token of the mode by id, `prefixes` the ids of their groups.
 * `lost` hears of every token that is not where its path says once its file is laid out (another
 * token or group took the path); it may throw to stop the write.
 */
export function writeModeFiles(
  files: ModeFiles,
  paths: readonly TokenPath[],
  tokens: Map<string, Ordered>,
  prefixes: Set<string>,
  lost?: (id: string, file: string) => void,
): [string, string][] {
  const target = new Map<string, number>();
  for (const { segs, id } of paths) target.set(id, files.place(segs));
  return files.files.map(({ rel, prev }, i) => {
    const placed = new Set<string>();
    const kept = keptIn(prev, prefixes);
    // A token another file holds is left as this file has it (a later file overrides it).
    const pick = (id: string, before: Ordered) =>
      target.get(id) === i ? tokens.get(id) : target.has(id) || kept.ids.has(id) ? before : undefined;
    const root = prev
      ? rebuild(prev.tree, [], pick, kept.prefixes, placed)
      : new Ordered().set('$schema', FORMAT_SCHEMA);
    for (const { segs, id } of paths) {
      if (target.get(id) !== i || placed.has(id)) continue;
      let group = root;
      for (const s of segs.slice(0, -1)) {
        let child = group.get(s);
        if (!(child instanceof Ordered) || child.entries.has('$value')) {
          child = new Ordered();
          group.set(s, child);
        }
        group = child;
      }
      group.set(segs[segs.length - 1]!, tokens.get(id)!);
    }
    if (lost) for (const { segs, id } of paths) if (target.get(id) === i && !tokenIn(root, segs).token) lost(id, rel);
    return [rel, prev ? editedText(prev, root) : toJsonText(root)];
  });
}

/** The ids of a file's kept tokens, and the group prefixes to walk with theirs added. */
function keptIn(prev: PreviousFile | undefined, prefixes: Set<string>): { ids: Set<string>; prefixes: Set<string> } {
  if (!prev?.keep) return { ids: new Set(), prefixes };
  const all = new Set(prefixes);
  for (const segs of prev.keep) for (let n = 1; n < segs.length; n++) all.add(segs.slice(0, n).join('\u0000'));
  return { ids: new Set(prev.keep.map((segs) => segs.join('\u0000'))), prefixes: all };
}

/**
 * The previous tree in its own order: `$` keys as they are, each token as `pick` gives it (or gone),
 * groups that still hold tokens, and groups that held none before (an empty group is the team's).
 */
function rebuild(
  prevGroup: Ordered,
  path: string[],
  pick: (id: string, before: Ordered) => Ordered | undefined,
  prefixes: Set<string>,
  placed: Set<string>,
): Ordered {
  const out = new Ordered();
  for (const [k, v] of prevGroup.entries) {
    // A group's `$root` is a token (docs/token-files.md); every other `$` key is kept as it is.
    if ((k.startsWith('$') && k !== '$root') || !(v instanceof Ordered)) {
      out.set(k, v);
      continue;
    }
    const p = [...path, k];
    const id = p.join('\u0000');
    if (v.entries.has('$value')) {
      const tok = pick(id, v);
      if (tok) {
        out.set(k, tok);
        placed.add(id);
      }
    } else if (prefixes.has(id)) out.set(k, rebuild(v, p, pick, prefixes, placed));
    else if (!holdsToken(v)) out.set(k, v);
  }
  return out;
}

function holdsToken(group: Ordered): boolean {
  for (const [k, v] of group.entries)
    if ((!k.startsWith('$') || k === '$root') && v instanceof Ordered && (v.entries.has('$value') || holdsToken(v)))
      return true;
  return false;
}

/**
 * Whether a pull can write a collection read from several sources per mode back file by file: every
 * source is a whole file (no tokens inline in the resolver document, no overriding keys beside a
 * `$ref`) and no file serves two modes (it could hold only one of their values).
 */
export function writableSources(layout: CollectionLayout): boolean {
  if (layout.fold) return foldWritable(layout);
  if (!layout.sources) return true;
  const owner = new Map<string, string>();
  for (const [mode, sources] of layout.sources) {
    for (const s of sources) {
      if (s.at !== undefined || s.overrides !== undefined) return false;
      if ((owner.get(s.file) ?? mode) !== mode) return false;
      owner.set(s.file, mode);
    }
  }
  return true;
}

/** The collections a pull cannot write back (see writableSources), by name. */
export function unwritableCollections(sources: TokenSources): string[] {
  return (sources.layouts ?? []).filter((l) => !writableSources(l)).map((l) => l.collection.name);
}

/**
 * An overridden collection (docs/overrides.md §3, §4; render-fold.ts) is written back when its base
 * set and each context it maps are at most one whole file each, and no later set overrides it too.
 */
function foldWritable(layout: CollectionLayout): boolean {
  const { base, modes, extensions, laterSet } = layout.fold!;
  const oneFile = (l: CollectionLayout): boolean =>
    !l.sources ||
    [...l.sources.values()].every((s) => s.length <= 1 && s.every((x) => x.at === undefined && !x.overrides));
  return (
    !laterSet &&
    oneFile(base) &&
    (!modes || oneFile(modes)) &&
    [...extensions.values()].every((e) => oneFile(e.modifier))
  );
}
