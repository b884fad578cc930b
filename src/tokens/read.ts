/**
 * Token files back into the model (DESIGN.md "Files in the repository"), collecting every problem.
 *
 * This is the `check` path (pre-commit), so it must stay fast and light: it parses with JSON.parse,
 * imports no Style Dictionary, undici or zod, and computes line:column only for the problems it
 * reports (the position-keeping parse of json-tree.ts runs only for files that have one). The key
 * order that JSON.parse loses for integer-like keys is kept by `parseInWrittenOrder`, still one
 * JSON.parse per file.
 *
 * Rules, each reported with file:line:column, the token path and the fix:
 * broken JSON; a token without `$type` or with a type tokensync cannot hold; a value that does not fit
 * its type; an alias to an unknown token or of another type; an alias cycle; a mode file missing a
 * token its sibling mode files have (or `$type` differing between them); a path held by two
 * collections (with `tokens.namespace: none`).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TokensConfig } from '../config/schema.js';
import { fsError } from '../fs/errors.js';
import { readTextFile } from '../fs/read.js';
import type { Alias, Collection, TokenKind, TokenSet, Value, Variable } from '../model/types.js';
import { decodeValue } from './codec.js';
import type { Diagnostic } from './errors.js';
import { tooDeep } from './json-depth.js';
import { findSyntaxError, lineColumn, locate, parseJsonTree } from './json-tree.js';
import { DTCG_TYPES } from './kinds.js';
import { EXTENSION, RESOLVER_FILE, isObject, parseResolver, type CollectionLayout, type ResolverProblem } from './resolver-doc.js';

/** What read() saw, so a later write can keep what it does not own (see render.ts). */
export interface TokenSources {
  /** File path relative to the tokens folder -> its text and parsed JSON (undefined when broken). */
  files: Map<string, { text: string; json: unknown }>;
  /** Collection name -> mode name -> file path relative to the tokens folder. */
  modeFiles: Map<string, Map<string, string>>;
}

interface Problem {
  severity: 'error' | 'warning';
  /** Relative to the tokens folder. */
  file: string;
  /** Where in the file: a JSON path (resolved to a position only when reported) or an offset. */
  jsonPath?: (string | number)[];
  at?: 'key' | 'value';
  offset?: number;
  tokenPath?: string;
  message: string;
  hint: string;
}

/** A token as found in one mode file. */
interface RawToken {
  /** Variable name (slash path, without the namespace group). */
  name: string;
  /** Dotted DTCG path as written (with the namespace group). */
  dotted: string;
  /** JSON path of the group holding it (shared by its siblings) and its key: see `pathOf`. */
  group: string[];
  key: string;
  type: string | undefined;
  value: unknown;
  description: string;
  scopes: unknown;
}

export interface Analysis {
  set: TokenSet;
  sources: TokenSources;
  diagnostics: Diagnostic[];
}

const RESERVED = /[.{}]/;

/** The value of an alias until it resolves; a variable whose alias does not resolve is dropped. */
const UNRESOLVED: Alias = { alias: { collection: '', name: '' } };

/** A token's JSON path, and below it: built only for a problem (not stored per token). */
const pathOf = (t: RawToken, ...below: string[]): string[] => [...t.group, t.key, ...below];
const KNOWN_UNSUPPORTED = new Set(['cubicBezier', 'strokeStyle', 'border', 'transition', 'shadow', 'gradient', 'typography']);

export async function analyzeTokens(root: string, config: TokensConfig): Promise<Analysis> {
  const dir = path.resolve(root, config.dir);
  const displayDir = path.relative(root, dir).split(path.sep).join('/') || '.';
  const problems: Problem[] = [];
  const sources: TokenSources = { files: new Map(), modeFiles: new Map() };
  const emptySet: TokenSet = { collections: [], variables: [] };

  // The folder listing runs while the files are read (awaited where it is used; caught here so an
  // early return leaves no unhandled rejection).
  const listing = tokenFiles(dir);
  listing.catch(() => undefined);
  const resolverText = await readText(path.join(dir, RESOLVER_FILE));
  if (resolverText === undefined) {
    // No resolver: an empty set, unless token files exist that it should describe.
    const stray = (await listing)[0];
    if (stray) {
      problems.push({
        severity: 'error',
        file: stray,
        offset: 0,
        message: `${RESOLVER_FILE} is missing, so tokensync cannot tell which collection and mode this file is`,
        hint: 'Run `tokensync pull` to write it, or restore it from version control.',
      });
    }
    return { set: emptySet, sources, diagnostics: await toDiagnostics(problems, sources, dir, displayDir) };
  }
  const resolverJson = parseOrReport(RESOLVER_FILE, resolverText, sources, problems);
  if (resolverJson === undefined) return { set: emptySet, sources, diagnostics: await toDiagnostics(problems, sources, dir, displayDir) };
  const resolverProblems: ResolverProblem[] = [];
  const layouts = parseResolver(resolverJson, resolverProblems);
  for (const p of resolverProblems) problems.push({ severity: 'error', file: RESOLVER_FILE, jsonPath: p.jsonPath, message: p.message, hint: p.hint });

  // Read every mode file in parallel.
  /** Token files as parsed for the walk: integer-like keys marked so they keep their written order. */
  const tokenJson = new Map<string, WrittenOrder>();
  const fileList = layouts.flatMap((l) => [...l.files.values()]);
  const texts = await Promise.all(fileList.map((f) => readText(path.join(dir, f))));
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
      const parsed = parseTokenFile(f, text, sources, problems);
      if (parsed) tokenJson.set(f, parsed);
    }
  });

  // A token file the resolver does not list is ignored by every tool that follows the resolver:
  // most likely a mode or collection renamed by hand. Say so rather than skip it silently.
  const listed = new Set(fileList);
  for (const f of await listing) {
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

  const namespaced = config.namespace === 'collection';
  const collections: Collection[] = [];
  const gathered: Gathered = { problems, variables: [], byPath: new Map(), pendingAliases: [], pendingKinds: [], reported: new Set(), dropped: new Set() };
  const { variables, byPath, pendingAliases, pendingKinds, reported, dropped } = gathered;
  /** Variable -> mode -> the variable its alias resolved to (for kinds and cycles, without string keys). */
  const targets: AliasTargets = new Map();

  for (const layout of layouts) {
    const c = layout.collection;
    collections.push(c);
    sources.modeFiles.set(c.name, new Map(layout.files));
    // Tokens per mode.
    const perMode = new Map<string, Map<string, RawToken>>();
    for (const mode of c.modes) {
      const file = layout.files.get(mode.name)!;
      const parsed = tokenJson.get(file);
      if (parsed === undefined) continue;
      perMode.set(mode.name, collectTokens(parsed, file, layout.slug, namespaced, problems));
    }
    readCollection(layout, perMode, namespaced, config.remBase, gathered);
  }

  const anyFileBroken = sources.files.size > tokenJson.size + 1; // + 1: the resolver, parsed above
  // Aliases: by dotted path in the merged set (DESIGN.md: "curly-brace references to a token path in
  // the set that the resolver merges").
  for (const a of pendingAliases) {
    const dotted = a.target;
    const owner = byPath.get(dotted);
    if (!owner) {
      dropped.add(a.variable);
      // Not worth a second message when the target's own problem was reported, or when a file of
      // the set could not be parsed (its tokens are unknown until the syntax is fixed).
      if (reported.has(dotted) || anyFileBroken) continue;
      problems.push({
        severity: 'error',
        file: a.file,
        jsonPath: pathOf(a.token, '$value'),
        tokenPath: a.dotted,
        message: `alias {${dotted}} points to no token`,
        hint: `Point it at an existing token${namespaced ? ' (with `tokens.namespace: collection` the path starts with the collection folder name, e.g. {primitives.color.blue.500})' : ''}, or add the token it names.`,
      });
      continue;
    }
    if (owner.variable.type !== a.variable.type) {
      problems.push({
        severity: 'error',
        file: a.file,
        jsonPath: pathOf(a.token, '$value'),
        tokenPath: a.dotted,
        message: `alias {${dotted}} points to a ${owner.variable.type} token, but this token is ${a.variable.type}`,
        hint: 'Point the alias at a token of the same type, or change this token\'s "$type".',
      });
      dropped.add(a.variable);
      continue;
    }
    const alias: Alias = { alias: { collection: owner.variable.collection, name: owner.variable.name } };
    a.variable.values[a.mode] = alias;
    let byMode = targets.get(a.variable);
    if (!byMode) targets.set(a.variable, (byMode = new Map()));
    byMode.set(a.mode, owner.variable);
  }

  // Dimension and duration tokens that only alias take their unit from what they point to.
  for (const p of pendingKinds) p.variable.kind = inheritKind(p.variable, p.dtcgType, targets);

  for (const cycle of findCycles(collections, targets)) {
    const first = cycle[0]!;
    const where = pendingAliases.find((a) => a.variable === first.variable && a.mode === first.mode);
    problems.push({
      severity: 'error',
      file: where?.file ?? RESOLVER_FILE,
      jsonPath: where ? pathOf(where.token, '$value') : [],
      ...(where ? { tokenPath: where.dotted } : {}),
      message: `alias cycle: ${cycle.map((n) => `${n.variable.collection}/${n.variable.name} (${n.mode})`).join(' -> ')} -> back to the start`,
      hint: 'Make one token in the cycle hold a literal value instead of an alias.',
    });
    for (const n of cycle) dropped.add(n.variable);
  }

  const set: TokenSet = { collections, variables: dropped.size > 0 ? variables.filter((v) => !dropped.has(v)) : variables };
  return { set, sources, diagnostics: await toDiagnostics(problems, sources, dir, displayDir) };
}

/** What reading the collections adds up, across collections (for aliases, clashes and the set). */
interface Gathered {
  problems: Problem[];
  variables: Variable[];
  /** Dotted path -> owner, across collections (for clashes and aliases). */
  byPath: Map<string, { layout: CollectionLayout; variable: Variable; file: string }>;
  /** `target`: the alias's dotted path, as written between the braces. */
  pendingAliases: { variable: Variable; mode: string; file: string; token: RawToken; dotted: string; target: string }[];
  pendingKinds: { variable: Variable; dtcgType: string }[];
  /** Paths of tokens that exist but were already reported (so aliases to them add no noise). */
  reported: Set<string>;
  /** Variables left out of the set (incomplete, or an alias that does not resolve). */
  dropped: Set<Variable>;
}

/**
 * One collection's tokens, from its mode files, into variables. A function of its own (not a loop
 * inside analyzeTokens) so V8 optimizes this hot loop quickly (issue 6: the OSR compile of the whole
 * of analyzeTokens took ~70 ms on the 2-core machine, competing with the check itself).
 */
function readCollection(layout: CollectionLayout, perMode: Map<string, Map<string, RawToken>>, namespaced: boolean, remBase: number, g: Gathered): void {
  const { problems, variables, byPath, pendingAliases, pendingKinds, reported, dropped } = g;
  const c = layout.collection;
  const defaultTokens = perMode.get(c.defaultMode);
  // Union of token names, default mode first, so read order follows the default mode's file: the
  // default mode's tokens, then those only other modes have (in mode order).
  const extra = new Map<string, RawToken>();
  for (const m of c.modes) {
    if (m.name === c.defaultMode) continue;
    for (const [n, t] of perMode.get(m.name) ?? []) if (!defaultTokens?.has(n) && !extra.has(n)) extra.set(n, t);
  }
  const names = defaultTokens === undefined ? extra : extra.size === 0 ? defaultTokens : new Map([...defaultTokens, ...extra]);
  const defaultFile = layout.files.get(c.defaultMode)!;
  const slots = c.modes.map((m) => ({ mode: m.name, file: layout.files.get(m.name)!, tokens: perMode.get(m.name) }));

  for (const [name, first] of names) {
    const inDefault = defaultTokens?.get(name);
    const base = inDefault ?? first;
    const baseFile = inDefault ? defaultFile : layout.files.get(firstModeWith(perMode, name, c))!;
    const dtcgType = base.type;
    // The dotted path as written, unless a key holds a "/" (then the name's segments are split further).
    const dottedPath = base.dotted.indexOf('/') === -1 ? base.dotted : namespaced ? `${layout.slug}.${name.split('/').join('.')}` : name.split('/').join('.');
    if (dtcgType === undefined || DTCG_TYPES[dtcgType] === undefined) reported.add(dottedPath);
    if (dtcgType === undefined) {
      problems.push({ severity: 'error', file: baseFile, jsonPath: pathOf(base), at: 'key', tokenPath: base.dotted, message: 'the token has no "$type"', hint: `Add "$type" (one of ${Object.keys(DTCG_TYPES).join(', ')}) to the token or a group above it.` });
      continue;
    }
    const varType = DTCG_TYPES[dtcgType];
    if (varType === undefined) {
      problems.push({
        severity: 'error',
        file: baseFile,
        jsonPath: pathOf(base, '$type'),
        tokenPath: base.dotted,
        message: KNOWN_UNSUPPORTED.has(dtcgType) ? `"$type": "${dtcgType}" has no counterpart among design-file variables` : `unknown "$type": "${dtcgType}"`,
        hint: `Use one of ${Object.keys(DTCG_TYPES).join(', ')}${KNOWN_UNSUPPORTED.has(dtcgType) ? `, or keep ${dtcgType} tokens in a file outside ${RESOLVER_FILE}` : ''}.`,
      });
      continue;
    }
    const variable: Variable = {
      collection: c.name,
      name,
      type: varType,
      description: base.description,
      scopes: readScopes(base.scopes, baseFile, base, problems),
      values: {},
    };
    /** The default mode's unit, else the first mode's that has one. */
    let defaultUnit: string | undefined;
    let firstUnit: string | undefined;
    let complete = true;
    for (const { mode: modeName, file, tokens } of slots) {
      if (!tokens) {
        complete = false;
        continue; // the file itself is broken or missing, already reported
      }
      const t = tokens.get(name);
      if (!t) {
        const other = layout.files.get(c.defaultMode === modeName ? firstModeWith(perMode, name, c) : c.defaultMode) ?? baseFile;
        problems.push({
          severity: 'error',
          file,
          jsonPath: pathOf(base),
          tokenPath: base.dotted,
          message: `mode "${modeName}" has no token ${base.dotted}, which ${other} has`,
          hint: `Add ${base.dotted} to ${file} (every mode file of a collection holds the same tokens), or remove it from the other mode files.`,
        });
        complete = false;
        continue;
      }
      if (t.type !== dtcgType) {
        problems.push({
          severity: 'error',
          file,
          jsonPath: pathOf(t, '$type'),
          tokenPath: t.dotted,
          message: `"$type" is ${JSON.stringify(t.type ?? null)} here but "${dtcgType}" in ${baseFile}`,
          hint: 'Give the token the same "$type" in every mode file of its collection.',
        });
        complete = false;
        continue;
      }
      const decoded = decodeValue(t.value, dtcgType, varType, remBase);
      if (!decoded.ok) {
        problems.push({ severity: 'error', file, jsonPath: pathOf(t, '$value'), tokenPath: t.dotted, message: decoded.message, hint: decoded.hint });
        complete = false;
        continue;
      }
      if ('aliasPath' in decoded) {
        // parseAlias split the text between the braces at "."; that text is the path to look up.
        pendingAliases.push({ variable, mode: modeName, file, token: t, dotted: t.dotted, target: (t.value as string).slice(1, -1) });
        // Placeholder until resolved below; replaced or the variable is dropped.
        variable.values[modeName] = UNRESOLVED;
      } else {
        variable.values[modeName] = decoded.literal;
        if (decoded.unit !== undefined) {
          firstUnit ??= decoded.unit;
          if (modeName === c.defaultMode) defaultUnit = decoded.unit;
        }
      }
    }
    // The default mode's unit decides how the token is written back; other modes are converted.
    const kind = kindOf(dtcgType, defaultUnit ?? firstUnit);
    if (kind) variable.kind = kind;
    else pendingKinds.push({ variable, dtcgType });
    // An incomplete token stays addressable (so aliases to it do not cascade into more errors) but
    // is left out of the set.
    variables.push(variable);
    if (!complete) dropped.add(variable);

    const dotted = dottedPath;
    const owner = byPath.get(dotted);
    if (owner) {
      problems.push({
        severity: 'error',
        file: baseFile,
        jsonPath: pathOf(base),
        at: 'key',
        tokenPath: dotted,
        message: `${dotted} is defined by collection "${owner.layout.collection.name}" (${owner.file}) and by collection "${c.name}" (${baseFile})`,
        hint: 'Rename one of the two variables, or set `tokens.namespace: collection` in config/tokensync.yaml so each collection sits under its own top-level group.',
      });
    } else {
      byPath.set(dotted, { layout, variable, file: baseFile });
    }
  }
}

function firstModeWith(perMode: Map<string, Map<string, RawToken>>, name: string, c: Collection): string {
  return c.modes.find((m) => perMode.get(m.name)?.has(name))?.name ?? c.defaultMode;
}

function kindOf(dtcgType: string, unit: string | undefined): TokenKind | undefined {
  switch (dtcgType) {
    case 'dimension':
      return unit === undefined ? undefined : { type: 'dimension', unit: unit === 'rem' ? 'rem' : 'px' };
    case 'duration':
      return unit === undefined ? undefined : { type: 'duration', unit: unit === 's' ? 's' : 'ms' };
    default:
      return { type: dtcgType } as TokenKind;
  }
}

/** Variable -> mode -> the variable its alias points to; only aliases that resolved are here. */
type AliasTargets = Map<Variable, Map<string, Variable>>;

/** The kind of the first token with a literal down an alias chain; px/ms when there is none. */
function inheritKind(v: Variable, dtcgType: string, targets: AliasTargets): TokenKind {
  let current: Variable | undefined = v;
  const seen = new Set<Variable>();
  while (current && !seen.has(current)) {
    seen.add(current);
    if (current !== v && current.kind?.type === dtcgType) return current.kind;
    // The first mode's value decides (the default mode's unit is how the token is written).
    let firstMode: string | undefined;
    for (const m in current.values) {
      firstMode = m;
      break;
    }
    if (firstMode === undefined) break;
    current = targets.get(current)?.get(firstMode);
  }
  return dtcgType === 'duration' ? { type: 'duration', unit: 'ms' } : { type: 'dimension', unit: 'px' };
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

/**
 * A token file parsed so that its keys keep the order they are written in. JSON.parse lists
 * integer-like keys (`"100"`, `"500"`: every palette has them) first, whatever the file says, and read
 * order (thus the order of the model, of the build output, and of problems at the same position)
 * follows the file. Rather than a second, position-keeping parse of the whole file (json-tree.ts;
 * it cost ~130 ms at 10k variables x 2 modes, issue 6), such keys get a one-character prefix in the
 * text before JSON.parse, so they are ordinary keys that keep their place; the walk strips it.
 *
 * The prefix is a control character the file does not hold: raw control characters cannot occur in
 * valid JSON, so it is enough that the file has no `\u000N` escape of it. Only keys are marked: in
 * valid JSON a `"` that no backslash precedes, followed by digits, `"` and `:`, opens a key.
 */
interface WrittenOrder {
  json: unknown;
  /** Char code of the prefix on integer-like keys, or -1 when no key carries one. */
  mark: number;
}

const INTEGER_KEY = /(?<!\\)"(0|[1-9]\d*)"(?=\s*:)/g;
const INTEGER_KEY_TEST = /"(?:0|[1-9]\d*)"\s*:/;

/** Throws JSON.parse's SyntaxError when the text is not JSON. */
function parseInWrittenOrder(text: string): WrittenOrder {
  if (INTEGER_KEY_TEST.test(text)) {
    for (let code = 0; code < 8; code++) {
      const escape = `\\u000${code}`;
      if (text.includes(escape)) continue;
      try {
        return { json: JSON.parse(text.replace(INTEGER_KEY, `"${escape}$1"`)), mark: code };
      } catch {
        break; // not JSON: the plain parse below throws the error to report
      }
    }
    // A file holding all eight escapes keeps JSON.parse's order (integer-like keys first).
  }
  return { json: JSON.parse(text), mark: -1 };
}

/** A key as written: without the mark of parseInWrittenOrder. */
function unmark(key: string, mark: number): string {
  return key.charCodeAt(0) === mark ? key.slice(1) : key;
}

/** Deep copy without marks, for the rare `$value` object with integer-like keys. */
function unmarkDeep(value: unknown, mark: number): unknown {
  if (Array.isArray(value)) return value.map((v) => unmarkDeep(v, mark));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[unmark(k, mark)] = unmarkDeep(v, mark);
  return out;
}

/** Whether a marked key is anywhere in a `$value` (runs for every object value: no callbacks). */
function hasMark(value: unknown, mark: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const v of value as unknown[]) if (hasMark(v, mark)) return true;
    return false;
  }
  for (const k in value) if (k.charCodeAt(0) === mark || hasMark((value as Record<string, unknown>)[k], mark)) return true;
  return false;
}

/** Walks one mode file; tokens keyed by variable name. */
function collectTokens(parsed: WrittenOrder, file: string, slug: string, namespaced: boolean, problems: Problem[]): Map<string, RawToken> {
  const out = new Map<string, RawToken>();
  const { json, mark } = parsed;
  if (!isObject(json)) {
    problems.push({ severity: 'error', file, offset: 0, message: 'a token file must hold a JSON object', hint: 'Wrap the tokens in { }.' });
    return out;
  }
  let start: Record<string, unknown> = json;
  let startPath: string[] = [];
  if (namespaced) {
    for (const marked of Object.keys(json)) {
      const key = unmark(marked, mark);
      if (key !== slug && !key.startsWith('$')) {
        problems.push({
          severity: 'error',
          file,
          jsonPath: [key],
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
    if (!isObject(inner)) return out;
    start = inner;
    startPath = [slug];
  }
  walkGroup({ out, file, mark, problems }, start, startPath, namespaced ? `${slug}.` : '', '', isObject(json) && typeof json['$type'] === 'string' ? json['$type'] : undefined);
  return out;
}

/** One file's walk: where tokens go, the file, its key mark, and where problems go. */
interface Walk {
  out: Map<string, RawToken>;
  file: string;
  mark: number;
  problems: Problem[];
}

/**
 * Tokens of a group and the groups below it. Top-level rather than a closure in collectTokens: V8
 * optimizes a closure anew for each file, which cost ~40 ms of compiling per file at 10k x 2.
 * `dotPrefix` and `namePrefix`: the group's dotted path and variable name, each with its separator.
 */
function walkGroup(w: Walk, group: Record<string, unknown>, jsonPath: string[], dotPrefix: string, namePrefix: string, inheritedType: string | undefined): void {
  const { out, file, mark, problems } = w;
  const groupType = typeof group['$type'] === 'string' ? group['$type'] : inheritedType;
  for (const marked in group) {
    if (marked.charCodeAt(0) === 36 /* $ */) continue;
    const node = group[marked];
    const key = unmark(marked, mark);
    const dotted = dotPrefix + key;
    if (!isObject(node)) {
      problems.push({
        severity: 'error',
        file,
        jsonPath: [...jsonPath, key],
        at: 'key',
        tokenPath: dotted,
        message: `"${key}" is neither a token (an object with "$value") nor a group`,
        hint: `Write it as { "$type": "...", "$value": ${JSON.stringify(node)} }.`,
      });
      continue;
    }
    if (RESERVED.test(key)) {
      problems.push({
        severity: 'error',
        file,
        jsonPath: [...jsonPath, key],
        at: 'key',
        tokenPath: dotted,
        message: `the name "${key}" contains ".", "{" or "}", which DTCG reserves for paths and aliases`,
        hint: 'Rename it without those characters (use "-" or a nested group).',
      });
      continue;
    }
    if (!('$value' in node)) {
      walkGroup(w, node, [...jsonPath, key], `${dotted}.`, `${namePrefix}${key}/`, groupType);
      continue;
    }
    let child: string | undefined;
    for (const k in node) {
      if (k.charCodeAt(0) !== 36 /* $ */) {
        child = unmark(k, mark);
        break;
      }
    }
    if (child !== undefined) {
      problems.push({
        severity: 'error',
        file,
        jsonPath: [...jsonPath, key, child],
        at: 'key',
        tokenPath: dotted,
        message: `the token ${dotted} also has child "${child}"; a token cannot be a group`,
        hint: `Move "${child}" out of the token, or rename one of them (a variable name cannot be both "a/b" and "a/b/c").`,
      });
    }
    const ownType = node['$type'];
    const ext = node['$extensions'];
    const ours = isObject(ext) ? ext[EXTENSION] : undefined;
    const desc = node['$description'];
    const name = namePrefix + key;
    const value = node['$value'];
    out.set(name, {
      name,
      dotted,
      group: jsonPath,
      key,
      type: typeof ownType === 'string' ? ownType : groupType,
      value: mark >= 0 && typeof value === 'object' && value !== null && hasMark(value, mark) ? unmarkDeep(value, mark) : value,
      description: typeof desc === 'string' ? desc : '',
      scopes: isObject(ours) ? ours['scopes'] : undefined,
    });
  }
}

interface Node {
  variable: Variable;
  mode: string;
}

/**
 * Alias cycles, each once. A node is (variable, mode). An alias inside a collection follows the same
 * mode; an alias into another collection may land in any of its modes (the consumer picks the mode),
 * so all of them are followed: conservative, and what the design file itself refuses.
 */
function findCycles(collections: Collection[], targets: AliasTargets): Node[][] {
  const modesOf = new Map(collections.map((c) => [c.name, c.modes.map((m) => m.name)]));
  /** Per variable, per mode: 1 on the stack, 2 done. */
  const state = new Map<Variable, Map<string, 1 | 2>>();
  const stateOf = (n: Node): 1 | 2 | undefined => state.get(n.variable)?.get(n.mode);
  const setState = (n: Node, s: 1 | 2): void => {
    let byMode = state.get(n.variable);
    if (!byMode) state.set(n.variable, (byMode = new Map()));
    byMode.set(n.mode, s);
  };
  const cycles: Node[][] = [];
  const stack: Node[] = [];

  // Only alias nodes can be on a cycle, so literal targets (most of a set) and aliases that did not
  // resolve (reported already) are not visited at all.
  const next = (n: Node): Node[] => {
    const target = targets.get(n.variable)?.get(n.mode);
    if (!target) return [];
    const byMode = targets.get(target);
    if (!byMode) return [];
    if (target.collection === n.variable.collection) return byMode.has(n.mode) ? [{ variable: target, mode: n.mode }] : [];
    const out: Node[] = [];
    for (const mode of modesOf.get(target.collection) ?? []) if (byMode.has(mode)) out.push({ variable: target, mode });
    return out;
  };

  // Iterative DFS: alias chains in large sets can be deep. `targets` holds the variables with aliases
  // in read order, so cycles are found (and reported) in the same order as before.
  for (const [v, aliased] of targets) {
    for (const mode of Object.keys(v.values)) {
      const target = aliased.get(mode);
      // An alias to a literal (most of them) starts no cycle; it is visited when reached, if ever.
      if (target === undefined || !targets.has(target)) continue;
      const startNode = { variable: v, mode };
      if (stateOf(startNode) !== undefined) continue;
      const work: { node: Node; children: Node[]; i: number }[] = [{ node: startNode, children: next(startNode), i: 0 }];
      setState(startNode, 1);
      stack.push(startNode);
      while (work.length > 0) {
        const top = work[work.length - 1]!;
        if (top.i < top.children.length) {
          const child = top.children[top.i++]!;
          const s = stateOf(child);
          if (s === undefined) {
            setState(child, 1);
            stack.push(child);
            work.push({ node: child, children: next(child), i: 0 });
          } else if (s === 1) {
            const from = stack.findIndex((x) => x.variable === child.variable && x.mode === child.mode);
            cycles.push(stack.slice(from));
          }
        } else {
          setState(top.node, 2);
          stack.pop();
          work.pop();
        }
      }
    }
  }
  return cycles;
}

/** A missing file is undefined; a folder, FIFO, device, loop or unreadable file is an error naming it (fs/read.ts). */
const readText = readTextFile;

/** `*.tokens.json` files under the tokens folder, relative with `/`, sorted. */
async function tokenFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true });
    return entries
      .map(String)
      .filter((e) => e.endsWith('.tokens.json'))
      .map((e) => e.split(path.sep).join('/'))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw fsError(err, dir, 'list');
  }
}

function parseOrReport(file: string, text: string, sources: TokenSources, problems: Problem[]): unknown {
  try {
    if (tooDeep(text)) throw new SyntaxError('too deep');
    const json: unknown = JSON.parse(text);
    sources.files.set(file, { text, json });
    return json;
  } catch {
    sources.files.set(file, { text, json: undefined });
    problems.push({ severity: 'error', file, offset: -1, message: 'invalid JSON', hint: 'Fix the JSON syntax at that position.' });
    return undefined;
  }
}

/** Like parseOrReport, for a token file: in written key order; its JSON.parse result on first use. */
function parseTokenFile(file: string, text: string, sources: TokenSources, problems: Problem[]): WrittenOrder | undefined {
  let parsed: WrittenOrder;
  try {
    if (tooDeep(text)) throw new SyntaxError('too deep');
    parsed = parseInWrittenOrder(text);
  } catch {
    sources.files.set(file, { text, json: undefined });
    problems.push({ severity: 'error', file, offset: -1, message: 'invalid JSON', hint: 'Fix the JSON syntax at that position.' });
    return undefined;
  }
  if (parsed.mark < 0) {
    sources.files.set(file, { text, json: parsed.json });
  } else {
    // Nothing on the check path reads it; a later write may (TokenSources is public).
    let json: unknown;
    sources.files.set(file, {
      text,
      get json() {
        return (json ??= JSON.parse(text) as unknown);
      },
    });
  }
  return parsed;
}

/** Problems to sorted diagnostics; positions are computed here, only for files that have problems. */
async function toDiagnostics(problems: Problem[], sources: TokenSources, _dir: string, displayDir: string): Promise<Diagnostic[]> {
  if (problems.length === 0) return [];
  const trees = new Map<string, ReturnType<typeof parseJsonTree> | undefined>();
  const out: Diagnostic[] = [];
  for (const p of problems) {
    const text = sources.files.get(p.file)?.text ?? '';
    let offset = p.offset ?? 0;
    let message = p.message;
    if (p.offset === -1) {
      ({ offset, message } = findSyntaxError(text));
    } else if (p.jsonPath) {
      if (!trees.has(p.file)) {
        let tree: ReturnType<typeof parseJsonTree> | undefined;
        try {
          tree = parseJsonTree(text);
        } catch {
          tree = undefined;
        }
        trees.set(p.file, tree);
      }
      const tree = trees.get(p.file);
      offset = tree ? locate(tree, p.jsonPath, p.at ?? 'value') : 0;
    }
    const { line, column } = lineColumn(text, offset);
    out.push({
      severity: p.severity,
      file: displayDir === '.' ? p.file : `${displayDir}/${p.file}`,
      line,
      column,
      ...(p.tokenPath !== undefined ? { tokenPath: p.tokenPath } : {}),
      message,
      hint: p.hint,
    });
  }
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}
