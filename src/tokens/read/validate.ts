/**
 * Stage 3, validate: one collection's tokens, from its mode files, into variables and
 * repository-owned tokens. Every value goes through its type's module (src/types/); the rules
 * across mode files live here: a token every mode file holds, one `$type`, one `$description`
 * (the design file has one), and one owner per path across collections. New input rules
 * belong here or in gather.ts, where the key they concern is at hand.
 */
import { DTCG_TYPE_NAMES, type DtcgType, type RepoToken } from '../../model/dtcg.js';
import type { Alias, Collection, Color, TokenKind, Variable } from '../../model/types.js';
import { didYouMean, refText } from '../../types/common.js';
import { typeModule, type ParseContext, type SubPath, type TypeModule } from '../../types/index.js';
import { EXTENSION, type CollectionLayout } from '../resolver-doc.js';
import { readMeta } from '../service-meta.js';
import { readComposed } from './composed.js';
import { pathOf, type RawToken } from './gather.js';
import type { Problem } from './problems.js';

/** Whoever holds a dotted path in the merged set. */
export interface Owner {
  layout: CollectionLayout;
  file: string;
  dtcgType: DtcgType;
  variable: Variable | undefined;
  token: RepoToken | undefined;
}

/** A reference still to resolve: a variable's alias, or one inside a repository-owned token. */
export interface PendingRef {
  /** Filled in place once resolved (the model value already holds this object). */
  alias: Alias;
  /** The text between the braces. */
  target: string;
  /** The type the target must have (for a variable's whole-value alias: checked by variable type). */
  type: DtcgType;
  file: string;
  token: RawToken;
  /** Where below the token's `$value` (its JSON path is built only for a problem). */
  sub: SubPath;
  mode: string;
  variable: Variable | undefined;
  repo: RepoToken | undefined;
  /** A reference that is the whole `$value`. */
  whole: boolean;
  /**
   * What needs the type, for the message, when the sub-path does not say it (a composed color's
   * part); otherwise `whereOf` words it from `sub` when a message needs it.
   */
  where: string | undefined;
  /** A part of this variable's composed color (composed.ts): the target must be a variable. */
  composedOf?: Variable;
}

/** What reading the collections adds up, across collections (for aliases, clashes and the set). */
export interface Gathered {
  problems: Problem[];
  variables: Variable[];
  tokens: RepoToken[];
  byPath: Map<string, Owner>;
  pending: PendingRef[];
  pendingKinds: { variable: Variable; dtcgType: string }[];
  /** Paths of tokens that exist but were already reported (so aliases to them add no noise). */
  reported: Set<string>;
  /** Variables and tokens left out of the set (incomplete, or a reference that does not resolve). */
  dropped: Set<Variable | RepoToken>;
  /** The `$type` of an untyped token that is an alias: its target's (format design-token.md "Type"). */
  typeOf: (dotted: string) => string | undefined;
}

const NO_SUB: SubPath = [];

/** The model value of an alias until it resolves. */
const placeholder = (): Alias => ({ alias: { collection: '', name: '' } });
/** Which token and mode the collection's parse context is working on. */
interface At {
  token: RawToken;
  mode: string;
  repo: RepoToken | undefined;
  ok: boolean;
}

/** One mode file of the collection: its mode, its path, its tokens (undefined: broken or missing). */
interface Slot {
  mode: string;
  file: string;
  tokens: Map<string, RawToken> | undefined;
  /** How many of its tokens the walk has met so far. */
  met: number;
}

/** What validating one collection works with: its files, one parse context, and the set it adds to. */
interface Scan {
  layout: CollectionLayout;
  perMode: Map<string, Map<string, RawToken>>;
  defaultTokens: Map<string, RawToken> | undefined;
  slots: Slot[];
  namespaced: boolean;
  remBase: number;
  g: Gathered;
  at: At;
  ctx: ParseContext;
}

/** One token under way: its base entry (the default mode's, else the first), its module, what it becomes. */
interface Item {
  name: string;
  base: RawToken;
  inDefault: RawToken | undefined;
  mod: TypeModule;
  variable: Variable | undefined;
  repo: RepoToken | undefined;
  /** The default mode's kind, else the first mode's that has a literal. */
  defaultKind: TokenKind | undefined;
  firstKind: TokenKind | undefined;
}

/**
 * One collection's tokens into the set. A function of its own (not a loop inside analyzeTokens) so
 * V8 optimizes this hot loop quickly (the on-stack compile of the whole of analyzeTokens took ~70 ms
 * on a 2-core machine, competing with the check itself: docs/benchmarks.md).
 */
export function validateCollection(
  layout: CollectionLayout,
  perMode: Map<string, Map<string, RawToken>>,
  namespaced: boolean,
  remBase: number,
  g: Gathered,
): void {
  const c = layout.collection;
  const defaultTokens = perMode.get(c.defaultMode);
  const slots = c.modes.map((m) => ({
    mode: m.name,
    file: layout.files.get(m.name)!,
    tokens: perMode.get(m.name),
    met: 0,
  }));
  const at: At = { token: undefined as unknown as RawToken, mode: '', repo: undefined, ok: true };
  const s: Scan = { layout, perMode, defaultTokens, slots, namespaced, remBase, g, at, ctx: parseContext(at, g) };
  // Map#forEach, not for-of: no [name, token] array per token (docs/benchmarks.md "The cold read, sixth round").
  const each = (first: RawToken, name: string): void => validateToken(s, name, first);
  if (defaultTokens === undefined) {
    namesOnlyElsewhere(c, perMode, undefined).forEach(each);
    return;
  }
  // Read order follows the default mode's file: its tokens, then those only other modes have (in
  // mode order). Whether there are any is known from the walk itself: a mode holds a name the
  // default lacks only when fewer of its tokens were met than it has (no union of names is built).
  defaultTokens.forEach(each);
  if (slots.every((slot) => slot.tokens === undefined || slot.met === slot.tokens.size)) return;
  namesOnlyElsewhere(c, perMode, defaultTokens).forEach(each);
}

/** Token names that only modes other than the default hold, in mode order, with their first entry. */
function namesOnlyElsewhere(
  c: Collection,
  perMode: Map<string, Map<string, RawToken>>,
  defaultTokens: Map<string, RawToken> | undefined,
): Map<string, RawToken> {
  const extra = new Map<string, RawToken>();
  for (const m of c.modes) {
    if (m.name === c.defaultMode) continue;
    for (const [n, t] of perMode.get(m.name) ?? []) if (!defaultTokens?.has(n) && !extra.has(n)) extra.set(n, t);
  }
  return extra;
}

/** One parse context for the collection; `at` says which token and mode it is working on. */
function parseContext(at: At, g: Gathered): ParseContext {
  const problem = (severity: 'error' | 'warning', path: SubPath, message: string, hint: string): Problem => ({
    severity,
    file: at.token.file,
    jsonPath: pathOf(at.token, '$value', ...path),
    tokenPath: at.token.dotted,
    message,
    hint,
  });
  return {
    ref: (target, type, path) => {
      const alias = placeholder();
      if (at.repo) g.pending.push(pendingRef(alias, target, type, at.token, path, at.mode, undefined, at.repo, false));
      return alias;
    },
    report: (path, message, hint) => {
      at.ok = false;
      g.problems.push(problem('error', path, message, hint));
    },
    warn: (path, message, hint) => {
      g.problems.push(problem('warning', path, message, hint));
    },
  };
}

/** One token: its type, then its value in every mode file, then its place in the set. */
function validateToken(s: Scan, name: string, first: RawToken): void {
  const inDefault = s.defaultTokens?.get(name);
  const base = inDefault ?? first;
  // The dotted path as written, unless a key holds a "/" (then the name's segments are split further).
  const dottedPath =
    base.dotted.indexOf('/') === -1
      ? base.dotted
      : `${s.namespaced ? `${s.layout.slug}.` : ''}${name.split('/').join('.')}${base.root ? '.$root' : ''}`;
  if (base.broken) {
    s.g.reported.add(dottedPath);
    return;
  }
  const mod = moduleOf(s.g, base, dottedPath);
  if (mod === undefined) return;
  const item = newItem(s, name, base, inDefault, mod);
  let complete = true;
  const { slots } = s;
  for (let i = 0; i < slots.length; i++) if (!readMode(s, item, slots[i]!)) complete = false;
  addToSet(s, item, dottedPath, complete);
}

/** The token's type module (an untyped alias takes its target's type), or undefined after a problem. */
function moduleOf(g: Gathered, base: RawToken, dottedPath: string): TypeModule | undefined {
  let dtcgType = base.type;
  const baseRef = refText(base.value);
  if (dtcgType === undefined && baseRef !== undefined) dtcgType = g.typeOf(baseRef);
  const mod = dtcgType === undefined ? undefined : typeModule(dtcgType);
  if (mod !== undefined) return mod;
  g.reported.add(dottedPath);
  if (dtcgType === undefined) {
    g.problems.push({
      severity: 'error',
      file: base.file,
      jsonPath: pathOf(base),
      at: 'key',
      tokenPath: base.dotted,
      // An alias takes its target's type (design-token.md "Type"), so say why there is none.
      message:
        baseRef === undefined
          ? 'the token has no "$type"'
          : `the token has no "$type", and its alias {${baseRef}} leads to no token that has one`,
      hint: `Add "$type" (one of ${DTCG_TYPE_NAMES.join(', ')}) to the token or a group above it${baseRef === undefined ? '' : ', or point the alias at an existing token'}.`,
    });
    return undefined;
  }
  const guess = didYouMean(dtcgType, DTCG_TYPE_NAMES);
  g.problems.push({
    severity: 'error',
    file: base.file,
    jsonPath: pathOf(base, '$type'),
    tokenPath: base.dotted,
    message: `unknown "$type": "${dtcgType}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
    hint: `Use one of ${DTCG_TYPE_NAMES.join(', ')}.`,
  });
  return undefined;
}

/**
 * The variable or repository-owned token the entry becomes. Repository-owned: a type no variable
 * holds, a `$root` token at the top of a file (no variable name can hold it), or an alias to one. A
 * group's `$root` is the variable named by the group.
 */
function newItem(s: Scan, name: string, base: RawToken, inDefault: RawToken | undefined, mod: TypeModule): Item {
  const c = s.layout.collection;
  const baseRef = refText(base.value);
  const mapping = topRoot(s, base.dotted) || (baseRef !== undefined && topRoot(s, baseRef)) ? undefined : mod.variable;
  const variable: Variable | undefined = mapping
    ? {
        collection: c.name,
        name,
        type: mapping.type,
        description: base.description,
        scopes: readScopes(base.scopes, base.file, base, s.g.problems),
        values: {},
      }
    : undefined;
  if (variable) readKeptMeta(variable, base, s.g.problems);
  const repo: RepoToken | undefined = mapping
    ? undefined
    : {
        collection: c.name,
        name,
        type: mod.type,
        description: base.description,
        values: {},
        owner: 'repository',
        ...(base.deprecated !== undefined && base.deprecated !== false ? { deprecated: base.deprecated } : {}),
      };
  return { name, base, inDefault, mod, variable, repo, defaultKind: undefined, firstKind: undefined };
}

/** A `$root` token at the top of a file (of the collection's group when namespaced). */
function topRoot(s: Scan, dotted: string): boolean {
  return dotted === '$root' || (s.namespaced && dotted === `${s.layout.slug}.$root`);
}

/** Kept service fields (hiddenFromPublishing, codeSyntax: src/tokens/service-meta.ts). */
function readKeptMeta(variable: Variable, base: RawToken, problems: Problem[]): void {
  const { ours } = base;
  // Most tokens keep neither field: nothing to read, nothing to allocate.
  if (ours === undefined || (ours['hiddenFromPublishing'] === undefined && ours['codeSyntax'] === undefined)) return;
  const kept = readMeta(ours);
  if (kept.meta) variable.meta = kept.meta;
  for (const p of kept.problems)
    problems.push({
      severity: 'error',
      file: base.file,
      jsonPath: pathOf(base, '$extensions', EXTENSION, p.key),
      tokenPath: base.dotted,
      message: p.message,
      hint: p.hint,
    });
}

/** The token's value in one mode file; false when that mode leaves the token incomplete. */
function readMode(s: Scan, item: Item, slot: Slot): boolean {
  if (!slot.tokens) return false; // the file itself is broken or missing, already reported
  const t = slot.tokens.get(item.name);
  if (!t) {
    missingInMode(s, item, slot.mode);
    return false;
  }
  slot.met++;
  if (t.broken || !agreesWithBase(s.g.problems, item, t)) return false;
  const { mod, variable, repo } = item;
  const target = refText(t.value);
  if (target !== undefined) {
    // A whole-value alias: any token of the same type.
    const alias = placeholder();
    s.g.pending.push(pendingRef(alias, target, mod.type, t, NO_SUB, slot.mode, variable, repo, true));
    (variable ?? repo!).values[slot.mode] = alias;
    return true;
  }
  if (!plainString(s.g.problems, mod, t)) return false;
  const { at } = s;
  at.token = t;
  at.mode = slot.mode;
  at.repo = repo;
  at.ok = true;
  let value = mod.parse(t.value, s.ctx, NO_SUB);
  if (value === undefined || !at.ok) return false;
  if (mod.extension !== undefined && t.ours !== undefined) value = mod.extension(value as never, t.ours);
  if (variable) {
    const { literal, kind } = mod.variable!.toLiteral(value as never, s.remBase);
    variable.values[slot.mode] = literal;
    const composed = t.ours?.['composed'];
    if (composed !== undefined && !addComposed(variable, literal, composed, t, slot.mode, s.g)) return false;
    item.firstKind ??= kind;
    if (slot.mode === s.layout.collection.defaultMode) item.defaultKind = kind;
  } else {
    repo!.values[slot.mode] = value as never;
  }
  return true;
}

function missingInMode(s: Scan, item: Item, mode: string): void {
  const c = s.layout.collection;
  const { base } = item;
  const other = c.defaultMode === mode ? firstModeWith(s.perMode, item.name, c)?.file : item.inDefault?.file;
  const here = s.layout.files.get(mode)!;
  s.g.problems.push({
    severity: 'error',
    file: here,
    jsonPath: pathOf(base),
    tokenPath: base.dotted,
    message: `mode "${mode}" has no token ${base.dotted}, which ${other ?? base.file} has`,
    hint: `Add ${base.dotted} to ${here} (every mode file of a collection holds the same tokens), or remove it from the other mode files.`,
  });
}

/** A mode file's entry has the base's `$type` and (when both have one) its `$description`. */
function agreesWithBase(problems: Problem[], item: Item, t: RawToken): boolean {
  const { base } = item;
  if (t.type !== base.type) {
    problems.push({
      severity: 'error',
      file: t.file,
      jsonPath: pathOf(t, '$type'),
      tokenPath: t.dotted,
      message: `"$type" is ${JSON.stringify(t.type ?? null)} here but "${base.type ?? item.mod.type}" in ${base.file}`,
      hint: 'Give the token the same "$type" in every mode file of its collection.',
    });
    return false;
  }
  if (t !== base && t.description !== '' && base.description !== '' && t.description !== base.description) {
    problems.push({
      severity: 'error',
      file: t.file,
      jsonPath: pathOf(t, '$description'),
      tokenPath: t.dotted,
      message: `"$description" differs between mode files: ${JSON.stringify(base.description)} in ${base.file}, ${JSON.stringify(t.description)} in ${t.file}`,
      hint: `The design file holds one description per ${item.variable ? 'variable' : 'token'}: write the same text in both files (or keep it only in ${base.file}).`,
    });
    return false;
  }
  return true;
}

/** Braces in a value that is not a whole alias are a broken alias, except in a string or font family. */
function plainString(problems: Problem[], mod: TypeModule, t: RawToken): boolean {
  if (typeof t.value !== 'string' || mod.type === 'string' || mod.type === 'fontFamily') return true;
  if (!t.value.includes('{') && !t.value.includes('}')) return true;
  problems.push({
    severity: 'error',
    file: t.file,
    jsonPath: pathOf(t, '$value'),
    tokenPath: t.dotted,
    message: `"${t.value}" is not a valid alias`,
    hint: 'Write an alias as "{group.token}": the whole value in curly braces, path segments joined by ".".',
  });
  return false;
}

/** The token joins the set (an incomplete one stays addressable but is dropped), and claims its path. */
function addToSet(s: Scan, item: Item, dottedPath: string, complete: boolean): void {
  const { g, layout } = s;
  const { variable, repo, mod, base } = item;
  // One object literal with every field (no shape changes after creation: this runs per token).
  const owner: Owner = { layout, file: base.file, dtcgType: mod.type, variable, token: repo };
  if (variable) {
    // The default mode's unit decides how the token is written back; other modes are converted.
    const kind =
      item.defaultKind ??
      item.firstKind ??
      (mod.type === 'dimension' || mod.type === 'duration' ? undefined : ({ type: mod.type } as TokenKind));
    if (kind) variable.kind = kind;
    else g.pendingKinds.push({ variable, dtcgType: mod.type });
    // An incomplete token stays addressable (so aliases to it do not cascade into more errors) but
    // is left out of the set.
    g.variables.push(variable);
    if (!complete) g.dropped.add(variable);
  } else {
    g.tokens.push(repo!);
    if (!complete) g.dropped.add(repo!);
  }
  const clash = g.byPath.get(dottedPath);
  if (!clash) {
    g.byPath.set(dottedPath, owner);
    return;
  }
  g.problems.push({
    severity: 'error',
    file: base.file,
    jsonPath: pathOf(base),
    at: 'key',
    tokenPath: dottedPath,
    message: `${dottedPath} is defined by collection "${clash.layout.collection.name}" (${clash.file}) and by collection "${layout.collection.name}" (${base.file})`,
    hint: 'Rename one of the two variables, or set `tokens.namespace: collection` in config/tokensync.yaml so each collection sits under its own top-level group.',
  });
}

/** A composed color's parts on the literal (composed.ts); false when they are wrong (reported). */
function addComposed(
  variable: Variable,
  literal: unknown,
  raw: unknown,
  t: RawToken,
  mode: string,
  g: Gathered,
): boolean {
  const read =
    variable.type === 'COLOR' ? readComposed(raw) : { message: '"composed" is for colors only', hint: 'Remove it.' };
  if ('message' in read) {
    g.problems.push({
      severity: 'error',
      file: t.file,
      jsonPath: pathOf(t, '$extensions', EXTENSION, 'composed'),
      tokenPath: t.dotted,
      message: read.message,
      hint: read.hint,
    });
    return false;
  }
  (literal as Color).composed = { color: read.color, opacity: read.opacity };
  for (const r of read.refs) {
    const p = pendingRef(r.alias, r.target, r.type, t, NO_SUB, mode, undefined, undefined, false);
    p.where = `the ${r.type === 'color' ? 'color' : 'opacity'} of a composed color`;
    p.composedOf = variable;
    g.pending.push(p);
  }
  return true;
}

/** A PendingRef, always with the same fields in the same order (one object shape for V8). */
function pendingRef(
  alias: Alias,
  target: string,
  type: DtcgType,
  token: RawToken,
  sub: SubPath,
  mode: string,
  variable: Variable | undefined,
  repo: RepoToken | undefined,
  whole: boolean,
): PendingRef {
  return {
    alias,
    target,
    type,
    file: token.file,
    token,
    sub,
    mode,
    variable,
    repo,
    whole,
    // Worded only for a message (whereOf): most references are never reported.
    where: undefined,
  };
}

/** What needs the reference's type, for a message ("the color of a border"). */
export const whereOf = (p: PendingRef): string => p.where ?? describe(p.sub);

/** `['shadow', 0, 'color']` -> "the color of a shadow" style wording for reference messages. */
function describe(path: SubPath): string {
  const named = path.filter((p): p is string => typeof p === 'string');
  return named.length > 0 ? `"${named.join('.')}"` : 'this element';
}

function firstModeWith(perMode: Map<string, Map<string, RawToken>>, name: string, c: Collection): RawToken | undefined {
  for (const m of c.modes) {
    const t = perMode.get(m.name)?.get(name);
    if (t) return t;
  }
  return undefined;
}

function readScopes(raw: unknown, file: string, t: RawToken, problems: Problem[]): string[] {
  if (raw === undefined) return ['ALL_SCOPES'];
  if (Array.isArray(raw) && raw.every((s) => typeof s === 'string')) return [...raw];
  problems.push({
    severity: 'error',
    file,
    jsonPath: pathOf(t, '$extensions', EXTENSION, 'scopes'),
    tokenPath: t.dotted,
    message: `"scopes" must be an array of scope names, not ${JSON.stringify(raw)}`,
    hint: 'Write e.g. "scopes": ["GAP", "WIDTH_HEIGHT"], or remove "scopes" to allow all scopes.',
  });
  return ['ALL_SCOPES'];
}
