/**
 * Token files back into the model (docs/architecture.md "Files in the repository"), collecting every problem.
 * The stages, one file each: parse (files to JSON), gather (a source's groups to tokens), validate
 * (a collection's tokens to variables and repository-owned tokens, through the type modules of
 * src/types/), resolve (references, units of aliases, cycles), report (problems to diagnostics).
 *
 * This is the `check` path (pre-commit), so it must stay fast and light: JSON.parse only, no Style
 * Dictionary, undici or zod, and line:column only for the problems it reports.
 *
 * Where the collections come from: the resolver document (resolver-doc.ts) or, with none, every
 * `*.tokens.json` of the tokens folder as one set (one collection, one mode), the way Style
 * Dictionary and Terrazzo read a folder.
 */
import path from 'node:path';
import type { TokensConfig } from '../../config/schema.js';
import type { RepoToken } from '../../model/dtcg.js';
import type { Collection, TokenSet, Variable } from '../../model/types.js';
import { refText } from '../../types/common.js';
import type { Diagnostic } from '../errors.js';
import {
  RESOLVER_FILE,
  designOwnedFiles,
  parseResolver,
  type CollectionLayout,
  type ResolverProblem,
  type TokenSource,
} from '../resolver-doc.js';
import { collectTokens, type Doc, type RawToken } from './gather.js';
import {
  parseEscapedTokenFile,
  parseOrReport,
  parseTokenFile,
  workTreeSource,
  type TokenFileSource,
  type TokenSources,
  type WrittenOrder,
} from './parse.js';
import type { Problem } from './problems.js';
import { toDiagnostics } from './report.js';
import { resolveReferences } from './resolve.js';
import { checkServiceRules } from './service-rules.js';
import { foldOverrides, splitAxes, type FoldedAxis, type PerCollection } from './overrides.js';
import { fillPartial, takePartial } from './partial.js';
import type { OverridePair } from './themes.js';
import { validateCollection, type Gathered } from './validate.js';

export type { TokenFileSource, TokenSources } from './parse.js';

export interface Analysis {
  set: TokenSet;
  sources: TokenSources;
  diagnostics: Diagnostic[];
}

/** The collection a folder without a resolver document is read as (and `tokensync init` describes). */
export const FOLDER_SET = { slug: 'tokens', collection: 'Tokens', mode: 'Value' } as const;

export async function analyzeTokens(root: string, config: TokensConfig, source?: TokenFileSource): Promise<Analysis> {
  const dir = path.resolve(root, config.dir);
  const files = source ?? workTreeSource(dir);
  const displayDir = path.relative(root, dir).split(path.sep).join('/') || '.';
  const problems: Problem[] = [];
  const sources: TokenSources = { files: new Map(), modeFiles: new Map() };
  const done = (set: TokenSet): Analysis => ({
    set,
    sources,
    diagnostics: toDiagnostics(problems, sources, displayDir),
  });
  const read = await readLayouts(files, sources, problems);
  if (read === undefined) return done({ collections: [], variables: [] });
  const { fileList, tokenJson } = await readTokenFiles(files, read, sources, problems);
  const namespaced = config.namespace === 'collection';
  const { collections, perCollection } = gatherCollections(read, tokenJson, namespaced, sources, problems);

  // Sources that override tokens of earlier ones fold into those collections (overrides.ts).
  const fold =
    read.resolverText !== undefined && !namespaced
      ? foldOverrides(perCollection, problems)
      : { perCollection, axes: new Map<string, FoldedAxis[]>() };
  if (fold.perCollection !== perCollection) refold(fold.perCollection, perCollection, collections, sources);
  // Tokens a modifier defines in some contexts only: checked with placeholders, then build-only (partial.ts).
  const partialMarks = read.resolverText !== undefined ? fillPartial(perCollection) : undefined;
  if (partialMarks) sources.keep = partialMarks.keep;

  const g = gathered(problems, perCollection, namespaced);
  for (const { layout, perMode } of perCollection) validateCollection(layout, perMode, namespaced, config.remBase, g);

  // (Not by reading `json` of every source: for a file with integer-like keys that getter parses it again.)
  const anyFileBroken = fileList.length > tokenJson.size;
  resolveReferences(g, collections, namespaced, anyFileBroken);
  const repositoryAxes = splitAxes(fold, collections, g.variables, g.tokens);
  if (fold.axes.size > 0) dropAxisModes(perCollection, sources);
  const partial = takePartial(partialMarks, collections, g, problems);
  // What the service would refuse, refused here for check, push and build alike.
  checkServiceRules(perCollection, g.variables, problems);
  const set = finalSet(collections, g, repositoryAxes);
  if (partial) set.partial = partial;
  return done(set);
}

/** What the resolver document (or, without one, the folder) says the collections and files are. */
interface ReadLayouts {
  layouts: CollectionLayout[];
  /** The resolver document's text and JSON; undefined for a folder without one. */
  resolverText: string | undefined;
  resolverJson: unknown;
  /** Every token file of the folder (read while the files are). */
  listing: Promise<string[]>;
  /** A folder without a resolver document: what notices a file redefining another's tokens (loaded only then). */
  themes: typeof import('./themes.js') | undefined;
}

/** The layouts, or undefined when there is nothing to read (no files, or a broken resolver document). */
async function readLayouts(
  files: TokenFileSource,
  sources: TokenSources,
  problems: Problem[],
): Promise<ReadLayouts | undefined> {
  // The folder listing runs while the files are read (awaited where it is used; caught here so an
  // early return leaves no unhandled rejection).
  const listing = files.list();
  listing.catch(() => undefined);
  const resolverText = await files.read(RESOLVER_FILE);
  if (resolverText === undefined) {
    const listed = await listing;
    if (listed.length === 0) return undefined;
    const layouts = [folderLayout(listed)];
    sources.layouts = layouts;
    return { layouts, resolverText, resolverJson: undefined, listing, themes: await import('./themes.js') };
  }
  const resolverJson = parseOrReport(RESOLVER_FILE, resolverText, sources, problems);
  if (resolverJson === undefined) return undefined;
  const resolverProblems: ResolverProblem[] = [];
  const layouts = parseResolver(resolverJson, resolverProblems);
  sources.layouts = layouts;
  for (const p of resolverProblems)
    problems.push({
      severity: p.severity ?? 'error',
      file: RESOLVER_FILE,
      jsonPath: p.jsonPath,
      message: p.message,
      hint: p.hint,
    });
  return { layouts, resolverText, resolverJson, listing, themes: undefined };
}

const sourcesOf = (l: CollectionLayout, mode: string): TokenSource[] =>
  l.sources?.get(mode) ?? [{ file: l.files.get(mode)! }];

/** Every token file the layouts name, read in parallel and parsed once (parse.ts). */
async function readTokenFiles(
  files: TokenFileSource,
  read: ReadLayouts,
  sources: TokenSources,
  problems: Problem[],
): Promise<{ fileList: string[]; tokenJson: Map<string, WrittenOrder> }> {
  const fileList = [
    ...new Set(
      read.layouts.flatMap((l) =>
        l.collection.modes.flatMap((m) =>
          sourcesOf(l, m.name)
            .filter((s) => s.at === undefined)
            .map((s) => s.file),
        ),
      ),
    ),
  ];
  const tokenJson = new Map<string, WrittenOrder>();
  const texts = await Promise.all(fileList.map((f) => (files.readEscaped ? files.readEscaped(f) : files.read(f))));
  fileList.forEach((f, i) => {
    const text = texts[i];
    if (text === undefined) {
      problems.push({
        severity: 'error',
        file: RESOLVER_FILE,
        jsonPath: [],
        message: `the resolver lists ${f}, which does not exist`,
        hint: 'Run `tokensync pull` to write it, or remove the collection or mode from tokens.resolver.json.',
      });
    } else {
      const parsed =
        typeof text === 'string'
          ? parseTokenFile(f, text, sources, problems)
          : parseEscapedTokenFile(f, text, sources, problems);
      if (parsed) tokenJson.set(f, parsed);
    }
  });
  if (read.resolverText !== undefined) await warnUnlisted(read, fileList, problems);
  return { fileList, tokenJson };
}

/**
 * A token file the resolver does not list is ignored by every tool that follows the resolver: most
 * likely a mode or collection renamed by hand. Say so rather than skip it silently. Style files are
 * listed as design-owned sets, read by src/styles.
 */
async function warnUnlisted(read: ReadLayouts, fileList: string[], problems: Problem[]): Promise<void> {
  const listed = new Set([...fileList, ...designOwnedFiles(read.resolverJson)]);
  for (const f of await read.listing) {
    if (!listed.has(f)) {
      problems.push({
        severity: 'warning',
        file: f,
        offset: 0,
        message: `${RESOLVER_FILE} does not list this file, so tokensync ignores it`,
        hint: `Add it to ${RESOLVER_FILE} as a set or a modifier context, or delete it.`,
      });
    }
  }
}

/** Each collection's raw tokens per mode, from its sources in order (gather.ts). */
function gatherCollections(
  read: ReadLayouts,
  tokenJson: Map<string, WrittenOrder>,
  namespaced: boolean,
  sources: TokenSources,
  problems: Problem[],
): { collections: Collection[]; perCollection: PerCollection[] } {
  const collections: Collection[] = [];
  const perCollection: PerCollection[] = [];
  for (const layout of read.layouts) {
    const c = layout.collection;
    collections.push(c);
    sources.modeFiles.set(c.name, new Map(layout.files));
    if (layout.sources) (sources.merged ??= []).push(c.name);
    const perMode = new Map<string, Map<string, RawToken>>();
    const overridden = read.themes ? new Map<string, OverridePair>() : undefined;
    const ctx: ModeContext = { read, tokenJson, namespaced, problems, layout, overridden };
    for (const mode of c.modes) {
      const out = gatherMode(ctx, mode.name);
      if (out) perMode.set(mode.name, out);
    }
    if (overridden) problems.push(...read.themes!.overrideWarnings(overridden));
    perCollection.push({ layout, perMode });
  }
  return { collections, perCollection };
}

interface ModeContext {
  read: ReadLayouts;
  tokenJson: Map<string, WrittenOrder>;
  namespaced: boolean;
  problems: Problem[];
  layout: CollectionLayout;
  /** A folder without a resolver: tokens a later file redefines (themes.ts). */
  overridden: Map<string, OverridePair> | undefined;
}

/** One mode's raw tokens from its sources, or undefined when one of its files could not be read. */
function gatherMode(ctx: ModeContext, mode: string): Map<string, RawToken> | undefined {
  const { read, tokenJson, namespaced, problems, layout, overridden } = ctx;
  const out = new Map<string, RawToken>();
  let readable = true;
  for (const src of sourcesOf(layout, mode)) {
    if (src.at !== undefined) {
      gatherInline(read.resolverJson, src, layout, namespaced, out, problems);
      continue;
    }
    const parsed = tokenJson.get(src.file);
    if (parsed === undefined) {
      readable = false;
      continue;
    }
    // A folder without a resolver: a file that redefines another's tokens is named (themes.ts).
    const own = overridden ? new Map<string, RawToken>() : out;
    collectTokens(
      parsed.json,
      {
        file: src.file,
        mark: parsed.mark,
        refs: parsed.refs,
        slug: layout.slug,
        namespaced,
        others: othersOf(read.layouts, tokenJson, src.file, layout, mode),
        docs: tokenJson,
      },
      own,
      problems,
    );
    if (overridden && own !== out) read.themes!.mergeNoticing(out, own, overridden);
    const modeWarning = overridden ? read.themes!.modeExtensionWarning(src.file, parsed.json) : undefined;
    if (modeWarning) problems.push(modeWarning);
  }
  return readable ? out : undefined;
}

/** Tokens written inline in the resolver document (a source with `at`). */
function gatherInline(
  resolverJson: unknown,
  src: TokenSource,
  layout: CollectionLayout,
  namespaced: boolean,
  out: Map<string, RawToken>,
  problems: Problem[],
): void {
  let json = at(resolverJson, src.at!);
  if (src.overrides && typeof json === 'object' && json !== null) {
    // Keys beside a `$ref` replace that key of the referenced files whole (resolver §Extending).
    const { $ref: _ref, ...rest } = json as Record<string, unknown>;
    json = rest;
    const keys = new Set(Object.keys(rest));
    for (const [name, t] of out)
      if (src.overrides.includes(t.file) && keys.has(t.dotted.split('.')[0]!)) out.delete(name);
  }
  collectTokens(
    json,
    { file: src.file, mark: -1, refs: true, at: src.at!, slug: layout.slug, namespaced },
    out,
    problems,
  );
}

/**
 * Where a reference not found in its own file is looked up (docs/token-files.md "References across
 * files"): the other files of the same set or context, then the other collections' default modes, in
 * resolution order; the documents the resolver merges with this one.
 */
function othersOf(
  layouts: CollectionLayout[],
  tokenJson: Map<string, WrittenOrder>,
  file: string,
  layout: CollectionLayout,
  mode: string,
): Doc[] {
  const files = [
    ...sourcesOf(layout, mode),
    ...layouts.filter((l) => l !== layout).flatMap((l) => sourcesOf(l, l.collection.defaultMode)),
  ]
    .filter((s) => s.at === undefined && s.file !== file)
    .map((s) => s.file);
  return [...new Set(files)].flatMap((f) => {
    const d = tokenJson.get(f);
    return d ? [{ file: f, json: d.json, mark: d.mark }] : [];
  });
}

/** The validation state shared by every collection (validate.ts). */
function gathered(problems: Problem[], perCollection: PerCollection[], namespaced: boolean): Gathered {
  let index: Map<string, RawToken> | undefined;
  return {
    problems,
    variables: [],
    tokens: [],
    byPath: new Map(),
    pending: [],
    pendingKinds: [],
    reported: new Set(),
    dropped: new Set(),
    typeOf: (dotted) => {
      // Built on first use: only a token without "$type" that aliases needs it.
      index ??= buildIndex(perCollection, namespaced);
      const seen = new Set<string>();
      let t = index.get(dotted);
      while (t && !seen.has(t.dotted)) {
        if (t.type !== undefined) return t.type;
        seen.add(t.dotted);
        const next = refText(t.value);
        t = next === undefined ? undefined : index.get(next);
      }
      return undefined;
    },
  };
}

/** The axes' pseudo-modes were for validation only: the layouts and mode files are the real modes. */
function dropAxisModes(perCollection: PerCollection[], sources: TokenSources): void {
  for (const { layout } of perCollection)
    for (const m of [...layout.files.keys()])
      if (!layout.collection.modes.some((x) => x.name === m)) layout.files.delete(m);
  sources.modeFiles = new Map(perCollection.map((p) => [p.layout.collection.name, new Map(p.layout.files)]));
}

/** The set the analysis returns: what validation kept. */
function finalSet(collections: Collection[], g: Gathered, repositoryAxes: TokenSet['repositoryAxes']): TokenSet {
  const { dropped } = g;
  const set: TokenSet = {
    collections,
    variables: dropped.size > 0 ? g.variables.filter((v: Variable) => !dropped.has(v)) : g.variables,
  };
  const tokens = dropped.size > 0 ? g.tokens.filter((t: RepoToken) => !dropped.has(t)) : g.tokens;
  if (tokens.length > 0) set.tokens = tokens;
  if (repositoryAxes && repositoryAxes.length > 0) set.repositoryAxes = repositoryAxes;
  return set;
}

/** The collections, their files and layouts after the fold (in place: the arrays are the analysis's). */
function refold(
  folded: PerCollection[],
  perCollection: PerCollection[],
  collections: Collection[],
  sources: TokenSources,
): void {
  perCollection.splice(0, perCollection.length, ...folded);
  collections.splice(0, collections.length, ...folded.map((p) => p.layout.collection));
  sources.layouts = folded.map((p) => p.layout);
  sources.modeFiles = new Map(folded.map((p) => [p.layout.collection.name, new Map(p.layout.files)]));
  const merged = folded.filter((p) => p.layout.sources && !p.layout.fold).map((p) => p.layout.collection.name);
  if (merged.length > 0) sources.merged = merged;
  else delete sources.merged;
}

/** Every token file of a folder without a resolver, as one set (merged in path order). */
function folderLayout(files: string[]): CollectionLayout {
  const { slug, collection, mode } = FOLDER_SET;
  return {
    collection: { name: collection, modes: [{ name: mode }], defaultMode: mode },
    slug,
    files: new Map([[mode, files[files.length - 1]!]]),
    contexts: new Map([[mode, mode]]),
    sources: new Map([[mode, files.map((file) => ({ file }))]]),
  };
}

function at(json: unknown, jsonPath: (string | number)[]): unknown {
  let node = json;
  for (const k of jsonPath)
    node = typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[k] : undefined;
  return node;
}

/** Dotted path -> its token in the default mode (types of untyped aliases). */
function buildIndex(
  perCollection: { layout: CollectionLayout; perMode: Map<string, Map<string, RawToken>> }[],
  namespaced: boolean,
): Map<string, RawToken> {
  const out = new Map<string, RawToken>();
  for (const { layout, perMode } of perCollection) {
    for (const [name, t] of perMode.get(layout.collection.defaultMode) ?? []) {
      out.set(
        t.dotted.indexOf('/') === -1
          ? t.dotted
          : namespaced
            ? `${layout.slug}.${name.split('/').join('.')}`
            : name.split('/').join('.'),
        t,
      );
    }
  }
  return out;
}
