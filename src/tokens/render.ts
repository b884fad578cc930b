/**
 * The model as token files and the resolver document (docs/architecture.md "Files in the repository"). Pure and
 * deterministic: the same set, config and previous sources give the same bytes.
 *
 * What a write keeps from the previous files (`TokenSources` from read):
 * - the key order of groups and tokens, and of the keys inside each token;
 * - everything tokensync does not own: unknown `$extensions` namespaces, `$deprecated`, other `$`
 *   keys on tokens, groups and the file root;
 * - a token's presentation (`$type` and unit): the model's `kind` first, else the previous file's,
 *   else config rules, so a no-op pull is byte-stable even after the rules change. To re-type tokens
 *   after changing rules, remove their `$type` lines (or the files) and pull.
 * New tokens go at the end of their group, in model order; groups left with no tokens are dropped.
 *
 * Repository-owned tokens (`set.tokens`) are the repository's alone: a pull never changes
 * them, so each is written back exactly as the previous file had it (same bytes), or, when there is
 * no previous token, encoded by its type's module.
 */
import type { TokensConfig } from '../config/schema.js';
import { TokensyncError } from '../errors.js';
import { invalidNameReason, nameSegments, uniqueSlugs } from '../model/names.js';
import type { RepoToken } from '../model/dtcg.js';
import {
  isAlias,
  isColor,
  type Alias,
  type Collection,
  type Composition,
  type TokenKind,
  type TokenSet,
  type Value,
  type Variable,
} from '../model/types.js';
import { colorToHex, colorToHex8, valuesEqual } from '../model/values.js';
import { TYPE_MODULES } from '../types/index.js';
import type { TypeModule } from '../types/module.js';
import { decodeValue, encodeLiteral } from './codec.js';
import { jsonEqual, type Marks, Ordered, plainCopy, toJsonText, plainJson, type Json } from './json-write.js';
import {
  filesOf,
  ModeFiles,
  writableSources,
  type PreviousFile,
  type PreviousToken,
  previousFiles,
  writeModeFiles,
} from './mode-files.js';
import { refuseUnheldExtensions, renderExtensionFile, renderFold } from './render-fold.js';
import { plainModeFile } from './render-plain.js';
import { renderMeta } from './service-meta.js';
import { DTCG_TYPES, defaultKind, explicitKindFromConfig, kindFits } from './kinds.js';
import type { TokenSources } from './read/index.js';
import { EXTENSION, RESOLVER_FILE, extensionModifier, renderResolver, type CollectionLayout } from './resolver-doc.js';

type TokenPath = { segs: string[]; id: string; prefixes: string[] };

/** Where each variable and repository-owned token goes in the files, and the text of a reference. */
interface Paths {
  /** Dotted path segments by `collection\0name` (for alias targets). */
  dottedOf: Map<string, string[]>;
  pathOf: Map<Variable, TokenPath>;
  repoPath: Map<RepoToken, TokenPath>;
  refText: (a: Alias) => string;
  /** Every dotted path the set writes, built on first use. */
  knownPaths: () => Set<string>;
}

type ModeFilesOf = (layout: CollectionLayout, mode: string) => ModeFiles;

export function renderTokens(set: TokenSet, config: TokensConfig, previous?: TokenSources): Map<string, string> {
  const out = new Map<string, string>();
  if (set.collections.length === 0 && !previous?.files.has(RESOLVER_FILE)) return out;
  // Extended collections live in their parent's files (render-fold.ts), not in files of their own.
  const { layouts, keptResolver: keptAll } = layoutsFor(
    { ...set, collections: set.collections.filter((c) => c.parent === undefined) },
    previous,
  );
  const folded = new Map(
    (previous?.layouts ?? []).filter((l) => l.fold && writableSources(l)).map((l) => [l.collection.name, l]),
  );
  // A document with overrides is the team's: its sets and modifiers stay as written.
  // So is one with tokens a modifier defines in some contexts only (read/partial.ts), never tokensync's.
  const handWritten = [...folded.values()].some((l) => !l.declared) || previous?.keep !== undefined;
  // Extended collections of tokensync's own collections: a modifier each parent (docs/overrides.md §4).
  const extensionMods = handWritten ? [] : extensionLayouts(set, layouts, folded);
  if (handWritten) refuseUnheldExtensions(set, folded);
  const keptResolver = handWritten || (keptAll && extensionMods.every((x) => x.extensions.every((e) => e.existing)));

  const paths = tokenPaths(set, layouts, config.namespace === 'collection', previous);
  const previousFile = previousFiles(previous);
  const modeFiles = modeFilesOf(previous, previousFile);
  const { encode, plain } = encoderFor(set, config, layouts, paths, modeFiles);
  const { pathOf, repoPath } = paths;
  for (const layout of layouts) {
    const c = layout.collection;
    // An overridden collection (docs/overrides.md §3, §4) goes back to its base, context and extension files.
    const fold = folded.get(c.name);
    if (fold) {
      renderFold(fold, c, { set, pathOf, repoPath, encode, previousFile, out });
      if (fold.fold!.modes) continue;
    }
    renderCollection(set, layout, paths, { encode, plain }, modeFiles, out);
  }

  for (const x of extensionMods)
    for (const e of x.extensions)
      if (!e.existing)
        renderExtensionFile({ set, pathOf, repoPath, encode, previousFile, out }, x.parent, e.file, e.name);

  // The files of a document with overrides that no collection writes (a repository-only axis,
  // docs/overrides.md §5) are the repository's: kept as they are, never stale.
  if (folded.size > 0 || handWritten) for (const [rel, f] of previous!.files) if (!out.has(rel)) out.set(rel, f.text);

  const resolver = resolverText(layouts, extensionMods, keptResolver, previous);
  if (resolver !== undefined) out.set(RESOLVER_FILE, resolver);
  return out;
}

/**
 * The resolver document: as written when every collection and mode is where it already says (in
 * whatever layout: a formatter's is not drift; a folder read without one gets none), else rendered
 * again over the previous one.
 */
function resolverText(
  layouts: CollectionLayout[],
  extensionMods: ExtensionLayout[],
  kept: boolean,
  previous: TokenSources | undefined,
): string | undefined {
  const text = previous?.files.get(RESOLVER_FILE)?.text;
  if (kept) return text;
  let before: unknown;
  if (text !== undefined) {
    try {
      before = JSON.parse(text);
    } catch {
      before = undefined;
    }
  }
  const mods = extensionMods.map((x) => extensionModifier(x.parent.name, x.slug, x.extensions));
  return toJsonText(renderResolver(layouts, before, mods));
}

/** Every variable's and repository-owned token's path; a name that cannot be a path stops the write. */
function tokenPaths(
  set: TokenSet,
  layouts: CollectionLayout[],
  namespaced: boolean,
  previous: TokenSources | undefined,
): Paths {
  const layoutByName = new Map(layouts.map((l) => [l.collection.name, l]));
  const groups = groupNames(set);
  const rooted = rootedPaths(previous);
  const dottedOf = new Map<string, string[]>();
  const place = (t: { collection: string; name: string }, slug: string, withPrefixes: boolean): TokenPath => {
    const segs = namespaced ? [slug, ...nameSegments(t.name)] : nameSegments(t.name);
    // A variable that is also a group is the group's `$root` token (docs/token-files.md).
    if (groups.has(key(t)) || rooted.has(segs.join('\u0000'))) segs.push('$root');
    dottedOf.set(key(t), segs);
    const prefixes: string[] = [];
    // Group paths, for keeping the previous files' groups.
    if (withPrefixes) for (let i = 1; i < segs.length; i++) prefixes.push(segs.slice(0, i).join('\u0000'));
    return { segs, id: segs.join('\u0000'), prefixes };
  };
  const pathOf = new Map<Variable, TokenPath>();
  // Group paths serve only to keep the previous files' groups: none to keep without previous files.
  const withPrefixes = previous !== undefined && previous.files.size > 0;
  for (const v of set.variables) {
    const reason = invalidNameReason(v.name);
    if (reason) {
      throw new TokensyncError(
        'TOKEN_NAME_INVALID',
        `Variable "${v.name}" in collection "${v.collection}" cannot be written as a DTCG token: ${reason}.`,
        { hint: 'Rename the variable in the design file (or in the model), then run the command again.' },
      );
    }
    const layout = layoutByName.get(v.collection);
    if (!layout) {
      throw new TokensyncError(
        'TOKEN_MODEL_INVALID',
        `Variable "${v.name}" belongs to collection "${v.collection}", which the token set does not have.`,
        { hint: 'This is a bug in the stage that built the token set; please report it.' },
      );
    }
    pathOf.set(v, place(v, layout.slug, withPrefixes));
  }
  // Repository-owned tokens: their paths (for aliases to them, and so their groups are kept).
  const repoPath = new Map<RepoToken, TokenPath>();
  for (const t of set.tokens ?? []) {
    const layout = layoutByName.get(t.collection);
    if (layout) repoPath.set(t, place(t, layout.slug, true));
  }
  const refText = (a: Alias): string => {
    const target = dottedOf.get(`${a.alias.collection}\u0000${a.alias.name}`);
    if (!target) {
      throw new TokensyncError(
        'TOKEN_MODEL_INVALID',
        `A token refers to "${a.alias.collection}/${a.alias.name}", which the token set does not have.`,
        { hint: 'Restore the target token, or point the reference at an existing one.' },
      );
    }
    return `{${target.join('.')}}`;
  };
  let known: Set<string> | undefined;
  const knownPaths = (): Set<string> => (known ??= new Set([...dottedOf.values()].map((segs) => segs.join('.'))));
  return { dottedOf, pathOf, repoPath, refText, knownPaths };
}

type Encode = (v: Variable, value: Value, before: PreviousToken) => Ordered;
/** A token no file has, as plain JSON (render-plain.ts): what `Encode` gives it, as `toPlain` copies it. */
type EncodePlain = (v: Variable, value: Value, marks: Marks) => Record<string, unknown>;
interface Encoders {
  encode: Encode;
  plain: EncodePlain;
}

/** The files that hold one mode of a collection, with their previous text. */
function modeFilesOf(
  previous: TokenSources | undefined,
  previousFile: (rel: string) => PreviousFile | undefined,
): ModeFilesOf {
  return (layout, mode) =>
    new ModeFiles(filesOf(layout, mode).map((rel) => ({ rel, prev: previous ? previousFile(rel) : undefined })));
}

/** The token as the file that holds it (or will) has it. */
const previousToken = (files: ModeFiles, segs: readonly string[]) => files.token(files.place(segs), segs);

/**
 * A variable's token with a value, as the file that holds it (or will) has it. One presentation per
 * variable, from the default mode's previous file, the model or the config; decided for the whole set
 * first, because an alias takes its target's type (docs/architecture.md mapping table: "alias | the
 * target's type"), also across collections.
 */
function encoderFor(
  set: TokenSet,
  config: TokensConfig,
  layouts: CollectionLayout[],
  paths: Paths,
  modeFiles: ModeFilesOf,
): Encoders {
  const decided = new Map<Variable, TokenKind | undefined>();
  for (const layout of layouts) {
    const c = layout.collection;
    const files = modeFiles(layout, c.defaultMode);
    for (const v of set.variables) {
      if (v.collection !== c.name) continue;
      decided.set(v, pickKind(v, previousToken(files, paths.pathOf.get(v)!.segs), config));
    }
  }
  const kinds = resolveAliasKinds(set, decided);
  const valueOf = (v: Variable, value: Value): Json => {
    let $value: unknown;
    if (isAlias(value)) {
      const target = paths.dottedOf.get(key(value.alias));
      if (!target) {
        throw new TokensyncError(
          'TOKEN_MODEL_INVALID',
          `Variable "${v.name}" in "${v.collection}" aliases "${value.alias.collection}/${value.alias.name}", which the token set does not have.`,
          { hint: 'Restore the target variable, or point the alias at an existing one.' },
        );
      }
      $value = `{${target.join('.')}}`;
    } else {
      $value = encodeLiteral(value, kinds.get(v)!, config.remBase);
    }
    return $value as Json;
  };
  const composedOf = (value: Value): Json | undefined =>
    isColor(value) && value.composed ? composedJson(value.composed, paths.refText) : undefined;
  return {
    encode: (v, value, before) =>
      tokenObject(before, kinds.get(v)!, valueOf(v, value), v, sameLiteral(value, config.remBase), composedOf(value)),
    plain: (v, value, marks) => plainTokenObject(kinds.get(v)!, valueOf(v, value), v, composedOf(value), marks),
  };
}

/** One collection in tokensync's layout: a file (or the team's files) per mode. */
function renderCollection(
  set: TokenSet,
  layout: CollectionLayout,
  paths: Paths,
  { encode, plain }: Encoders,
  modeFiles: ModeFilesOf,
  out: Map<string, string>,
): void {
  const c = layout.collection;
  const vars = set.variables.filter((v) => v.collection === c.name);
  const repoTokens = (set.tokens ?? []).filter((t) => t.collection === c.name);
  const everyPath = [...vars.map((v) => paths.pathOf.get(v)!), ...repoTokens.map((t) => paths.repoPath.get(t)!)];
  const lost = refuseLost(vars, paths.pathOf, c.name);
  for (const mode of c.modes) {
    const files = modeFiles(layout, mode.name);
    // One file, none there yet: the plain tree directly (render-plain.ts). Variables first, then the
    // repository's tokens, as `everyPath` has them.
    const only = files.files.length === 1 ? files.files[0]! : undefined;
    const direct =
      only && !only.prev
        ? plainModeFile<Variable | RepoToken>(
            [...vars, ...repoTokens],
            (t) => (paths.pathOf.get(t as Variable) ?? paths.repoPath.get(t as RepoToken)!).segs,
            (t, n, marks) =>
              n < vars.length
                ? plain(t as Variable, modeValue(t as Variable, mode.name), marks)
                : plainCopy(repoTokenObject(t as RepoToken, mode.name, paths.refText), marks),
          )
        : undefined;
    if (direct !== undefined) {
      out.set(only!.rel, direct);
      continue;
    }
    const tokens = new Map<string, Ordered>();
    const prefixes = new Set<string>();
    for (const v of vars) {
      const { segs, id, prefixes: ownPrefixes } = paths.pathOf.get(v)!;
      tokens.set(id, encode(v, modeValue(v, mode.name), previousToken(files, segs)));
      for (const p of ownPrefixes) prefixes.add(p);
    }
    for (const t of repoTokens) {
      const { segs, id, prefixes: ownPrefixes } = paths.repoPath.get(t)!;
      // As the file had it, unless a reference in it names a path that is gone (a renamed target):
      // then from the model, whose references follow renames (sync/diff.ts).
      const before = previousToken(files, segs).token;
      tokens.set(
        id,
        before && refsExist(before.get('$value'), paths.knownPaths())
          ? before
          : repoTokenObject(t, mode.name, paths.refText),
      );
      for (const p of ownPrefixes) prefixes.add(p);
    }
    for (const [rel, text] of writeModeFiles(files, everyPath, tokens, prefixes, lost)) out.set(rel, text);
  }
}

/** A variable's value in a mode; a model without one is a bug of the stage that built it. */
function modeValue(v: Variable, mode: string): Value {
  const value = v.values[mode];
  if (value === undefined) {
    throw new TokensyncError(
      'TOKEN_MODEL_INVALID',
      `Variable "${v.name}" in collection "${v.collection}" has no value for mode "${mode}".`,
      { hint: 'This is a bug in the stage that built the token set; please report it.' },
    );
  }
  return value;
}

interface ExtensionLayout {
  parent: Collection;
  slug: string;
  extensions: { name: string; context: string; file: string; existing: boolean }[];
}

/**
 * Where each extended collection of a tokensync-laid-out collection goes: the file and context its
 * modifier already gives it, else `<parent>/extensions/<slug>.tokens.json` in modifier
 * `<parent>-extensions` (docs/overrides.md §4).
 */
function extensionLayouts(
  set: TokenSet,
  layouts: readonly CollectionLayout[],
  folded: Map<string, CollectionLayout>,
): ExtensionLayout[] {
  const out: ExtensionLayout[] = [];
  for (const l of layouts) {
    const exts = set.collections.filter((c) => c.parent === l.collection.name);
    if (exts.length === 0) continue;
    const before = folded.get(l.collection.name)?.fold?.extensions;
    const firstModifier = before ? [...before.values()][0]?.modifier : undefined;
    const slugs = uniqueSlugs(['base', ...exts.map((e) => e.name)]).slice(1);
    out.push({
      parent: l.collection,
      slug: firstModifier?.slug ?? `${l.slug}-extensions`,
      extensions: exts.map((e, i) => {
        const was = before?.get(e.name);
        const file = was ? was.modifier.files.get(was.mode) : undefined;
        return file && was
          ? { name: e.name, context: was.modifier.contexts.get(was.mode) ?? slugs[i]!, file, existing: true }
          : {
              name: e.name,
              context: slugs[i]!,
              file: `${l.slug}/extensions/${slugs[i]!}.tokens.json`,
              existing: false,
            };
      }),
    });
  }
  return out;
}

/**
 * The layout a write uses: each collection where the previous files had it (same name and modes, one
 * file per mode), so a pull does not move the files of a repository tokensync did not write; new or
 * renamed collections and modes get tokensync's own layout. `keptResolver`: every collection kept
 * its place, so the resolver document needs no change.
 */
export function layoutsFor(
  set: TokenSet,
  previous?: TokenSources,
): { layouts: CollectionLayout[]; keptResolver: boolean } {
  const ours = layoutOf(set);
  const before = previous?.layouts;
  if (!before) return { layouts: ours, keptResolver: false };
  let kept = 0;
  const layouts = ours.map((l) => {
    const prev = before.find((p) => p.collection.name === l.collection.name);
    const same =
      prev !== undefined &&
      (prev.sources === undefined || writableSources(prev)) &&
      prev.collection.modes.length === l.collection.modes.length &&
      l.collection.modes.every((m) => prev.files.has(m.name)) &&
      prev.collection.defaultMode === l.collection.defaultMode &&
      prev.collection.modes.every((m, i) => m.name === l.collection.modes[i]!.name);
    if (!same) return l;
    // A collection's own field the resolver document holds (hiddenFromPublishing): the files stay
    // where they are, the document is written again.
    if ((prev.collection.hiddenFromPublishing === true) === (l.collection.hiddenFromPublishing === true)) kept++;
    const keptLayout: CollectionLayout = {
      collection: l.collection,
      slug: prev.slug,
      files: prev.files,
      contexts: prev.contexts,
    };
    if (prev.sources) keptLayout.sources = prev.sources;
    return keptLayout;
  });
  const sameOrder =
    before.length === ours.length && before.every((p, i) => p.collection.name === ours[i]!.collection.name);
  return { layouts, keptResolver: kept === ours.length && sameOrder };
}

/** Folder and file names for each collection and mode: unique slugs, in collection order. */
export function layoutOf(set: TokenSet): CollectionLayout[] {
  const slugs = uniqueSlugs(set.collections.map((c) => c.name));
  return set.collections.map((collection, i) => {
    const slug = slugs[i]!;
    const modeSlugs = uniqueSlugs(collection.modes.map((m) => m.name));
    const files = new Map<string, string>();
    const contexts = new Map<string, string>();
    collection.modes.forEach((m, j) => {
      files.set(m.name, `${slug}/${modeSlugs[j]!}.tokens.json`);
      contexts.set(m.name, modeSlugs[j]!);
    });
    return { collection, slug, files, contexts };
  });
}

const key = (v: { collection: string; name: string }): string => `${v.collection}\u0000${v.name}`;

/** `collection\0name` of every group: each proper prefix of a variable's or token's name. */
function groupNames(set: TokenSet): Set<string> {
  const out = new Set<string>();
  for (const v of [...set.variables, ...(set.tokens ?? [])]) {
    let at = v.name.indexOf('/');
    while (at > 0) {
      out.add(`${v.collection}\u0000${v.name.slice(0, at)}`);
      at = v.name.indexOf('/', at + 1);
    }
  }
  return out;
}

/**
 * Never lose a variable in silence (docs/sync.md "Nothing is dropped"): every variable's token must be
 * where its path says in the written tree, or the write stops and names the first one that is not.
 */
function refuseLost(
  vars: Variable[],
  pathOf: Map<Variable, { segs: string[]; id: string }>,
  collection: string,
): (id: string, file: string) => void {
  const byId = new Map(vars.map((v) => [pathOf.get(v)!.id, v]));
  return (id, file) => {
    const v = byId.get(id);
    if (!v) return;
    throw new TokensyncError(
      'TOKEN_VARIABLE_LOST',
      `Variable "${v.name}" in collection "${collection}" cannot be written to ${file}: its path ${pathOf.get(v)!.segs.join('.')} is taken by another token or group.`,
      { hint: 'Nothing was written. Rename one of the two variables in the design file, then pull again.' },
    );
  };
}

/**
 * Kinds for every variable: what was decided, or for an alias that nothing decided, its target's
 * kind (following the chain through the default modes), or else the type's default.
 */
function resolveAliasKinds(set: TokenSet, decided: Map<Variable, TokenKind | undefined>): Map<Variable, TokenKind> {
  const byKey = new Map(set.variables.map((v) => [key(v), v]));
  const defaultModeOf = new Map(set.collections.map((c) => [c.name, c.defaultMode]));
  const out = new Map<Variable, TokenKind>();
  const resolve = (v: Variable, seen: Set<Variable>): TokenKind => {
    const done = out.get(v) ?? decided.get(v);
    if (done) return done;
    const value = v.values[defaultModeOf.get(v.collection) ?? ''];
    if (value !== undefined && isAlias(value) && !seen.has(v)) {
      seen.add(v);
      const target = byKey.get(key(value.alias));
      if (target) {
        const kind = resolve(target, seen);
        if (kindFits(kind, v.type)) return kind;
      }
    }
    return defaultKind(v.type);
  };
  for (const v of set.variables) out.set(v, resolve(v, new Set()));
  return out;
}

/** The kind the model, the previous file or the config decides; undefined when none of them says. */
function pickKind(v: Variable, before: PreviousToken, config: TokensConfig): TokenKind | undefined {
  if (v.kind && kindFits(v.kind, v.type)) return v.kind;
  const prevTok = before.token;
  const prevType = prevTok?.get('$type') ?? before.inherited;
  if (typeof prevType === 'string') {
    const prevValue = prevTok?.get('$value');
    const unit = prevValue instanceof Ordered ? prevValue.get('unit') : undefined;
    let kind: TokenKind | undefined;
    if (prevType === 'dimension') kind = { type: 'dimension', unit: unit === 'rem' ? 'rem' : 'px' };
    else if (prevType === 'duration') kind = { type: 'duration', unit: unit === 's' ? 's' : 'ms' };
    else if (prevType in DTCG_TYPES) kind = { type: prevType } as TokenKind;
    if (kind && kindFits(kind, v.type)) return kind;
  }
  return explicitKindFromConfig(v, config);
}

/** A composed color's parts for `$extensions["dev.tokensync"].composed` (read/composed.ts). */
function composedJson(c: Composition, ref: (a: Alias) => string): Json {
  const color = isAlias(c.color) ? ref(c.color) : c.color.a < 1 ? colorToHex8(c.color) : colorToHex(c.color);
  const opacity = isAlias(c.opacity) ? ref(c.opacity) : c.opacity;
  return new Ordered().set('color', color).set('opacity', opacity);
}

/**
 * A token object: the previous one's keys and order, with the keys tokensync owns rewritten where
 * the model differs (docs/token-files.md "How a pull edits your files"): a value equal in the model
 * keeps its spelling, and a `$type` the token's groups give it is not repeated on the token.
 */
function tokenObject(
  before: PreviousToken,
  kind: TokenKind,
  $value: Json,
  v: Variable,
  same: (prev: Json, type: string) => boolean,
  composed?: Json,
): Ordered {
  const prev = before.token;
  if (prev === undefined) return newTokenObject(before, kind, $value, v, composed);
  const prevValue = prev?.get('$value');
  const keepValue = prevValue !== undefined && (jsonEqual(prevValue, $value) || same(prevValue, kind.type));
  const ownType = prev?.get('$type');
  const typeGiven =
    ownType === kind.type ||
    (ownType === undefined && (before.inherited ?? (keepValue ? kind.type : undefined)) === kind.type);
  const tok = new Ordered();
  if (!typeGiven) tok.set('$type', kind.type);
  if (prev) for (const [k, val] of prev.entries) tok.set(k, val);
  if (!typeGiven) tok.set('$type', kind.type);
  tok.set('$value', keepValue ? prevValue : $value);
  if (v.description !== '') tok.set('$description', v.description);
  else tok.delete('$description');

  const prevExt = tok.get('$extensions');
  const ext = new Ordered();
  if (prevExt instanceof Ordered) for (const [k, val] of prevExt.entries) ext.set(k, val);
  const ours = ourExtension(v, composed);
  const prevOurs = ext.get(EXTENSION);
  if (ours.entries.size > 0) ext.set(EXTENSION, prevOurs !== undefined && jsonEqual(prevOurs, ours) ? prevOurs : ours);
  else ext.delete(EXTENSION);
  // An empty `$extensions` the team wrote stays as written; one we emptied goes.
  const keptEmpty = prevExt instanceof Ordered && prevExt.entries.size === 0;
  if (ext.entries.size > 0 || keptEmpty) tok.set('$extensions', ext);
  else tok.delete('$extensions');
  return tok;
}

/**
 * `tokenObject` for a token no file has yet (a first pull writes 20k of them at 10k x 2): the same
 * object, built without copying an absent previous token and with `$extensions` only when it holds
 * something.
 */
function newTokenObject(before: PreviousToken, kind: TokenKind, $value: Json, v: Variable, composed?: Json): Ordered {
  const tok = new Ordered();
  if (before.inherited !== kind.type) tok.set('$type', kind.type);
  tok.set('$value', $value);
  if (v.description !== '') tok.set('$description', v.description);
  const ours = ourExtension(v, composed);
  if (ours.entries.size > 0) tok.set('$extensions', new Ordered().set(EXTENSION, ours));
  return tok;
}

/**
 * `newTokenObject` with no previous file (no inherited `$type`) as plain JSON, as `toPlain` copies it:
 * `$type`, `$value`, `$description` when there is one, `$extensions` when it holds something.
 */
function plainTokenObject(
  kind: TokenKind,
  $value: Json,
  v: Variable,
  composed: Json | undefined,
  marks: Marks,
): Record<string, unknown> {
  const tok: Record<string, unknown> = { $type: kind.type, $value: plainCopy($value, marks) };
  if (v.description !== '') tok['$description'] = v.description;
  const ours = ourExtension(v, composed);
  if (ours.entries.size > 0) tok['$extensions'] = { [EXTENSION]: plainCopy(ours, marks) };
  return tok;
}

/** What tokensync writes in its own `$extensions` namespace for a token. */
function ourExtension(v: Variable, composed: Json | undefined): Ordered {
  const ours = new Ordered();
  // Non-default metadata only (docs/architecture.md): scopes when they are not ALL_SCOPES.
  if (!(v.scopes.length === 1 && v.scopes[0] === 'ALL_SCOPES')) ours.set('scopes', [...v.scopes]);
  // Kept service fields: hiddenFromPublishing, codeSyntax.
  renderMeta(ours, v.meta);
  // This mode's composed color (docs/token-files.md "Composed colors").
  if (composed !== undefined) ours.set('composed', composed);
  return ours;
}

/** Whether a previous `$value` means the model's literal (colors by 8-bit hex, floats at 6 decimals). */
function sameLiteral(value: Value, remBase: number): (prev: Json, type: string) => boolean {
  return (prev, type) => {
    if (isAlias(value)) return false;
    const decoded = decodeValue(plainJson(prev), type, 'STRING', remBase);
    return decoded.ok && 'literal' in decoded && valuesEqual(decoded.literal, value);
  };
}

/** A repository-owned token with no previous file to keep: written from the model. */
function repoTokenObject(t: RepoToken, mode: string, ref: (a: Alias) => string): Ordered {
  const tok = new Ordered();
  tok.set('$type', t.type);
  const value = t.values[mode];
  tok.set(
    '$value',
    (value === undefined ? null : (TYPE_MODULES[t.type].encode(value as never, { ref }) as Json)) ?? null,
  );
  if (t.description !== '') tok.set('$description', t.description);
  if (t.deprecated !== undefined) tok.set('$deprecated', t.deprecated);
  // What DTCG cannot say about the value (a gradient's kind and angle), where the reader finds it.
  const mod = TYPE_MODULES[t.type] as TypeModule;
  const ours =
    value !== undefined && !isAlias(value as never) && mod.extensionOf ? mod.extensionOf(value as never) : undefined;
  if (ours) tok.set('$extensions', new Ordered().set(EXTENSION, ours as Json));
  return tok;
}

/** Whether a JSON text is laid out as tokensync writes it (2-space indent, final newline). */
export function inPlainLayout(text: string): boolean {
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n` === text;
  } catch {
    return false;
  }
}

/** Whether every `"{a.b}"` reference in a written value names a token the set has. */
function refsExist(value: Json | undefined, known: Set<string>): boolean {
  if (typeof value === 'string') {
    const m = /^\{([^{}]+)\}$/.exec(value);
    return !m?.[1] || known.has(m[1]);
  }
  if (value instanceof Ordered) {
    for (const v of value.entries.values()) if (!refsExist(v, known)) return false;
    return true;
  }
  if (Array.isArray(value)) return value.every((v) => refsExist(v, known));
  return true;
}

/**
 * Paths the team's files already write as a group's `$root` token (`{"disabled": {"$root": {…}}}`):
 * a pull keeps that form, also where no other token shares the group, so it never rewrites it
 * (docs/token-files.md "How a pull edits your files").
 */
function rootedPaths(previous: TokenSources | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (node: unknown, at: string[]): void => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$root') out.add(at.join('\u0000'));
      else if (!k.startsWith('$')) walk(v, [...at, k]);
    }
  };
  for (const { json } of previous?.files.values() ?? []) walk(json, []);
  return out;
}
