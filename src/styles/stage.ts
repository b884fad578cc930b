/**
 * The styles part of pull (docs/styles.md). Called by the sync engine after the variables
 * are read, for pull, sync and diff when `styles.pull` is on:
 *   1. list the file's published styles, every page (GET /v1/files/:key/styles);
 *   2. read their nodes, many ids per request (GET /v1/files/:key/nodes?ids=…);
 *   3. map them to design-owned tokens (map.ts), bound variables as references to their tokens;
 *   4. render one file per style type (files.ts), the resolver document's style sets (resolver.ts)
 *      and the styles lock (lock.ts), and compare with what is on disk.
 * `planStyles` does 1-4 and changes nothing; `applyStyles` writes what differs, atomically.
 *
 * Styles are pulled, never pushed: the service has no style write endpoint. So a repository edit
 * to a style token is not a change to send but a difference the next pull overwrites; it is
 * reported (`localEdits`) so `diff` can say so and exit 2.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DesignFileClient } from '../api/index.js';
import type { Config } from '../config/schema.js';
import { TokensyncError } from '../errors.js';
import type { DtcgType } from '../model/dtcg.js';
import { isAlias, type Alias, type TokenKind, type TokenSet, type Variable } from '../model/types.js';
import { kindFromConfig, layoutOf, writeFilesAtomic, type WriteResult } from '../tokens/index.js';
import { parseJsonTree } from '../tokens/json-tree.js';
import { fromJsonNode, Ordered, toJsonText, type Json } from '../tokens/json-write.js';
import { RESOLVER_FILE } from '../tokens/resolver-doc.js';
import { STYLE_TYPES, type StyleNodeJson, type StyleType } from './figma-nodes.js';
import { EXTENSION, renderStyleFiles, stylePath, targetOf } from './files.js';
import { fingerprintJson, readStylesLock, renderStylesLock, STYLES_LOCK_FILE, type StylesLock } from './lock.js';
import { mapStyle, type BoundVariable, type PublishedStyle, type VariableLookup } from './map.js';
import { withStyleSets } from './resolver.js';

/** Node ids per nodes request: a large library is a few requests, and the URL stays short (~1 KB). */
export const NODE_BATCH = 100;

export interface StyleChange {
  kind: 'added' | 'updated' | 'renamed' | 'deleted';
  type: StyleType;
  name: string;
  /** For a rename: the old name. */
  from?: string;
}

export interface LocalStyleEdit {
  /** Relative to the project root. */
  file: string;
  /** The token path, dotted. */
  path: string;
  kind: 'edited' | 'removed' | 'added';
}

export interface StylesPlan {
  /** Files (relative to the tokens folder) whose bytes change, with their new text. */
  write: Map<string, string>;
  /** Style files to remove (a style type with no style left). */
  remove: string[];
  changes: StyleChange[];
  localEdits: LocalStyleEdit[];
  skipped: { name: string; type: StyleType; reason: string }[];
  /** The style files as the resolver lists them, for writing the resolver after the variables stage. */
  files: { type: StyleType; file: string }[];
}

export interface StylesPlanInput {
  client: DesignFileClient;
  fileKey: string;
  root: string;
  config: Config;
  /** The service's variables (ids), as read by this run. */
  remote: TokenSet;
  /** The repository's tokens after this run (names, presentation, collections' slugs). */
  repo: TokenSet;
  progress?: (message: string) => void;
}

export async function planStyles(input: StylesPlanInput): Promise<StylesPlan> {
  const { client, fileKey, config, root } = input;
  const tokensDir = path.join(root, config.tokens.dir);
  const progress = input.progress ?? (() => {});

  progress(`reading styles of ${fileKey}`);
  const styles: PublishedStyle[] = [];
  for await (const s of client.iterateFileStyles(fileKey)) {
    styles.push({
      key: s.key,
      name: s.name,
      description: s.description,
      styleType: s.style_type,
      nodeId: s.node_id,
      updatedAt: s.updated_at,
    });
  }

  // What is on disk now: the style files, the lock, the resolver document.
  const allFiles = STYLE_TYPES.map((t) => targetOf(config.styles, t).file);
  const onDisk = new Map<string, string>();
  await Promise.all(
    [...allFiles, STYLES_LOCK_FILE, RESOLVER_FILE].map(async (f) => {
      const text = await readText(path.join(tokensDir, f));
      if (text !== undefined) onDisk.set(f, text);
    }),
  );
  const previous = await readStylesLock(tokensDir);
  const base = previous && previous.fileKey === fileKey ? previous : undefined;
  const lookup = variableLookup(input.remote, input.repo, config);
  const ref = refWriter(input.repo, config);
  const boundAs = (id: string): string => {
    const v = lookup(id);
    return v ? `${ref(v.alias)} ${v.type}` : '';
  };

  // Nothing changed since the last pull: skip the nodes ("a no-op pull sends only the
  // requests it needs"). The token files then already hold what a pull would write.
  if (base && unchanged(base, styles, onDisk, config, boundAs)) {
    const files = STYLE_TYPES.filter((t) => Object.hasOwn(base.files, targetOf(config.styles, t).file)).map((type) => ({
      type,
      file: targetOf(config.styles, type).file,
    }));
    const resolver = withStyleSets(onDisk.get(RESOLVER_FILE), files);
    const skipped = styles.flatMap((s) =>
      base.styles[s.key]?.skipped !== undefined
        ? [{ name: s.name, type: s.styleType, reason: base.styles[s.key]!.skipped! }]
        : [],
    );
    return {
      write: resolver === onDisk.get(RESOLVER_FILE) ? new Map() : new Map([[RESOLVER_FILE, resolver]]),
      remove: [],
      changes: [],
      localEdits: [],
      skipped,
      files,
    };
  }

  const nodes = new Map<string, StyleNodeJson>();
  const ids = [...new Set(styles.map((s) => s.nodeId))];
  for (let i = 0; i < ids.length; i += NODE_BATCH) {
    const batch = ids.slice(i, i + NODE_BATCH);
    progress(`reading style nodes ${i + 1}-${i + batch.length} of ${ids.length}`);
    const answer = await client.getFileNodes(fileKey, batch);
    for (const [id, entry] of Object.entries(answer.nodes)) if (entry) nodes.set(id, entry.document as StyleNodeJson);
  }

  const mapped = styles.map((s) => mapStyle(s, nodes.get(s.nodeId), lookup));
  const rendered = renderStyleFiles(mapped, config.styles, ref);

  const lock: StylesLock = { version: 1, fileKey, files: {}, styles: {} };
  const skippedWhy = new Map(rendered.skipped.map((x) => [x.style.key, x.reason]));
  for (const m of mapped) {
    const s = m.style;
    const variables = Object.fromEntries((m.variables ?? []).map((id) => [id, boundAs(id)]));
    const p = rendered.placed.get(s.key);
    const common = { name: s.name, type: s.styleType, nodeId: s.nodeId, updatedAt: s.updatedAt, variables };
    lock.styles[s.key] = p
      ? { ...common, file: p.file, path: p.path, fingerprint: fingerprintJson(p.json) }
      : { ...common, file: '', path: [], fingerprint: '', skipped: skippedWhy.get(s.key) ?? 'not written' };
  }
  for (const [f, text] of rendered.files) lock.files[f] = fingerprintJson(text);

  const files = STYLE_TYPES.filter((t) => rendered.files.has(targetOf(config.styles, t).file)).map((type) => ({
    type,
    file: targetOf(config.styles, type).file,
  }));
  const next = new Map(rendered.files);
  // A file without styles, never pulled with any: no lock to keep (nothing to recognise later).
  if (styles.length > 0 || previous) next.set(STYLES_LOCK_FILE, renderStylesLock(lock));
  // No resolver document and no style to describe: none is started for nothing.
  if (onDisk.has(RESOLVER_FILE) || files.length > 0)
    next.set(RESOLVER_FILE, withStyleSets(onDisk.get(RESOLVER_FILE), files));
  const write = new Map([...next].filter(([f, text]) => onDisk.get(f) !== text));
  const remove = allFiles.filter((f) => !rendered.files.has(f) && onDisk.has(f));

  return {
    write,
    remove,
    changes: changesSince(base, lock, styles),
    localEdits: localEdits(base, onDisk, allFiles, root, tokensDir),
    skipped: rendered.skipped.map(({ style, reason }) => ({ name: style.name, type: style.styleType, reason })),
    files,
  };
}

/**
 * Whether a pull would write what is already there, known without the nodes: the same styles
 * (keys, names, types, nodes, `updated_at`), bound variables still written the same way, the same
 * configured files and paths, the style files and the lock byte for byte as the last pull wrote them.
 */
function unchanged(
  base: StylesLock,
  styles: readonly PublishedStyle[],
  onDisk: Map<string, string>,
  config: Config,
  boundAs: (id: string) => string,
): boolean {
  if (styles.length !== Object.keys(base.styles).length) return false;
  for (const s of styles) {
    const e = base.styles[s.key];
    if (!e || e.name !== s.name || e.type !== s.styleType || e.nodeId !== s.nodeId || e.updatedAt !== s.updatedAt)
      return false;
    if (
      e.skipped === undefined &&
      (e.file !== targetOf(config.styles, s.styleType).file ||
        e.path.join('\u0000') !== stylePath(config.styles, s).join('\u0000'))
    )
      return false;
    for (const [id, as] of Object.entries(e.variables)) if (boundAs(id) !== as) return false;
  }
  for (const f of STYLE_TYPES.map((t) => targetOf(config.styles, t).file)) {
    const text = onDisk.get(f);
    const want = base.files[f];
    if ((text === undefined) !== (want === undefined) || (text !== undefined && fingerprintJson(text) !== want))
      return false;
  }
  return onDisk.get(STYLES_LOCK_FILE) === renderStylesLock(base);
}

/**
 * Writes the plan. The resolver document is recomputed from the one on disk now, because the
 * variables stage may have rewritten it since the plan (it keeps the style sets as they were).
 */
export async function applyStyles(tokensDir: string, plan: StylesPlan): Promise<WriteResult> {
  const write = new Map(plan.write);
  const current = await readText(path.join(tokensDir, RESOLVER_FILE));
  const resolver = current === undefined && plan.files.length === 0 ? undefined : withStyleSets(current, plan.files);
  if (resolver !== undefined && resolver !== current) write.set(RESOLVER_FILE, resolver);
  else write.delete(RESOLVER_FILE);
  return writeFilesAtomic(tokensDir, write, { remove: plan.remove });
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Design-side changes since the last pull of styles, in list order (deletions last). */
function changesSince(
  base: StylesLock | undefined,
  lock: StylesLock,
  styles: readonly PublishedStyle[],
): StyleChange[] {
  const out: StyleChange[] = [];
  for (const s of styles) {
    const now = lock.styles[s.key];
    if (!now || now.skipped !== undefined) continue;
    const was = base?.styles[s.key];
    if (!was) out.push({ kind: 'added', type: s.styleType, name: s.name });
    else if (was.name !== s.name) out.push({ kind: 'renamed', type: s.styleType, name: s.name, from: was.name });
    else if (was.fingerprint !== now.fingerprint || was.file !== now.file)
      out.push({ kind: 'updated', type: s.styleType, name: s.name });
  }
  for (const [key, was] of Object.entries(base?.styles ?? {}))
    if (!lock.styles[key] && was.skipped === undefined) out.push({ kind: 'deleted', type: was.type, name: was.name });
  return out;
}

/** Tokens of the style files that differ from what the last pull wrote (by the lock's fingerprints). */
function localEdits(
  base: StylesLock | undefined,
  onDisk: Map<string, string>,
  files: readonly string[],
  root: string,
  tokensDir: string,
): LocalStyleEdit[] {
  if (!base) return [];
  const display = (f: string): string => path.relative(root, path.join(tokensDir, f)).split(path.sep).join('/');
  const out: LocalStyleEdit[] = [];
  const known = new Map<string, Set<string>>();
  const trees = new Map<string, Ordered | undefined>();
  const tree = (f: string): Ordered | undefined => {
    if (!trees.has(f)) {
      const text = onDisk.get(f);
      let t: Ordered | undefined;
      try {
        const j = text === undefined ? undefined : fromJsonNode(parseJsonTree(text));
        t = j instanceof Ordered ? j : undefined;
      } catch {
        t = undefined;
      }
      trees.set(f, t);
    }
    return trees.get(f);
  };
  for (const e of Object.values(base.styles)) {
    if (e.skipped !== undefined) continue;
    let set = known.get(e.file);
    if (!set) known.set(e.file, (set = new Set()));
    set.add(e.path.join('.'));
    const node = at(tree(e.file), e.path);
    if (!node) out.push({ file: display(e.file), path: e.path.join('.'), kind: 'removed' });
    else if (fingerprintJson(toJsonText(node)) !== e.fingerprint)
      out.push({ file: display(e.file), path: e.path.join('.'), kind: 'edited' });
  }
  for (const f of files) {
    for (const p of leaves(tree(f), []))
      if (!known.get(f)?.has(p.join('.'))) out.push({ file: display(f), path: p.join('.'), kind: 'added' });
  }
  return out.sort((a, b) => (a.file === b.file ? (a.path < b.path ? -1 : 1) : a.file < b.file ? -1 : 1));
}

function at(root: Ordered | undefined, segs: readonly string[]): Ordered | undefined {
  let node: Json | undefined = root;
  for (const s of segs) {
    if (!(node instanceof Ordered)) return undefined;
    node = node.get(s);
  }
  return node instanceof Ordered ? node : undefined;
}

/** Paths of tokens (`$value`) and of design-owned groups (a grid style) in a style file. */
function leaves(node: Ordered | undefined, prefix: string[]): string[][] {
  if (!node) return [];
  if (prefix.length > 0 && (node.entries.has('$value') || isOurs(node.get('$extensions')))) return [prefix];
  const out: string[][] = [];
  for (const [k, v] of node.entries)
    if (!k.startsWith('$') && v instanceof Ordered) out.push(...leaves(v, [...prefix, k]));
  return out;
}

function isOurs(ext: Json | undefined): boolean {
  const ours = ext instanceof Ordered ? ext.get(EXTENSION) : undefined;
  return ours instanceof Ordered && ours.get('owner') === 'design';
}

const vkey = (collection: string, name: string): string => `${collection}\u0000${name}`;

/**
 * A bound variable id -> its token: the reference and the token's `$type`. The type is the one the
 * token files give it: its presentation when the repository has one, an alias's target's (docs/architecture.md
 * mapping table: "alias | the target's type"), or what the config's rules and scopes say.
 */
export function variableLookup(remote: TokenSet, repo: TokenSet, config: Config): VariableLookup {
  const byId = new Map(remote.variables.filter((v) => v.id).map((v) => [v.id!, v]));
  const repoByKey = new Map(repo.variables.map((v) => [vkey(v.collection, v.name), v]));
  const remoteByKey = new Map(remote.variables.map((v) => [vkey(v.collection, v.name), v]));
  const defaults = new Map([...remote.collections, ...repo.collections].map((c) => [c.name, c.defaultMode]));
  const kindOf = (v: Variable, seen: Set<Variable>): TokenKind => {
    const own = repoByKey.get(vkey(v.collection, v.name))?.kind;
    if (own) return own;
    const value = v.values[defaults.get(v.collection) ?? ''];
    if (value !== undefined && isAlias(value) && !seen.has(v)) {
      seen.add(v);
      const target =
        repoByKey.get(vkey(value.alias.collection, value.alias.name)) ??
        remoteByKey.get(vkey(value.alias.collection, value.alias.name));
      if (target) return kindOf(target, seen);
    }
    return kindFromConfig(v, config.tokens);
  };
  const cache = new Map<string, BoundVariable | undefined>();
  return (id) => {
    if (cache.has(id)) return cache.get(id);
    const v = byId.get(id);
    const found = v
      ? { alias: { alias: { collection: v.collection, name: v.name } }, type: kindOf(v, new Set()).type as DtcgType }
      : undefined;
    cache.set(id, found);
    return found;
  };
}

/** How the token files spell a reference: the variable's path, under its collection's slug with `namespace: collection`. */
function refWriter(repo: TokenSet, config: Config): (a: Alias) => string {
  const slugs = new Map(layoutOf(repo).map((l) => [l.collection.name, l.slug]));
  const namespaced = config.tokens.namespace === 'collection';
  return (a) =>
    `{${[...(namespaced ? [slugs.get(a.alias.collection) ?? a.alias.collection] : []), ...a.alias.name.split('/')].join('.')}}`;
}

/**
 * Styles are described in the resolver document, so a repository read as a folder without one (all
 * its token files one set, docs/token-files.md) cannot take them: a style file there would be read
 * as more tokens of that set, and its colors pushed as variables. Checked before any request.
 */
export async function checkStylesLayout(root: string, config: Config): Promise<void> {
  const dir = path.join(root, config.tokens.dir);
  if ((await readText(path.join(dir, RESOLVER_FILE))) !== undefined) return;
  const styleFiles = new Set(STYLE_TYPES.map((t) => targetOf(config.styles, t).file));
  let entries: string[];
  try {
    entries = (await readdir(dir, { recursive: true })).map((f) => f.split(path.sep).join('/'));
  } catch {
    return; // no tokens folder yet: the pull writes the resolver document
  }
  const others = entries.filter((f) => f.endsWith('.tokens.json') && !styleFiles.has(f));
  if (others.length === 0) return;
  throw new TokensyncError(
    'STYLES_NEED_RESOLVER',
    `styles.pull is on, but ${path.join(config.tokens.dir, RESOLVER_FILE)} does not exist: the token files are read as one folder, where style files would be read as more tokens (and their colors pushed as variables). Nothing was sent.`,
    {
      hint: `Describe the token files in ${path.join(config.tokens.dir, RESOLVER_FILE)} (docs/token-files.md), or set styles.pull: false.`,
    },
  );
}
